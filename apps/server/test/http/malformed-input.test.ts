import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Malformed requests the server once answered with a 500: each must be a 4xx `{ success: false, message }`. */
let t: TestApp;
let user: TestUser;
let other: TestUser;
let postId: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  user = await createUser(t);
  other = await createUser(t);
  postId = (await insertPost(t, other.id)).id;
  // A conversation, so that its history reads the cursor.
  await t.request({ method: 'POST', url: `/api/follow/${other.username}`, token: user.token });
  await t.request({ method: 'POST', url: `/api/conversations/${other.username}/messages`, token: user.token, payload: { text: 'hola' } });
  // Noise, so that the compressed pixels are long enough to cut in the middle.
  const noise = Buffer.from(Array.from({ length: 96 * 96 * 3 }, (_, i) => (i * 7919) % 251));
  png = await sharp(noise, { raw: { width: 96, height: 96, channels: 3 } }).png().toBuffer();
});
afterAll(() => t.close());

function expectRefused(response: { statusCode: number; json(): unknown }, status: number, message: string, label = ''): void {
  expect(response.statusCode, label).toBe(status);
  expect(response.json(), label).toEqual({ success: false, message });
}

describe('text the database cannot store, in any string it would receive', () => {
  const NUL = 'a\u0000b';

  it('is refused in path parameters, queries and JSON bodies of every kind of call, before the route runs', async () => {
    const calls: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; guest?: boolean }> = [
      { method: 'GET', url: '/api/profile/a%00b', guest: true },
      { method: 'GET', url: '/api/users/a%00b/followers' },
      { method: 'GET', url: `/api/users/${other.username}/followers?q=a%00b` },
      { method: 'GET', url: '/api/stories/active/a%00b' },
      { method: 'GET', url: '/api/search?query=a%00b', guest: true },
      { method: 'GET', url: '/api/users/search?q=a%00b' },
      { method: 'GET', url: '/api/conversations?query=a%00b' },
      { method: 'GET', url: '/api/posts?user_username=a%00b' },
      { method: 'POST', url: '/follow/a%00b' },
      { method: 'DELETE', url: '/follow/a%00b' },
      { method: 'POST', url: '/api/conversations/a%00b/read' },
      { method: 'POST', url: `/api/posts/${postId}/comments`, payload: { text: NUL } },
      { method: 'POST', url: `/api/conversations/${other.username}/messages`, payload: { text: NUL } },
      { method: 'PUT', url: '/api/user/profile-details', payload: { fullName: 'Ana', bio: NUL } },
      { method: 'PUT', url: '/user/personal-info', payload: { fullName: NUL } },
      { method: 'POST', url: '/api/story-groups', payload: { name: NUL } },
      { method: 'POST', url: `/api/stories/${randomUUID()}/reply`, payload: { text: NUL } },
      { method: 'POST', url: '/api/notifications/read', payload: { ids: ['x', NUL] } },
      { method: 'POST', url: '/api/login', payload: { email: NUL, password: 'x' }, guest: true },
      // Deep inside a key the schema would drop: refused all the same, and walked without recursion.
      { method: 'POST', url: '/api/story-groups', payload: { name: 'Viajes', extra: [[[{ [NUL]: 1 }]]] } },
    ];
    for (const call of calls) {
      const response = await t.request({ method: call.method, url: call.url, payload: call.payload, token: call.guest ? undefined : user.token });
      expectRefused(response, 400, messages.forbiddenCharacters, `${call.method} ${call.url}`);
    }
  });

  it('is refused in the text fields of an upload', async () => {
    for (const fields of [{ description: NUL }, { tags: `viaje,${NUL}` }, { tags: '["viaje", "a\\u0000b"]' }] as Array<Record<string, string>>) {
      const response = await t.request({ method: 'POST', url: '/api/posts', token: user.token, ...multipart([{ field: 'media', filename: 'a.png', contentType: 'image/png', data: png }], fields) });
      expectRefused(response, 400, messages.forbiddenCharacters, JSON.stringify(fields));
    }
  });

  it('a lone surrogate (not Unicode text) is refused too, wherever it sits in the string', async () => {
    // Found by the fuzz test: after a non-ASCII letter, the embedded database's driver sent broken UTF-8.
    for (const fullName of ['aé\udc61', '\ud800', 'x\udfffy']) {
      const response = await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { fullName } });
      expectRefused(response, 400, messages.forbiddenCharacters, JSON.stringify(fullName));
    }
    const tags = await t.request({ method: 'POST', url: '/api/posts', token: user.token, ...multipart([{ field: 'media', filename: 'a.png', contentType: 'image/png', data: png }], { tags: '["ñu\\ud800"]' }) });
    expectRefused(tags, 400, messages.forbiddenCharacters, 'tags');
    // A surrogate pair is a character like any other.
    expect((await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { fullName: 'Ana 🌊' } })).statusCode).toBe(200);
  });

  it('a nesting deeper than any stack is walked without overflowing', async () => {
    const depth = 200_000;
    const response = await t.request({ method: 'POST', url: '/api/story-groups', token: user.token, headers: { 'content-type': 'application/json' }, payload: `{"name":"x","deep":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}` });
    expectRefused(response, 400, messages.forbiddenCharacters);
  });
});

describe('cursors out of range', () => {
  const cursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const impossible = cursor(['2020-99-99T99:99:99Z', randomUUID()]);

  it('are a 400 on every cursor-paged list', async () => {
    const lists = [
      `/api/users/${other.username}/posts`,
      `/api/users/${other.username}/followers`,
      `/api/users/${other.username}/following`,
      `/api/users/${other.username}/quickys`,
      `/api/posts?user_username=${other.username}`,
      `/api/posts/${postId}/comments`,
      '/api/saved',
      '/api/feed',
      '/api/quickys',
      '/api/notifications',
      '/api/conversations',
      `/api/conversations/${other.username}/messages`,
      '/api/message-requests',
    ];
    for (const list of lists) {
      const url = `${list}${list.includes('?') ? '&' : '?'}cursor=${impossible}`;
      expectRefused(await t.request({ method: 'GET', url, token: user.token }), 400, messages.badCursor, url);
    }
  });

  it('are judged as calendar dates: no 30 February, no hour 24, no offset beyond ±15:59, no year 0', async () => {
    for (const at of ['2026-02-30 12:00:00+00', '2026-11-22 24:00:00+00', '2026-11-22 12:00:00+16', '0000-01-01 00:00:00+00', '2026-13-01 00:00:00+00']) {
      expectRefused(await t.request({ method: 'GET', url: `/api/feed?cursor=${cursor([at, randomUUID()])}`, token: user.token }), 400, messages.badCursor, at);
    }
    for (const at of ['2024-02-29 23:59:59.999999+00', '2026-11-22 12:00:00+05:30', '0001-01-01 00:00:00+15:59', '9999-12-31 23:59:59-15', '2026-11-22T12:00:00Z']) {
      expect((await t.request({ method: 'GET', url: `/api/feed?cursor=${cursor([at, randomUUID()])}`, token: user.token })).statusCode, at).toBe(200);
    }
  });

  it('are a 400 in search, in each order', async () => {
    for (const [sort, parts] of [
      ['&sort=relevance', ['relevance', '0.06', '2020-99-99T99:99:99Z', randomUUID()]],
      ['&sort=recent', ['recent', '2026-02-30 00:00:00+00', randomUUID()]],
      ['&sort=popular', ['popular', '3', '2026-11-22 25:00:00+00', randomUUID()]],
    ] as const) {
      const url = `/api/search?query=playa${sort}&cursor=${cursor([...parts])}`;
      expectRefused(await t.request({ method: 'GET', url }), 400, messages.badCursor, url);
    }
  });

  it('with a relevance rank a real cannot hold (overflow or underflow) are a 400; any real passes', async () => {
    const at = '2026-11-22 12:00:00+00';
    for (const rank of ['1e308', '-3.5e38', '1e-50']) {
      const url = `/api/search?query=playa&sort=relevance&cursor=${cursor(['relevance', rank, at, randomUUID()])}`;
      expectRefused(await t.request({ method: 'GET', url }), 400, messages.badCursor, rank);
    }
    for (const rank of ['0.0607927', '3.4028235e38', '1e-45', '0']) {
      const url = `/api/search?query=playa&sort=relevance&cursor=${cursor(['relevance', rank, at, randomUUID()])}`;
      expect((await t.request({ method: 'GET', url })).statusCode, rank).toBe(200);
    }
  });
});

describe('a multipart body that cannot be parsed', () => {
  const uploads = [
    { method: 'POST' as const, url: '/api/posts', field: 'media' },
    { method: 'POST' as const, url: '/api/stories', field: 'media' },
    { method: 'PUT' as const, url: '/api/user/profile-picture', field: 'profilePicture' },
  ];

  it('without a boundary is a 400 on each upload call', async () => {
    for (const upload of uploads) {
      const body = multipart([{ field: upload.field, filename: 'a.png', contentType: 'image/png', data: png }]);
      const response = await t.request({ method: upload.method, url: upload.url, token: user.token, payload: body.payload, headers: { 'content-type': 'multipart/form-data' } });
      expectRefused(response, 400, messages.uploadMalformed, upload.url);
    }
  });

  it('with a boundary longer than the parser takes is a 400', async () => {
    const boundary = 'b'.repeat(300);
    for (const upload of uploads) {
      const payload = `--${boundary}\r\nContent-Disposition: form-data; name="${upload.field}"; filename="a.png"\r\n\r\nx\r\n--${boundary}--\r\n`;
      const response = await t.request({ method: upload.method, url: upload.url, token: user.token, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expectRefused(response, 400, messages.uploadMalformed, upload.url);
    }
  });

  it('never terminated is a 400 on each upload call', async () => {
    for (const upload of uploads) {
      const body = multipart([{ field: upload.field, filename: 'a.png', contentType: 'image/png', data: png }]);
      // Cut inside the file: the closing boundary never comes.
      const payload = body.payload.subarray(0, body.payload.length - 200);
      const response = await t.request({ method: upload.method, url: upload.url, token: user.token, payload, headers: body.headers });
      expectRefused(response, 400, messages.uploadMalformed, upload.url);
    }
  });

  it('with more parts than allowed is a 413', async () => {
    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']));
    for (const upload of uploads) {
      const response = await t.request({ method: upload.method, url: upload.url, token: user.token, ...multipart([], fields) });
      expect(response.statusCode, upload.url).toBe(413);
      expect(response.json()).toMatchObject({ success: false });
    }
  });
});

describe('media that passes detection but cannot be decoded', () => {
  it('a truncated PNG is a 400 with the upload’s message as a story, a post and a profile picture', async () => {
    const truncated = png.subarray(0, Math.floor(png.length * 0.6));
    // The header is whole: detection takes it for an image; only decoding finds the cut.
    expect((await sharp(truncated).metadata()).format).toBe('png');
    const file = (field: string) => multipart([{ field, filename: 'a.png', contentType: 'image/png', data: truncated }]);
    expectRefused(await t.request({ method: 'POST', url: '/api/stories', token: user.token, ...file('media') }), 400, messages.storyFileType, 'story');
    expectRefused(await t.request({ method: 'POST', url: '/api/posts', token: user.token, ...file('media') }), 400, messages.uploadInvalidType, 'post');
    expectRefused(await t.request({ method: 'PUT', url: '/api/user/profile-picture', token: user.token, ...file('profilePicture') }), 400, messages.pictureInvalid, 'picture');
    // Nothing half-made is left: no story, no post.
    expect((await t.request({ method: 'GET', url: `/api/stories/has-active/${user.username}` })).json()).toEqual({ hasActive: false });
    expect((await t.db.selectFrom('posts').select('id').where('user_id', '=', user.id).execute()).length).toBe(0);
  });
});

describe('URLs the router cannot read', () => {
  it('a malformed percent-escape in a path is a 400 with a Spanish message', async () => {
    for (const url of ['/api/profile/%', '/api/profile/%zz', '/api/posts/%C0%80/stats', '/follow/%E2%82']) {
      const method = url.startsWith('/follow') ? 'POST' : 'GET';
      expectRefused(await t.request({ method, url, token: user.token }), 400, messages.badUrl, url);
    }
  });

  it('a path parameter longer than the router takes is a 414 with a Spanish message', async () => {
    expectRefused(await t.request({ method: 'GET', url: `/api/profile/${'x'.repeat(300)}` }), 414, messages.urlTooLong);
  });
});
