import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { ApiError, errorText } from './api-error';

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
