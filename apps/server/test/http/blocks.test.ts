import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedUsersResponse } from '@wag/contract/blocks';
import type { MessagesResponse } from '@wag/contract/messages';
import { createUser, type TestUser } from '../support/factories.js';
import { openLive } from '../support/live-client.js';
import { comment, insertStory, message, report } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (who: TestUser | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: who?.token, ...(payload ? { payload } : {}) });
const get = (who: TestUser | null, url: string) => call(who, 'GET', url);
const block = (who: TestUser, other: string) => call(who, 'POST', `/api/blocks/${other}`);
const unblock = (who: TestUser, other: string) => call(who, 'DELETE', `/api/blocks/${other}`);
const follow = (who: TestUser, other: TestUser) => call(who, 'POST', `/api/follow/${other.username}`);

/** What each person of a pair has that the other may or may not see. */
interface Side {
  user: TestUser;
  word: string;
  post: { id: string; slug: string };
  story: string;
  highlight: string;
  /** Their comment on the third person's post. */
  comment: string;
}

/**
 * Two people who follow each other, like, comment, watch each other's stories and chat, and a third
 * whose post both comment on and whom both follow: everything one can see of the other.
 */
async function world() {
  const third = await createUser(t);
  const thirdPost = await insertPost(t, third.id, { description: 'Un post de todos' });
  const side = async (): Promise<Side> => {
    const user = await createUser(t);
    const word = `palabra${Math.random().toString(36).slice(2, 8)}`;
    const post = await insertPost(t, user.id, { description: `Atardecer ${word}` });
    const story = await insertStory(t, user.id);
    const highlight = await insertStory(t, user.id);
    await t.db.updateTable('stories').set({ highlighted_at: t.clock.now() }).where('id', '=', highlight).execute();
    return { user, word, post, story, highlight, comment: '' };
  };
  const a = await side();
  const b = await side();
  for (const [x, y] of [[a, b], [b, a]] as const) {
    expect((await follow(x.user, y.user)).statusCode).toBe(200);
    expect((await follow(x.user, third)).statusCode).toBe(200);
    expect((await follow(third, x.user)).statusCode).toBe(200);
    expect((await call(x.user, 'POST', `/api/posts/${y.post.id}/like`)).statusCode).toBe(200);
    expect((await call(x.user, 'POST', `/api/stories/${y.story}/view`)).statusCode).toBe(200);
    x.comment = await comment(t, x.user, thirdPost.id, `Qué bonito, soy ${x.user.username}`);
  }
  await message(t, a.user, b.user, 'Hola, ¿qué tal?');
  await message(t, b.user, a.user, 'Muy bien, ¿y tú?');
  return { a, b, third, thirdPost };
}

type World = Awaited<ReturnType<typeof world>>;

/**
 * Every read path where the viewer x could meet y, as the text of the answer (or its status when it is
 * not a 200): y's username, post, stories and comment must be in it before a block and gone after.
 */
function readPaths(w: World, x: Side, y: Side): Array<{ name: string; read: () => Promise<string> }> {
  const text = async (url: string) => {
    const response = await get(x.user, url);
    return response.statusCode === 200 ? response.body : `status ${response.statusCode}`;
  };
  // Calls about y that answer without naming y: seen is a 200.
  const answers = async (url: string) => ((await get(x.user, url)).statusCode === 200 ? y.user.username : 'status 404');
  const { username } = y.user;
  return [
    { name: 'profile', read: () => text(`/api/profile/${username}`) },
    { name: 'their posts', read: () => text(`/api/users/${username}/posts`) },
    { name: 'their post page', read: () => text(`/api/posts/slug/${y.post.slug}`) },
    { name: 'their quickys', read: () => answers(`/api/users/${username}/quickys`) },
    { name: 'their followers', read: () => answers(`/api/users/${username}/followers`) },
    { name: 'their following', read: () => answers(`/api/users/${username}/following`) },
    { name: 'a third post’s comments', read: () => text(`/api/posts/${w.thirdPost.id}/comments`) },
    { name: 'a third person’s followers', read: () => text(`/api/users/${w.third.username}/followers`) },
    { name: 'a third person’s following', read: () => text(`/api/users/${w.third.username}/following`) },
    { name: 'people search and mention suggestions', read: () => text(`/api/users/search?q=${username}`) },
    { name: 'search', read: () => text(`/api/search?query=${y.word}`) },
    { name: 'their active stories', read: () => text(`/api/stories/active/${username}`) },
    { name: 'whether they have stories', read: () => text(`/api/stories/has-active/${username}`) },
    { name: 'their highlights', read: () => text(`/api/stories/wholesale/${username}`) },
    { name: 'their story', read: () => answers(`/api/stories/${y.story}/meta`) },
    { name: 'the story row', read: () => text('/api/feed/stories') },
    { name: 'viewers of my story', read: () => text(`/api/stories/${x.story}/viewers`) },
    { name: 'notifications', read: () => text('/api/notifications') },
  ];
}

/** Whether an answer shows anything of y. */
function shows(body: string, y: Side): boolean {
  if (body.startsWith('status ')) return false;
  if (body.includes('"hasActive":true') || body.includes('"hasActiveStories":true')) return true;
  return [y.user.username, y.post.slug, y.post.id, y.story, y.highlight, y.comment].some((needle) => body.includes(needle));
}

async function seen(w: World, x: Side, y: Side): Promise<Record<string, boolean>> {
  const result: Record<string, boolean> = {};
  for (const path of readPaths(w, x, y)) result[path.name] = shows(await path.read(), y);
  return result;
}

const everywhere = (w: World, value: boolean) => Object.fromEntries(readPaths(w, w.a, w.b).map((path) => [path.name, value]));

describe('blocking', () => {
  it('is mutual invisibility on every read path, both ways; unblocking restores it but not the follows', async () => {
    const w = await world();
    const { a, b } = w;
    // Before: each sees the other everywhere.
    expect(await seen(w, a, b)).toEqual(everywhere(w, true));
    expect(await seen(w, b, a)).toEqual(everywhere(w, true));

    expect((await block(a.user, b.user.username)).json()).toEqual({ success: true, blocked: true });
    expect(await seen(w, a, b)).toEqual(everywhere(w, false));
    expect(await seen(w, b, a)).toEqual(everywhere(w, false));
    // The profile is a 404 both ways, as for someone who does not exist.
    for (const [x, y] of [[a, b], [b, a]] as const) expect((await get(x.user, `/api/profile/${y.user.username}`)).statusCode).toBe(404);
    // A guest and the third person still see both.
    expect((await get(null, `/api/profile/${b.user.username}`)).statusCode).toBe(200);
    expect(shows((await get(w.third, `/api/posts/${w.thirdPost.id}/comments`)).body, a)).toBe(true);

    expect((await unblock(a.user, b.user.username)).json()).toEqual({ success: true, blocked: false });
    // Visible again (earlier likes' notifications too), but neither follows the other any more: the
    // story row, which lists followed people, stays without them.
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const after = await seen(w, x, y);
      expect(after).toEqual({ ...everywhere(w, true), 'the story row': false });
      expect((await get(x.user, `/api/follow/status/${y.user.username}`)).json()).toEqual({ isFollowing: false });
    }
  });

  it('hides at once what was read many times before: reads repeated past the point where PostgreSQL keeps a generic plan of a prepared statement', async () => {
    const author = await createUser(t);
    const viewer = await createUser(t);
    const post = await insertPost(t, author.id, { description: 'Leído muchas veces' });
    expect((await follow(viewer, author)).statusCode).toBe(200);
    // Eight reads of each: the statements are prepared and past their five custom plans.
    for (let read = 0; read < 8; read += 1) {
      expect((await get(viewer, `/api/posts/slug/${post.slug}`)).statusCode).toBe(200);
      expect((await get(viewer, `/api/profile/${author.username}`)).json().posts.map((p: { id: string }) => p.id)).toContain(post.id);
      expect((await get(viewer, `/api/posts/${post.id}/comments`)).statusCode).toBe(200);
    }
    expect((await block(author, viewer.username)).statusCode).toBe(200);
    expect((await get(viewer, `/api/posts/slug/${post.slug}`)).statusCode).toBe(404);
    expect((await get(viewer, `/api/profile/${author.username}`)).statusCode).toBe(404);
    expect((await get(viewer, `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
    const feed = (await get(viewer, '/api/feed')).json() as { items: Array<{ id: string }> };
    expect(feed.items.map((item) => item.id)).not.toContain(post.id);
    expect((await unblock(author, viewer.username)).statusCode).toBe(200);
    expect((await get(viewer, `/api/posts/slug/${post.slug}`)).statusCode).toBe(200);
  });

  it('removes follows both ways with their counts, and refuses every write between the two, both ways', async () => {
    const w = await world();
    const { a, b } = w;
    const counts = async (user: TestUser) => {
      const row = await t.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', user.id).executeTakeFirstOrThrow();
      return [row.followers_count, row.following_count];
    };
    // Each follows the other and the third person; the third follows both.
    expect(await counts(a.user)).toEqual([2, 2]);
    await block(a.user, b.user.username);
    expect(await counts(a.user)).toEqual([1, 1]);
    expect(await counts(b.user)).toEqual([1, 1]);
    expect(await t.db.selectFrom('follows').selectAll().where('follower_id', 'in', [a.user.id, b.user.id]).where('followee_id', 'in', [a.user.id, b.user.id]).execute()).toEqual([]);

    for (const [x, y] of [[a, b], [b, a]] as const) {
      const writes: Array<[string, Method, string, Record<string, unknown>?]> = [
        ['follow', 'POST', `/api/follow/${y.user.username}`],
        ['like their post', 'POST', `/api/posts/${y.post.id}/like`],
        ['comment on their post', 'POST', `/api/posts/${y.post.id}/comments`, { text: 'Hola' }],
        ['save their post', 'POST', `/api/posts/${y.post.id}/save`],
        ['view their story', 'POST', `/api/stories/${y.story}/view`],
        ['like their story', 'POST', `/api/stories/${y.story}/like`],
        ['reply to their story', 'POST', `/api/stories/${y.story}/reply`, { text: 'Hola' }],
        ['like their comment', 'POST', `/api/comments/${y.comment}/like`],
      ];
      for (const [name, method, url, payload] of writes) {
        const response = await call(x.user, method, url, payload);
        expect({ name, from: x === a ? 'blocker' : 'blocked', status: response.statusCode }).toEqual({ name, from: x === a ? 'blocker' : 'blocked', status: 404 });
      }
    }
    // Messages: the blocked person cannot find the blocker; the blocker is told to unblock first.
    const toBlocker = await call(b.user, 'POST', `/api/conversations/${a.user.username}/messages`, { text: 'Hola' });
    expect(toBlocker.statusCode).toBe(404);
    const toBlocked = await call(a.user, 'POST', `/api/conversations/${b.user.username}/messages`, { text: 'Hola' });
    expect(toBlocked.statusCode).toBe(403);
    expect(toBlocked.json().message).toBe('Has bloqueado a este usuario. Desbloquéalo para enviarle mensajes.');
    // No new likes, comments or messages were written by any of it.
    expect(await t.db.selectFrom('messages').select('id').where('sender_id', 'in', [a.user.id, b.user.id]).execute()).toHaveLength(2);
  });

  it('takes the conversation from the blocked person, leaves it read-only and reportable for the blocker, and stops its live events', async () => {
    const w = await world();
    const { a, b } = w;
    const fromB = (await get(a.user, `/api/conversations/${b.user.username}/messages`)).json() as MessagesResponse;
    const theirMessage = fromB.items.find((item) => !item.fromMe)!;
    await block(a.user, b.user.username);

    // The blocked person: gone from the inbox, its messages and every call about it.
    expect((await get(b.user, '/api/conversations')).body).not.toContain(a.user.username);
    for (const [method, url] of [
      ['GET', `/api/conversations/${a.user.username}/messages`],
      ['POST', `/api/conversations/${a.user.username}/read`],
      ['POST', `/api/conversations/${a.user.username}/typing`],
    ] as const) {
      expect((await call(b.user, method, url)).statusCode).toBe(404);
    }
    // The blocker: the history is still there, read-only, and its messages can be reported.
    expect((await get(a.user, '/api/conversations')).body).toContain(b.user.username);
    const history = (await get(a.user, `/api/conversations/${b.user.username}/messages`)).json() as MessagesResponse;
    expect(history.blockedByMe).toBe(true);
    expect(history.items.map((item) => item.text).sort()).toEqual(['Hola, ¿qué tal?', 'Muy bien, ¿y tú?']);
    const reported = await report(t, a.user, { subjectType: 'message', subjectId: theirMessage.id, reason: 'harassment' });
    expect(reported.statusCode).toBe(201);
    // Unblocked: the conversation comes back to the blocked person's inbox and both can write again.
    await unblock(a.user, b.user.username);
    expect((await get(b.user, '/api/conversations')).body).toContain(a.user.username);
    expect((await call(b.user, 'POST', `/api/conversations/${a.user.username}/messages`, { text: 'Perdón' })).statusCode).toBe(200);
  });

  it('sends the blocked person no live event of the blocker: no typing, no read receipt', async () => {
    const w = await world();
    const { a, b } = w;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const bLive = await openLive(baseUrl, b.user.token);
    try {
      await block(a.user, b.user.username);
      // a has b's message unread: reading it and typing would reach b without the block.
      expect((await call(a.user, 'POST', `/api/conversations/${b.user.username}/read`)).statusCode).toBe(200);
      expect((await call(a.user, 'POST', `/api/conversations/${b.user.username}/typing`)).statusCode).toBe(200);
      await unblock(a.user, b.user.username);
      await message(t, a.user, b.user, 'Ya está');
      // Events arrive in order: once the later message is in, nothing of a's before it can still come.
      await bLive.next('message', (event) => event.message?.text === 'Ya está');
      const fromA = bLive.events.filter((event) => (event.type === 'typing' || event.type === 'read') && event.with === a.user.username);
      expect(fromA).toEqual([]);
    } finally {
      bLive.close();
    }
  });

  it('keeps mentions by either of them from notifying the other', async () => {
    const w = await world();
    const { a, b } = w;
    await block(a.user, b.user.username);
    for (const [x, y] of [[a, b], [b, a]] as const) {
      await comment(t, x.user, w.thirdPost.id, `Mira esto @${y.user.username}`);
      const mentions = await t.db.selectFrom('notifications').select('id').where('recipient_id', '=', y.user.id).where('actor_id', '=', x.user.id).where('type', '=', 'mention').execute();
      expect(mentions).toEqual([]);
    }
  });

  it('answers the block calls: status, list with keyset pages, idempotence, and 4xx for oneself or nobody', async () => {
    const me = await createUser(t);
    const others = [];
    for (let i = 0; i < 23; i += 1) {
      const other = await createUser(t);
      t.clock.advance(1000);
      expect((await block(me, other.username)).statusCode).toBe(200);
      others.push(other);
    }
    // Blocking again changes nothing; the other side is never told it is blocked.
    expect((await block(me, others[0]!.username)).json()).toEqual({ success: true, blocked: true });
    expect((await get(me, `/api/blocks/${others[0]!.username}`)).json()).toEqual({ blocked: true });
    expect((await get(others[0]!, `/api/blocks/${me.username}`)).json()).toEqual({ blocked: false });

    const first = (await get(me, '/api/blocks')).json() as BlockedUsersResponse;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toEqual({ username: others[22]!.username, fullName: null, profilePictureUrl: null, blockedAt: expect.any(String) });
    expect(first.nextCursor).not.toBeNull();
    const second = (await get(me, `/api/blocks?cursor=${first.nextCursor}`)).json() as BlockedUsersResponse;
    expect([...first.items, ...second.items].map((item) => item.username)).toEqual(others.map((other) => other.username).reverse());
    expect(second.nextCursor).toBeNull();

    expect((await unblock(me, others[0]!.username)).json()).toEqual({ success: true, blocked: false });
    expect((await unblock(me, others[0]!.username)).json()).toEqual({ success: true, blocked: false });
    expect((await get(me, `/api/blocks/${others[0]!.username}`)).json()).toEqual({ blocked: false });

    const self = await block(me, me.username);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('No puedes bloquearte a ti mismo.');
    expect((await block(me, 'nadie_con_este_nombre')).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/blocks/${others[1]!.username}`)).statusCode).toBe(401);
    expect((await get(me, '/api/blocks?cursor=roto')).statusCode).toBe(400);
  });

  it('lets someone blocked block back, and each block holds on its own', async () => {
    const w = await world();
    const { a, b } = w;
    await block(a.user, b.user.username);
    expect((await block(b.user, a.user.username)).statusCode).toBe(200);
    await unblock(a.user, b.user.username);
    // b still blocks a: still invisible both ways.
    expect((await get(a.user, `/api/profile/${b.user.username}`)).statusCode).toBe(404);
    expect((await get(b.user, `/api/profile/${a.user.username}`)).statusCode).toBe(404);
    await unblock(b.user, a.user.username);
    expect((await get(a.user, `/api/profile/${b.user.username}`)).statusCode).toBe(200);
  });
});
