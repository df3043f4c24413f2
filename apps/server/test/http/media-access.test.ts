import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_DECISION_TTL_MS } from '../../src/access/media-access.js';
import { createUser, mediaCookieOf, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  owner = await createUser(t);
  follower = await createUser(t);
  stranger = await createUser(t);
  await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token });
});
afterAll(() => t.close());

async function publish(visibility: string, user = owner): Promise<string> {
  const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#884422' } }).jpeg().toBuffer();
  // Subscribers-only posts come from identity-verified accounts with the consent confirmed.
  if (visibility === 'subscribers') await t.db.updateTable('users').set({ identity_verified_at: t.clock.now() }).where('id', '=', user.id).execute();
  const body = multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: image }], { visibility, confirmConsent: 'true' });
  const response = await t.request({ method: 'POST', url: '/api/posts', token: user.token, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().slug as string;
}

async function imageUrl(slug: string, viewer: TestUser): Promise<string> {
  return (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: viewer.token })).json().post.image_url as string;
}

/** A media request as a browser sends it: no bearer token, the media cookie when it has one. */
const media = (url: string, viewer: TestUser | null, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers: { ...headers, ...(viewer ? { cookie: viewer.mediaCookie } : {}) } });

/** Lets every remembered decision run out, as minutes passing would. */
const forgetDecisions = () => t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);

describe('public media', () => {
  it('is served to anyone at a plain URL, cached for at most a day, with ranges and revalidation', async () => {
    const url = await imageUrl(await publish('public'), stranger);
    expect(url).toMatch(/^\/media\/u\/[a-z0-9]{20}\/full\.webp$/);
    const response = await media(url, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await media(url, null, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await media(url, null, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
  });

  it('stops being served once its post is deleted', async () => {
    const slug = await publish('public');
    const url = await imageUrl(slug, owner);
    expect((await media(url, null)).statusCode).toBe(200);
    const { id } = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: owner.token })).json().post;
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${id}`, token: owner.token })).statusCode).toBe(200);
    expect((await media(url, null)).statusCode).toBe(404);
  });
});

describe('followers-only media', () => {
  it('is served only to a viewer the rules admit at the time of the request, never by the link alone', async () => {
    const slug = await publish('followers');
    const url = await imageUrl(slug, follower);
    expect(url).toMatch(/^\/media\/r\/[a-z0-9]{20}\/full\.webp$/);

    const granted = await media(url, follower);
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['content-type']).toBe('image/webp');
    expect(granted.headers['cache-control']).toBe('private, max-age=300');
    expect((await media(url, follower, { range: 'bytes=0-9' })).statusCode).toBe(206);
    expect((await media(url, owner)).statusCode).toBe(200);

    // The same link, copied to someone else or opened signed out, finds nothing.
    expect((await media(url, stranger)).statusCode).toBe(404);
    expect((await media(url, null)).statusCode).toBe(404);
    expect((await media(url, { ...stranger, mediaCookie: follower.mediaCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode).toBe(404);

    // An ex-follower loses the file as well as the post, without any link changing.
    await t.request({ method: 'DELETE', url: `/api/follow/${owner.username}`, token: follower.token });
    forgetDecisions();
    expect((await media(url, follower)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: follower.token })).statusCode).toBe(404);
    await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token });
    forgetDecisions();
    expect((await media(url, follower)).statusCode).toBe(200);
  });

  it('ends with the session: a logged-out cookie opens nothing', async () => {
    const url = await imageUrl(await publish('followers'), follower);
    const other = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: other.token });
    expect((await media(url, other)).statusCode).toBe(200);
    const logout = await t.request({ method: 'POST', url: '/api/logout', token: other.token, headers: { cookie: other.mediaCookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((cookie) => cookie.name === 'wag_media')?.value).toBe('');
    forgetDecisions();
    expect((await media(url, other)).statusCode).toBe(404);
  });
});

describe('VIP media', () => {
  it('goes to its owner and to nobody else', async () => {
    const slug = await publish('subscribers');
    const ownUrl = await imageUrl(slug, owner);
    expect(ownUrl).toMatch(/^\/media\/r\//);
    expect((await media(ownUrl, owner)).statusCode).toBe(200);
    for (const viewer of [follower, stranger, null]) expect((await media(ownUrl, viewer)).statusCode).toBe(404);
    const locked = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: follower.token })).json().post;
    expect(locked.locked).toBe(true);
    expect(JSON.stringify(locked)).not.toContain('/media/');
  });
});

describe('stories', () => {
  it('stop serving their files when the 24 hours end, with no write, and stay in the owner archive', async () => {
    const image = await sharp({ create: { width: 200, height: 356, channels: 3, background: '#224488' } }).png().toBuffer();
    const body = multipart([{ field: 'media', filename: 's.png', contentType: 'image/png', data: image }], { audience: 'public' });
    expect((await t.request({ method: 'POST', url: '/api/stories', token: owner.token, ...body })).statusCode).toBe(201);
    const story = (await t.request({ method: 'GET', url: `/api/stories/active/${owner.username}` })).json().stories.at(-1);
    const url = story.media[0].url as string;
    const first = await media(url, null);
    expect(first.statusCode).toBe(200);
    // Shared caches may keep it no longer than the story lives.
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeGreaterThan(23 * 3600);
    expect(maxAge).toBeLessThanOrEqual(24 * 3600);

    t.clock.advance(24 * HOUR + 1000);
    expect((await media(url, null)).statusCode).toBe(404);
    expect((await media(url, stranger)).statusCode).toBe(404);
    expect((await media(url, owner)).statusCode).toBe(200);
  });
});

describe('media paths', () => {
  /** Requests sent exactly as written (as `curl --path-as-is` does), through a real socket. */
  async function rawGet(base: string, pathAsIs: string, cookie?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${base}/`, { method: 'GET', path: pathAsIs, headers: cookie ? { cookie } : {} }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('answers only the exact /media/<u|r>/<folder>/<file> form, for every other spelling of a private file 404', async () => {
    const url = await imageUrl(await publish('followers'), follower);
    const rest = url.slice('/media/'.length);
    const [kind, folder, file] = rest.split('/') as [string, string, string];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(await rawGet(base, url, follower.mediaCookie)).toBe(200);
    const spellings = [
      `/media//${rest}`,
      `/media/./${rest}`,
      `/media/${kind}//${folder}/${file}`,
      `/media/${kind}/./${folder}/${file}`,
      `/media/${kind}/${folder}/./${file}`,
      `/media/u/../${rest}`,
      `/media/${kind}/${folder}/../${folder}/${file}`,
      `/media/${kind}%2F${folder}/${file}`,
      `/media/${kind}/${folder}%2F${file}`,
      `/media/%72/${folder}/${file}`,
      `/media/${kind.toUpperCase()}/${folder}/${file}`,
      `/media/${kind}/${folder}/${file}/`,
      `/media/${kind}/${folder}`,
      `/media/${kind}/${folder}/`,
      `/media/${kind}/${folder}/.${file}`,
    ];
    for (const spelling of spellings) {
      expect({ spelling, guest: await rawGet(base, spelling) }).toEqual({ spelling, guest: 404 });
      expect({ spelling, stranger: await rawGet(base, spelling, stranger.mediaCookie) }).toEqual({ spelling, stranger: 404 });
    }
  });
});

describe('the media cookie', () => {
  it('is set HttpOnly for /media at login, kept in step by API calls and cleared for a guest', async () => {
    const user = await createUser(t);
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    const cookie = login.cookies.find((item) => item.name === 'wag_media');
    expect(cookie).toMatchObject({ path: '/media', httpOnly: true, sameSite: 'Lax' });
    // A call with the token and no cookie (a browser that lost it) gets it back; with it, nothing is set.
    const again = await t.request({ method: 'GET', url: '/api/me', token: user.token });
    expect(mediaCookieOf(again)).toBe(user.mediaCookie);
    const inStep = await t.request({ method: 'GET', url: '/api/me', token: user.token, headers: { cookie: user.mediaCookie } });
    expect(mediaCookieOf(inStep)).toBe('');
    // A guest call carrying someone's cookie (signed out in another tab) clears it.
    const guest = await t.request({ method: 'GET', url: '/api/feed', headers: { cookie: user.mediaCookie } });
    expect(guest.cookies.find((item) => item.name === 'wag_media')?.value).toBe('');
  });
});
