import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rankForYou } from '../../src/services/for-you-ranking.js';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost, type TestPostInput } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// 'Para ti' ranks every quicky of the database: each test gets a database of its own.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ mediaWorker: false });
});
afterEach(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Item = { id: string; slug: string; user: { username: string }; likes: number; isLiked: boolean; locked: boolean };
type Page = { items: Item[]; nextCursor: string | null };

async function forYou(user: TestUser | null, cursor?: string) {
  return t.request({ method: 'GET', url: `/api/feed/for-you${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token: user?.token });
}

async function page(user: TestUser | null, cursor?: string): Promise<Page> {
  const response = await forYou(user, cursor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/** Every page of one ranking, from a fresh first page to the end. */
async function allPages(user: TestUser | null, between?: (index: number) => Promise<void>): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let index = 0; index < 50; index += 1) {
    const next = await page(user, cursor);
    items.push(...next.items);
    if (!next.nextCursor) return items;
    cursor = next.nextCursor;
    await between?.(index);
  }
  throw new Error('too many pages');
}

const view = (user: TestUser | null, id: string, body?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/posts/${id}/view`, token: user?.token, ...(body === undefined ? {} : { payload: body }) });

interface Counts {
  likes?: number;
  comments?: number;
  completed?: number;
}

/** A ready public quicky `hoursOld` hours old with these counters. */
async function quicky(author: TestUser, hoursOld: number, counts: Counts = {}, input: TestPostInput = {}) {
  const post = await insertPost(t, author.id, { postType: 'quicky', createdAt: new Date(t.clock.now().getTime() - hoursOld * HOUR), ...input });
  await t.db
    .updateTable('posts')
    .set({ likes_count: counts.likes ?? 0, comments_count: counts.comments ?? 0, completed_views_count: counts.completed ?? 0 })
    .where('id', '=', post.id)
    .execute();
  return post;
}

const follow = (who: TestUser, other: TestUser) => t.request({ method: 'POST', url: `/api/follow/${other.username}`, token: who.token });

/** The ranking the pure function gives for the database's ready public quickys as `viewer` sees them. */
async function expectedOrder(viewer: TestUser): Promise<string[]> {
  const rows = await t.db
    .selectFrom('posts')
    .select(['id', 'user_id', 'created_at', 'likes_count', 'comments_count', 'completed_views_count'])
    .where('post_type', '=', 'quicky')
    .where('status', '=', 'ready')
    .where('user_id', '<>', viewer.id)
    .execute();
  const followed = new Set((await t.db.selectFrom('follows').select('followee_id').where('follower_id', '=', viewer.id).execute()).map((row) => row.followee_id));
  return rankForYou(
    rows.map((row) => ({
      id: row.id,
      authorId: row.user_id,
      createdAt: new Date(row.created_at),
      likes: row.likes_count,
      comments: row.comments_count,
      completedViews: row.completed_views_count,
      followed: followed.has(row.user_id),
      seenAt: null,
    })),
    t.clock.now(),
  );
}

describe('GET /api/feed/for-you', () => {
  it('ranks by engagement with decay, freshness and a boost for followed authors, in stable pages that never repeat', async () => {
    const viewer = await createUser(t);
    const authors = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    const [a, b, c, d, e] = authors as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await follow(viewer, c);
    const hot = await quicky(a, 20, { likes: 40, comments: 5, completed: 10 });
    const brandNew = await quicky(b, 0);
    const oldAndQuiet = await quicky(d, 120, { likes: 3 });
    const friend = await quicky(c, 30, { likes: 5 });
    const stranger = await quicky(e, 30, { likes: 5 });
    const stale = await quicky(a, 24 * 30, { likes: 200, comments: 40 });
    // Filler: enough for three pages, from every author.
    for (let index = 0; index < 24; index += 1) await quicky(authors[index % 5]!, 2 + index * 7, { likes: index % 6, comments: index % 3 });
    // What the viewer may not be offered: their own, a photo post, one still processing.
    await quicky(viewer, 1, { likes: 99 });
    await insertPost(t, a.id, { postType: 'grid' });
    await quicky(b, 1, { likes: 99 }, { status: 'processing' });

    const expected = await expectedOrder(viewer);
    const first = await page(viewer);
    expect(first.items).toHaveLength(12);
    expect(first.items.map((item) => item.id)).toEqual(expected.slice(0, 12));
    const order = (id: string) => expected.indexOf(id);
    expect(order(hot.id)).toBe(0);
    expect(order(brandNew.id)).toBeLessThan(order(oldAndQuiet.id));
    expect(order(friend.id)).toBeLessThan(order(stranger.id));
    // A month-old hit has decayed below quicker, newer ones.
    expect(order(stale.id)).toBeGreaterThan(order(friend.id));

    // Likes and a new hot quicky arrive while the viewer scrolls: the pages keep the first order.
    const fans = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const last = expected.at(-1)!;
    for (const fan of fans) expect((await t.request({ method: 'POST', url: `/api/posts/${last}/like`, token: fan.token })).statusCode).toBe(200);
    const late = await quicky(d, 0, { likes: 500 });
    const second = await page(viewer, first.nextCursor!);
    const third = await page(viewer, second.nextCursor!);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(late.id);
    // Each page is read afresh: the likes given meanwhile show.
    expect(third.items.at(-1)).toMatchObject({ id: last, likes: expect.any(Number) });
    const likesNow = (await t.db.selectFrom('posts').select('likes_count').where('id', '=', last).executeTakeFirstOrThrow()).likes_count;
    expect(third.items.at(-1)!.likes).toBe(likesNow);

    // A new first page is a new ranking: the late hit leads it.
    expect((await page(viewer)).items[0]!.id).toBe(late.id);
  });

  it('leaves out for a day what the viewer had on screen, and offers it again after', async () => {
    const viewer = await createUser(t);
    const other = await createUser(t);
    const authors = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const posts = [];
    for (let index = 0; index < 6; index += 1) posts.push(await quicky(authors[index % 3]!, index + 1, { likes: 10 - index }));
    const [watched, opened, barely] = [posts[0]!, posts[1]!, posts[2]!];
    expect((await view(viewer, watched.id, { watchedMs: 5000 })).statusCode).toBe(200);
    // Opened without playing (no body) or played for a moment: not a view, but seen.
    expect((await view(viewer, opened.id)).statusCode).toBe(200);
    expect((await view(viewer, barely.id, { watchedMs: 100 })).statusCode).toBe(200);

    const seen = [watched.id, opened.id, barely.id];
    const mine = (await allPages(viewer)).map((item) => item.id);
    expect(mine).toHaveLength(3);
    for (const id of seen) expect(mine).not.toContain(id);
    // Someone else's history changes nothing for another viewer, nor for guests.
    expect((await allPages(other)).map((item) => item.id)).toEqual(expect.arrayContaining(seen));
    expect((await allPages(null)).map((item) => item.id)).toEqual(expect.arrayContaining(seen));

    t.clock.advance(DAY - 60_000);
    expect((await allPages(viewer)).map((item) => item.id)).not.toContain(watched.id);
    t.clock.advance(60_000);
    const later = (await allPages(viewer)).map((item) => item.id);
    expect(later).toEqual(expect.arrayContaining(seen));
    // Seeing it again starts the day again.
    await view(viewer, opened.id);
    expect((await allPages(viewer)).map((item) => item.id)).not.toContain(opened.id);
  });

  it('offers only quickys the viewer may open: no blocked, taken down, suspended, followers-only of strangers or locked VIP', async () => {
    const viewer = await createUser(t);
    const [friend, blocker, blockedByViewer, suspended, plain, vipCreator] = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await follow(viewer, friend!);
    const open = await quicky(plain!, 1, { likes: 1 });
    const friendsOnly = await quicky(friend!, 2, {}, { visibility: 'followers' });
    const strangersOnly = await quicky(plain!, 2, {}, { visibility: 'followers' });
    const fromBlocker = await quicky(blocker!, 3, { likes: 50 });
    const fromBlocked = await quicky(blockedByViewer!, 3, { likes: 50 });
    const fromSuspended = await quicky(suspended!, 3, { likes: 50 });
    const takenDown = await quicky(plain!, 3, { likes: 50 });
    const vip = await quicky(vipCreator!, 1, { likes: 80 }, { visibility: 'subscribers' });
    expect((await t.request({ method: 'POST', url: `/api/blocks/${viewer.username}`, token: blocker!.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/blocks/${blockedByViewer!.username}`, token: viewer.token })).statusCode).toBe(200);
    await t.db.updateTable('users').set({ suspended_until: new Date(t.clock.now().getTime() + DAY) }).where('id', '=', suspended!.id).execute();
    await t.db.updateTable('posts').set({ moderation: 'removed' }).where('id', '=', takenDown.id).execute();

    const ids = (await allPages(viewer)).map((item) => item.id);
    expect(ids.sort()).toEqual([open.id, friendsOnly.id].sort());
    expect(ids).not.toContain(strangersOnly.id);
    for (const hidden of [fromBlocker, fromBlocked, fromSuspended, takenDown, vip]) expect(ids).not.toContain(hidden.id);

    // A guest: public ones only (blocks are the viewer's own).
    const guest = await allPages(null);
    expect(guest.map((item) => item.id).sort()).toEqual([open.id, fromBlocker.id, fromBlocked.id].sort());
    expect(guest.every((item) => !item.locked)).toBe(true);

    // Blocked after the first page was read: later pages leave it out.
    const many = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    for (let index = 0; index < 16; index += 1) await quicky(many[index % 4]!, 5 + index, { likes: 20 - index });
    const first = await page(viewer);
    const expectedRest = await (async () => {
      const rest: string[] = [];
      let cursor = first.nextCursor;
      expect(cursor).not.toBeNull();
      // Peek with a second ranking of the same moment: the same order.
      const again = await page(viewer);
      expect(again.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
      while (cursor) {
        const next = await page(viewer, cursor);
        rest.push(...next.items.map((item) => item.user.username));
        cursor = next.nextCursor;
      }
      return rest;
    })();
    const victim = expectedRest[0]!;
    expect((await t.request({ method: 'POST', url: `/api/blocks/${victim}`, token: viewer.token })).statusCode).toBe(200);
    const second = await page(viewer, first.nextCursor!);
    expect(second.items.map((item) => item.user.username)).not.toContain(victim);
    expect(second.items.length).toBe(expectedRest.filter((name) => name !== victim).length);
  });

  it('never puts more than two quickys of one author in a row, and ends when only that author is left', async () => {
    const viewer = await createUser(t);
    const star = await createUser(t);
    const other = await createUser(t);
    const hits = [];
    for (let index = 0; index < 5; index += 1) hits.push(await quicky(star, 10, { likes: 100 - index }));
    const quiet = await quicky(other, 100, { likes: 1 });
    const names = (await allPages(viewer)).map((item) => (item.user.username === star.username ? 'S' : 'o'));
    expect(names.join('')).toBe('SSoSS');
    // The fifth is kept for a later ranking, not shown as a third in a row.
    expect((await allPages(viewer)).map((item) => item.id)).toEqual([hits[0]!.id, hits[1]!.id, quiet.id, hits[2]!.id, hits[3]!.id]);
  });

  it('works for guests, who share one ranking for a few minutes', async () => {
    const authors = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    for (let index = 0; index < 14; index += 1) await quicky(authors[index % 4]!, index + 1, { likes: 14 - index });
    const first = await page(null);
    expect(first.items).toHaveLength(12);
    expect(first.nextCursor).not.toBeNull();
    t.clock.advance(4 * 60_000);
    expect((await page(null)).nextCursor).toBe(first.nextCursor);
    const second = await page(null, first.nextCursor!);
    expect(second.items).toHaveLength(2);
    t.clock.advance(2 * 60_000);
    expect((await page(null)).nextCursor).not.toBe(first.nextCursor);
    // The first ranking's cursor still reads while it lasts.
    expect((await page(null, first.nextCursor!)).items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
  });

  it('refuses another viewer’s cursor, an expired one and a malformed one with a 400', async () => {
    const viewer = await createUser(t);
    const intruder = await createUser(t);
    const authors = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    for (let index = 0; index < 14; index += 1) await quicky(authors[index % 4]!, index + 1);
    const first = await page(viewer);
    const cursor = first.nextCursor!;
    for (const who of [intruder, null]) {
      const refused = await forYou(who, cursor);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message: 'Esta lista de Para ti ya no está disponible. Vuelve a cargarla.' });
    }
    const guestCursor = (await page(null)).nextCursor!;
    expect((await forYou(viewer, guestCursor)).statusCode).toBe(400);
    for (const garbage of ['nope', Buffer.from(JSON.stringify(['x', '12'])).toString('base64url'), Buffer.from(JSON.stringify([crypto.randomUUID(), '-1'])).toString('base64url')]) {
      const bad = await forYou(viewer, garbage);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: 'El cursor de la página no es válido.' });
    }
    expect((await page(viewer, cursor)).items).toHaveLength(2);
    t.clock.advance(2 * HOUR);
    expect((await forYou(viewer, cursor)).statusCode).toBe(400);
    expect((await page(viewer)).items).toHaveLength(12);
    // Expired rankings are removed when new ones are made.
    const left = await t.db.selectFrom('for_you_rankings').select('id').where('expires_at', '<=', t.clock.now()).execute();
    expect(left).toEqual([]);
  });
});

describe('POST /api/posts/{id}/view', () => {
  const counters = async (id: string) =>
    t.db.selectFrom('posts').select(['views_count', 'completed_views_count']).where('id', '=', id).executeTakeFirstOrThrow();

  it('counts a video once it has played min(3 s, half its length), once per viewer, and its completion at 90 %', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const other = await createUser(t);
    // The factory's quickys last 5 s: a view after 2.5 s, a completion after 4.5 s.
    const post = await quicky(owner, 1);
    expect((await view(fan, post.id)).json()).toEqual({ success: true, views: 0 });
    expect((await view(fan, post.id, {})).json()).toEqual({ success: true, views: 0 });
    expect((await view(fan, post.id, { watchedMs: 2499 })).json()).toEqual({ success: true, views: 0 });
    expect(await counters(post.id)).toEqual({ views_count: 0, completed_views_count: 0 });
    expect((await view(fan, post.id, { watchedMs: 2500 })).json()).toEqual({ success: true, views: 1 });
    expect((await view(fan, post.id, { watchedMs: 3000 })).json()).toEqual({ success: true, views: 1 });
    expect(await counters(post.id)).toEqual({ views_count: 1, completed_views_count: 0 });
    expect((await view(fan, post.id, { watchedMs: 4500 })).json()).toEqual({ success: true, views: 1 });
    expect((await view(fan, post.id, { watchedMs: 9000 })).json()).toEqual({ success: true, views: 1 });
    expect(await counters(post.id)).toEqual({ views_count: 1, completed_views_count: 1 });
    // A first call that completes counts the view too; guests and the owner never count.
    expect((await view(other, post.id, { watchedMs: 5000.4 })).json()).toEqual({ success: true, views: 2 });
    expect((await view(null, post.id, { watchedMs: 5000 })).json()).toEqual({ success: true, views: 2 });
    expect((await view(owner, post.id, { watchedMs: 5000 })).json()).toEqual({ success: true, views: 2 });
    expect(await counters(post.id)).toEqual({ views_count: 2, completed_views_count: 2 });
  });

  it('counts a viewer once however many calls race', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const post = await quicky(owner, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => view(fan, post.id, { watchedMs: 5000 })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await counters(post.id)).toEqual({ views_count: 1, completed_views_count: 1 });
  });

  it('takes a call with no body and no content type (the post page), counting a photo at once', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const photo = await insertPost(t, owner.id);
    const response = await t.request({ method: 'POST', url: `/api/posts/${photo.id}/view`, token: fan.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, views: 1 });
    expect((await view(fan, photo.id)).json()).toEqual({ success: true, views: 1 });
    const json = await t.request({ method: 'POST', url: `/api/posts/${photo.id}/view`, token: owner.token, headers: { 'content-type': 'application/json' }, payload: 'null' });
    expect(json.statusCode).toBe(200);
  });

  it('refuses a watchedMs that is not a duration', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const post = await quicky(owner, 1);
    for (const watchedMs of [-1, 'mucho', 86_400_001, null]) {
      expect((await view(fan, post.id, { watchedMs })).statusCode).toBe(400);
    }
    expect(await counters(post.id)).toEqual({ views_count: 0, completed_views_count: 0 });
  });
});
