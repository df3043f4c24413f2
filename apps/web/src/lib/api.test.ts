import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, openStream } from './api';
import { ApiError, errorText } from './api-error';
import { newIdempotencyKey } from './idempotency-key';
import { loadLanguage } from './i18n';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => localStorage.clear());

describe('api', () => {
  it('sends the stored token, normalised, as a Bearer header', async () => {
    localStorage.setItem('token', '"Bearer tok-9"');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { success: true }));
    await api('me');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-9');
  });

  it('sends the interface language as Accept-Language, so server messages follow it', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse(200, { success: true })));
    await api('me');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('es');
    await loadLanguage('de');
    try {
      await api('me');
      expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Accept-Language')).toBe('de');
    } finally {
      await loadLanguage('es');
    }
  });

  it('sends no Authorization header without a token and posts JSON bodies', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, { success: true }));
    await api('register', { body: { email: 'a@b.co' } as never });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(path).toBe('/api/register');
    expect(init?.method).toBe('POST');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"email":"a@b.co"}');
  });

  it('turns { success: false, message } into an ApiError with the message and status', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(409, { success: false, message: 'Este nombre de usuario ya está en uso.' }),
    );
    const error = await api('register', { body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('Este nombre de usuario ya está en uso.');
    expect(errorText(error, 'otro')).toBe('Este nombre de usuario ya está en uso.');
  });

  it('fails without a server message when the body is not JSON or the network is down', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    const badGateway = await api('me').catch((e: unknown) => e);
    expect((badGateway as ApiError).status).toBe(502);
    expect(errorText(badGateway, 'Texto de respaldo')).toBe('Texto de respaldo');

    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await api('me').catch((e: unknown) => e);
    expect((offline as ApiError).status).toBe(0);
  });
});

describe('api: addresses from the route table', () => {
  const called = (fetchMock: { mock: { calls: Array<[RequestInfo | URL, RequestInit?]> } }) =>
    fetchMock.mock.calls.map(([path, init]) => `${init?.method} ${String(path)}`);

  it('puts each path parameter into the path, percent-encoded, with the method of the route', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { success: true }));
    await api('profile', { params: { username: 'ana/b c?' } });
    await api('unfollow', { params: { username: 'ana' } });
    await api('updatePersonalInfoUnprefixed', { body: { username: 'ana', email: 'a@b.co', dob: '2000-01-01' } });
    expect(called(fetchMock)).toEqual(['GET /api/profile/ana%2Fb%20c%3F', 'DELETE /api/follow/ana', 'PUT /user/personal-info']);
  });

  it("writes the query in its object's order, leaving out undefined, arrays as repeated keys", async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { success: true }));
    await api('comments', { params: { id: 'p1' }, query: { sort: 'recent', threaded: '1', cursor: undefined } });
    await api('feed', { query: { cursor: undefined } });
    await api('peopleSearch', { query: { q: 'ana & bea', limit: 8 } });
    await api('search', { query: { query: 'playa', tag: ['sol', 'mar'] } as never });
    expect(called(fetchMock)).toEqual([
      'GET /api/posts/p1/comments?sort=recent&threaded=1',
      'GET /api/feed',
      'GET /api/users/search?q=ana%20%26%20bea&limit=8',
      'GET /api/search?query=playa&tag=sol&tag=mar',
    ]);
  });

  it('sends FormData as multipart (no JSON header) and passes the abort signal on', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(200, { success: true, profilePictureUrl: '/media/a.jpg' }));
    const form = new FormData();
    form.append('profilePicture', new Blob(['x'], { type: 'image/jpeg' }), 'profile.jpg');
    const controller = new AbortController();
    await api('updateProfilePicture', { body: form }, { signal: controller.signal });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    expect(init?.signal).toBe(controller.signal);
  });

  it('sends no token when told so, and a given token instead of the stored one', async () => {
    localStorage.setItem('token', 'stored');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { success: true }));
    await api('login', { body: { email: 'a@b.co', password: 'secreto' } }, { token: null });
    await api('me', undefined, { token: 'given' });
    const auth = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(auth).toEqual([null, 'Bearer given']);
  });

  it('opens the live stream at its route with the token in a header, never in the address', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 200 }));
    await openStream('live', { token: 'tok-1' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/live');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(new Headers(init?.headers).get('Accept')).toBe('text/event-stream');
    // Open for the whole visit: below the page's own requests, not one a load waits for.
    expect(init?.priority).toBe('low');
  });
});

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the upload and the answer. */
class FakeUpload {
  static last: FakeUpload | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;

  constructor() {
    FakeUpload.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
    this.onloadend?.();
  }
}

describe('api: uploads with progress', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeUpload.last = null;
  });

  const form = () => {
    const body = new FormData();
    body.append('media', new Blob(['x'], { type: 'image/jpeg' }), 'foto.jpg');
    return body;
  };

  it('posts the form with the stored token, reports whole percents and resolves with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    localStorage.setItem('token', 'tok-9');
    const percents: number[] = [];
    const body = form();
    const answer = api('createStory', { body }, { onUploadProgress: (percent) => percents.push(percent) });
    const request = FakeUpload.last!;
    expect([request.method, request.url, request.headers.Authorization, request.body]).toEqual(['POST', '/api/stories', 'Bearer tok-9', body]);
    expect(request.headers['Content-Type']).toBeUndefined();
    request.progress(1, 3);
    request.progress(3, 3);
    request.answer(201, { success: true, message: 'Historia subida.', story: { id: 's1' } });
    await expect(answer).resolves.toEqual({ success: true, message: 'Historia subida.', story: { id: 's1' } });
    expect(percents).toEqual([33, 100]);
  });

  it("fails like any call: the server's message and status, or status 0 offline", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const refused = api('createPost', { body: form() }, { onUploadProgress: () => undefined });
    FakeUpload.last!.answer(413, { success: false, message: 'El archivo es demasiado grande.' });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, errorText(error, 'otro')]).toEqual([413, 'El archivo es demasiado grande.']);

    const notDone = api('createPost', { body: form() }, { onUploadProgress: () => undefined });
    FakeUpload.last!.answer(200, { success: false, message: 'No se pudo guardar.' });
    expect(((await notDone.catch((e: unknown) => e)) as ApiError).serverMessage).toBe('No se pudo guardar.');

    const offline = api('createPost', { body: form() }, { onUploadProgress: () => undefined });
    FakeUpload.last!.onerror?.();
    expect(((await offline.catch((e: unknown) => e)) as ApiError).status).toBe(0);
  });

  it('stops the upload when its signal aborts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const controller = new AbortController();
    const upload = api('createPost', { body: form() }, { signal: controller.signal, onUploadProgress: () => undefined });
    controller.abort();
    expect(FakeUpload.last!.aborted).toBe(true);
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api with an idempotency key', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the key and sends again, with the same key, while no answer comes, then takes the answer', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(503, { success: false, message: 'Servicio no disponible' }))
      .mockResolvedValueOnce(jsonResponse(200, { success: true, message: { id: 'm1' } }));
    const answer = api('sendMessage', { params: { username: 'bea' }, body: { text: 'hola' } }, { idempotencyKey: 'k'.repeat(32) });
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toMatchObject({ success: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('k'.repeat(32));
  });

  it('gives up after four attempts, and never repeats an answered refusal or a call without a key', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(jsonResponse(502, { success: false })));
    const answer = api('sendMessage', { params: { username: 'bea' }, body: { text: 'hola' } }, { idempotencyKey: 'k'.repeat(32) });
    const settled = expect(answer).rejects.toMatchObject({ status: 502 });
    await vi.runAllTimersAsync();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(4);

    fetchMock.mockClear();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(400, { success: false, message: 'El mensaje no puede estar vacío.' })));
    await expect(api('sendMessage', { params: { username: 'bea' }, body: { text: ' ' } }, { idempotencyKey: 'k'.repeat(32) })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockClear();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(503, { success: false })));
    await expect(api('sendMessage', { params: { username: 'bea' }, body: { text: 'hola' } })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Idempotency-Key')).toBe(false);
  });

  it('stops waiting to retry when the call is cancelled', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const controller = new AbortController();
    const answer = api('sendMessage', { params: { username: 'bea' }, body: { text: 'hola' } }, { idempotencyKey: 'k'.repeat(32), signal: controller.signal });
    const settled = expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('newIdempotencyKey', () => {
  it('writes 16 random bytes as 32 hex digits, a new one each time', () => {
    const key = newIdempotencyKey((length) => new Uint8Array(length).fill(171));
    expect(key).toBe('ab'.repeat(16));
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
