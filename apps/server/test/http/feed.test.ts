import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

type Page = { kind: string; items: Array<{ slug: string; locked: boolean; isLiked: boolean; image_url: string | null }>; nextCursor: string | null };

async function feed(user: TestUser | null, cursor?: string): Promise<Page> {
  const response = await t.request({ method: 'GET', url: `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token: user?.token });
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
}

describe('GET /api/feed', () => {
  it('gives the people you follow and your own posts, newest first, with audiences and keyset pages', async () => {
    const me = await createUser(t);
    const followed = await createUser(t);
    const other = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${followed.username}`, token: me.token });
    const expected: string[] = [];
    const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 0, minutes));
    // An old post of the followed person, long before anything else.
    expected.push((await insertPost(t, followed.id, { createdAt: new Date(Date.UTC(2020, 0, 1)) })).slug);
    for (let i = 0; i < 14; i += 1) expected.push((await insertPost(t, i % 2 ? followed.id : me.id, { createdAt: at(i) })).slug);
    const followersOnly = await insertPost(t, followed.id, { visibility: 'followers', createdAt: at(20) });
    const vip = await insertPost(t, followed.id, { postType: 'vip', createdAt: at(21) });
    await insertPost(t, other.id, { createdAt: at(22) });
    await insertPost(t, followed.id, { status: 'processing', createdAt: at(23) });
    expected.push(followersOnly.slug, vip.slug);

    const first = await feed(me);
    expect(first.kind).toBe('following');
    expect(first.items).toHaveLength(12);
    const second = await feed(me, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const slugs = [...first.items, ...second.items].map((item) => item.slug);
    expect(slugs).toEqual([...expected].reverse());
    const vipItem = first.items.find((item) => item.slug === vip.slug)!;
    expect(vipItem.locked).toBe(true);
    expect(vipItem.image_url).toBeNull();
  });

  it('marks what you liked', async () => {
    const me = await createUser(t);
    const followed = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${followed.username}`, token: me.token });
    const post = await insertPost(t, followed.id);
    await t.request({ method: 'POST', url: `/api/posts/${post.id}/like`, token: me.token });
    const page = await feed(me);
    expect(page.items.find((item) => item.slug === post.slug)?.isLiked).toBe(true);
  });

  it('gives guests and people who follow nobody a discovery feed of public posts, never an empty page', async () => {
    const author = await createUser(t);
    const visible = await insertPost(t, author.id, { createdAt: new Date(Date.UTC(2027, 0, 1)) });
    const hidden = await insertPost(t, author.id, { visibility: 'followers', createdAt: new Date(Date.UTC(2027, 0, 2)) });
    const loner = await createUser(t);
    for (const viewer of [null, loner]) {
      const page = await feed(viewer);
      expect(page.kind).toBe('discovery');
      const slugs = page.items.map((item) => item.slug);
      expect(slugs[0]).toBe(visible.slug);
      expect(slugs).not.toContain(hidden.slug);
    }
  });

  it('refuses a forged cursor', async () => {
    expect((await t.request({ method: 'GET', url: '/api/feed?cursor=nope' })).statusCode).toBe(400);
  });
});

describe('saved posts', () => {
  it('saves idempotently, lists newest saves first, shows isSaved, and drops posts you may no longer see', async () => {
    const me = await createUser(t);
    const author = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${author.username}`, token: me.token });
    const open = await insertPost(t, author.id);
    const private_ = await insertPost(t, author.id, { visibility: 'followers' });
    expect((await t.request({ method: 'POST', url: `/api/posts/${open.id}/save`, token: me.token })).json()).toEqual({ success: true, isSaved: true });
    expect((await t.request({ method: 'POST', url: `/api/posts/${open.id}/save`, token: me.token })).statusCode).toBe(200);
    t.clock.advance(1000);
    await t.request({ method: 'POST', url: `/api/posts/${private_.id}/save`, token: me.token });

    const list = (await t.request({ method: 'GET', url: '/api/saved', token: me.token })).json() as { items: Array<{ slug: string; isSaved: boolean }> };
    expect(list.items.map((item) => item.slug)).toEqual([private_.slug, open.slug]);
    expect(list.items.every((item) => item.isSaved)).toBe(true);
    const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${open.slug}`, token: me.token })).json().post;
    expect(post.isSaved).toBe(true);

    // After unfollowing, the followers-only post is no longer listed.
    await t.request({ method: 'DELETE', url: `/api/follow/${author.username}`, token: me.token });
    const after = (await t.request({ method: 'GET', url: '/api/saved', token: me.token })).json() as { items: Array<{ slug: string }> };
    expect(after.items.map((item) => item.slug)).toEqual([open.slug]);

    expect((await t.request({ method: 'DELETE', url: `/api/posts/${open.id}/save`, token: me.token })).json()).toEqual({ success: true, isSaved: false });
    expect((await t.request({ method: 'GET', url: '/api/saved', token: me.token })).json().items).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/saved' })).statusCode).toBe(401);
    const stranger = await createUser(t);
    expect((await t.request({ method: 'POST', url: `/api/posts/${private_.id}/save`, token: stranger.token })).statusCode).toBe(404);
  });
});
