import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationsResponse } from '@wag/contract/notifications';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

const get = (url: string, user: TestUser | null) => t.request({ method: 'GET', url, token: user?.token });
const post = (url: string, user: TestUser | null, payload?: object) => t.request({ method: 'POST', url, token: user?.token, payload });
const del = (url: string, user: TestUser | null) => t.request({ method: 'DELETE', url, token: user?.token });

async function list(user: TestUser, cursor?: string): Promise<NotificationsResponse> {
  const response = await get(`/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, user);
  expect(response.statusCode).toBe(200);
  return response.json() as NotificationsResponse;
}
const unread = async (user: TestUser) => ((await get('/api/notifications/unread-count', user)).json() as { count: number }).count;
const summary = (item: NotificationItem) => `${item.type}:${item.actor.username}+${item.othersCount}`;

async function insertStory(user: TestUser): Promise<string> {
  const row = await t.db
    .insertInto('stories')
    .values({ user_id: user.id, audience: 'public', kind: 'image', image_key: 'u/aaaaaaaaaaaaaaaaaaaa/full.webp', created_at: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('notifications', () => {
  it('asks for a session', async () => {
    expect((await get('/api/notifications', null)).statusCode).toBe(401);
    expect((await get('/api/notifications/unread-count', null)).statusCode).toBe(401);
    expect((await post('/api/notifications/read', null)).statusCode).toBe(401);
  });

  it('tells the owner of a post, a quicky and a comment of likes, grouped, and never of their own', async () => {
    const owner = await createUser(t);
    const ana = await createUser(t);
    const bea = await createUser(t);
    const photo = await insertPost(t, owner.id);
    const quicky = await insertPost(t, owner.id, { postType: 'quicky' });
    await post(`/api/posts/${photo.id}/like`, owner);
    expect(await unread(owner)).toBe(0);

    await post(`/api/posts/${photo.id}/like`, ana);
    t.clock.advance(1000);
    await post(`/api/posts/${photo.id}/like`, bea);
    t.clock.advance(1000);
    await post(`/api/posts/${quicky.id}/like`, ana);
    const page = await list(owner);
    expect(page.items.map(summary)).toEqual([`like:${ana.username}+0`, `like:${bea.username}+1`]);
    expect(page.items[0]!.target).toMatchObject({ kind: 'quicky', slug: quicky.slug });
    expect(page.items[1]!.target).toMatchObject({ kind: 'post', slug: photo.slug });
    expect(page.items.every((item) => !item.read)).toBe(true);
    expect(await unread(owner)).toBe(2);

    const { comment } = (await post(`/api/posts/${photo.id}/comments`, owner, { text: 'Gracias a todos' })).json() as { comment: { id: string } };
    t.clock.advance(1000);
    await post(`/api/comments/${comment.id}/like`, ana);
    const afterCommentLike = await list(owner);
    expect(afterCommentLike.items[0]).toMatchObject({ type: 'like', target: { kind: 'comment', slug: photo.slug } });
  });

  it('leaves no trace of a like taken back, and names the latest remaining liker', async () => {
    const owner = await createUser(t);
    const ana = await createUser(t);
    const bea = await createUser(t);
    const photo = await insertPost(t, owner.id);
    await post(`/api/posts/${photo.id}/like`, ana);
    await del(`/api/posts/${photo.id}/like`, ana);
    expect((await list(owner)).items).toEqual([]);
    expect(await unread(owner)).toBe(0);

    await post(`/api/posts/${photo.id}/like`, bea);
    t.clock.advance(1000);
    await post(`/api/posts/${photo.id}/like`, ana);
    expect((await list(owner)).items.map(summary)).toEqual([`like:${ana.username}+1`]);
    await del(`/api/posts/${photo.id}/like`, ana);
    expect((await list(owner)).items.map(summary)).toEqual([`like:${bea.username}+0`]);
  });

  it('does not raise a line again for a like sent twice, nor take one back for an unlike of nothing', async () => {
    const owner = await createUser(t);
    const ana = await createUser(t);
    const bea = await createUser(t);
    const photo = await insertPost(t, owner.id);
    await post(`/api/posts/${photo.id}/like`, ana);
    await post('/api/notifications/read', owner);
    const before = (await list(owner)).items;
    expect(before.map(summary)).toEqual([`like:${ana.username}+0`]);

    t.clock.advance(60_000);
    const again = await post(`/api/posts/${photo.id}/like`, ana);
    expect(again.json()).toMatchObject({ isLiked: true, likes: 1 });
    await del(`/api/posts/${photo.id}/like`, bea);
    expect(await unread(owner)).toBe(0);
    expect((await list(owner)).items).toEqual(before);
  });

  it('tells of comments, replies and mentions, once each, and not the commenter', async () => {
    const owner = await createUser(t);
    const ana = await createUser(t);
    const bea = await createUser(t);
    const carla = await createUser(t);
    const photo = await insertPost(t, owner.id);
    const first = ((await post(`/api/posts/${photo.id}/comments`, ana, { text: 'Qué playa tan bonita' })).json() as { comment: { id: string } }).comment;
    expect((await list(owner)).items[0]).toMatchObject({ type: 'comment', text: 'Qué playa tan bonita', actor: { username: ana.username } });

    // Bea replies to Ana and mentions Carla and the owner: Ana gets the reply, Carla the mention, the owner the comment.
    t.clock.advance(1000);
    await post(`/api/posts/${photo.id}/comments`, bea, { text: `@${ana.username} sí, @${carla.username} mira @${owner.username} @${bea.username}`, parent_id: first.id });
    expect((await list(ana)).items.map((item) => item.type)).toEqual(['reply']);
    expect((await list(carla)).items.map((item) => item.type)).toEqual(['mention']);
    expect((await list(owner)).items.map((item) => `${item.type}:${item.actor.username}`)).toEqual([`comment:${bea.username}`, `comment:${ana.username}`]);
    expect((await list(bea)).items).toEqual([]);

    // The owner replying to a comment on their own post tells its author only.
    t.clock.advance(1000);
    await post(`/api/posts/${photo.id}/comments`, owner, { text: 'Gracias', parent_id: first.id });
    expect((await list(ana)).items.map((item) => item.type)).toEqual(['reply', 'reply']);
    expect((await list(owner)).items).toHaveLength(2);
  });

  it('does not tell someone mentioned on a post they may not see', async () => {
    const owner = await createUser(t);
    const follower = await createUser(t);
    const stranger = await createUser(t);
    await post(`/api/follow/${owner.username}`, follower);
    const hidden = await insertPost(t, owner.id, { visibility: 'followers' });
    await post(`/api/posts/${hidden.id}/comments`, owner, { text: `@${follower.username} @${stranger.username}` });
    expect((await list(follower)).items.map((item) => item.type)).toEqual(['mention']);
    expect((await list(stranger)).items).toEqual([]);
  });

  it('tells of follows once, and takes them back on unfollow', async () => {
    const star = await createUser(t);
    const fan = await createUser(t);
    await post(`/api/follow/${star.username}`, fan);
    await post(`/api/follow/${star.username}`, fan);
    expect((await list(star)).items.map(summary)).toEqual([`follow:${fan.username}+0`]);
    await del(`/api/follow/${star.username}`, fan);
    expect((await list(star)).items).toEqual([]);
    expect((await list(fan)).items).toEqual([]);
  });

  it('tells of story likes and story replies', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const story = await insertStory(owner);
    await post(`/api/stories/${story}/like`, fan);
    await post(`/api/stories/${story}/reply`, fan, { text: '¡Me encanta!' });
    const items = (await list(owner)).items;
    expect(items.map((item) => item.type).sort()).toEqual(['like', 'story_reply']);
    expect(items.find((item) => item.type === 'story_reply')).toMatchObject({ text: '¡Me encanta!', target: { kind: 'story' } });
    await del(`/api/stories/${story}/like`, fan);
    expect((await list(owner)).items.map((item) => item.type)).toEqual(['story_reply']);
  });

  it('marks everything read, or only the given ids, and pages by cursor without repeats', async () => {
    const owner = await createUser(t);
    const fans: TestUser[] = [];
    for (let i = 0; i < 32; i += 1) fans.push(await createUser(t));
    for (const fan of fans) {
      t.clock.advance(1000);
      await post(`/api/follow/${owner.username}`, fan);
    }
    const first = await list(owner);
    expect(first.items).toHaveLength(30);
    const second = await list(owner, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const names = [...first.items, ...second.items].map((item) => item.actor.username);
    expect(names).toEqual(fans.map((fan) => fan.username).reverse());

    const marked = (await post('/api/notifications/read', owner, { ids: [first.items[0]!.id, 'not-an-id'] })).json();
    expect(marked).toEqual({ success: true, count: 1 });
    expect(await unread(owner)).toBe(31);
    // Ids that name nothing mark nothing (and never mean "all").
    for (const ids of [[], ['not-an-id']]) {
      const none = await post('/api/notifications/read', owner, { ids });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual({ success: true, count: 0 });
    }
    expect(await unread(owner)).toBe(31);
    expect((await post('/api/notifications/read', owner)).json()).toEqual({ success: true, count: 31 });
    expect(await unread(owner)).toBe(0);
    expect((await list(owner)).items.every((item) => item.read)).toBe(true);
    expect((await get('/api/notifications?cursor=nope', owner)).statusCode).toBe(400);
  });

  it('tells people a new post mentions', async () => {
    const author = await createUser(t);
    const friend = await createUser(t);
    const { multipart } = await import('../support/multipart.js');
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } }).png().toBuffer();
    const created = await t.request({
      method: 'POST',
      url: '/api/posts',
      token: author.token,
      ...multipart([{ field: 'media', filename: 'a.png', contentType: 'image/png', data: image }], {
        description: `En la playa con @${friend.username}`,
        visibility: 'public',
        contentType: 'image',
        postType: 'grid',
      }),
    });
    expect(created.statusCode).toBeLessThan(300);
    const items = (await list(friend)).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'mention', actor: { username: author.username }, target: { kind: 'post' } });
  });
});
