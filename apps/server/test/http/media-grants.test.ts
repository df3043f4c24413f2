import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

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

async function publish(visibility: string): Promise<string> {
  const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#884422' } }).jpeg().toBuffer();
  const body = multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: image }], { visibility });
  const response = await t.request({ method: 'POST', url: '/api/posts', token: owner.token, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().slug as string;
}

async function imageUrl(slug: string, viewer: TestUser): Promise<string> {
  return (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: viewer.token })).json().post.image_url as string;
}

describe('restricted media', () => {
  it('serves public media at a plain, immutable URL', async () => {
    const url = await imageUrl(await publish('public'), stranger);
    expect(url).toMatch(/^\/media\/u\/[a-z0-9]{20}\/full\.webp$/);
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves followers-only media only with a valid, unexpired grant', async () => {
    const slug = await publish('followers');
    const url = await imageUrl(slug, follower);
    expect(url).toMatch(/^\/media\/r\/[a-z0-9]{20}\/full\.webp\?exp=\d+&sig=[\w-]+$/);
    const granted = await t.request({ method: 'GET', url });
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['content-type']).toBe('image/webp');
    expect(granted.headers['cache-control']).toBe('private, max-age=3600');

    const [bare, query] = url.split('?') as [string, string];
    expect((await t.request({ method: 'GET', url: bare })).statusCode).toBe(404);
    const params = new URLSearchParams(query);
    const forged = `${bare}?exp=${Number(params.get('exp')) + 3600}&sig=${params.get('sig')}`;
    expect((await t.request({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherFile = `${bare.replace('full.webp', 'thumb.webp')}?${query}`;
    expect((await t.request({ method: 'GET', url: otherFile })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/media/u/../${bare.slice('/media/'.length)}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: bare.replace('/media/r/', '/media/u/') })).statusCode).toBe(404);

    // The grant ends: hours later the same URL is refused, and a fresh one is handed out.
    t.clock.advance(3 * 60 * 60 * 1000);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
    const fresh = await imageUrl(slug, follower);
    expect(fresh).not.toBe(url);
    expect((await t.request({ method: 'GET', url: fresh })).statusCode).toBe(200);

    // A stranger gets neither the post nor a grant.
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: stranger.token })).statusCode).toBe(404);
  });

  it('gives VIP media to its owner through grants and to nobody else', async () => {
    const slug = await publish('subscribers');
    const ownUrl = await imageUrl(slug, owner);
    expect(ownUrl).toMatch(/^\/media\/r\//);
    expect((await t.request({ method: 'GET', url: ownUrl })).statusCode).toBe(200);
    const locked = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: follower.token })).json().post;
    expect(locked.locked).toBe(true);
    expect(JSON.stringify(locked)).not.toContain('/media/');
  });
});
