import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Audience } from '../../src/db/schema.js';
import { createUser, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

async function story(user: TestUser, audience: Audience = 'public', hoursAgo = 1): Promise<string> {
  const row = await t.db
    .insertInto('stories')
    .values({ user_id: user.id, audience, kind: 'image', image_key: 'u/aaaaaaaaaaaaaaaaaaaa/full.webp', created_at: new Date(t.clock.now().getTime() - hoursAgo * 3600_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

it('puts you first, then people you follow with active stories, unseen before seen', async () => {
  const me = await createUser(t, { username: 'fila_yo' });
  const [seenOne, fresh, old, vip, stranger] = await Promise.all(['fila_vista', 'fila_nueva', 'fila_vieja', 'fila_vip', 'fila_ajena'].map((username) => createUser(t, { username })));
  for (const person of [seenOne!, fresh!, old!, vip!]) await t.request({ method: 'POST', url: `/api/follow/${person.username}`, token: me.token });
  const watched = await story(seenOne!, 'public', 1);
  await story(fresh!, 'followers', 3);
  await story(old!, 'public', 25);
  await story(vip!, 'subscribers', 1);
  await story(stranger!, 'public', 1);
  await t.request({ method: 'POST', url: `/api/stories/${watched}/view`, token: me.token });

  const response = await t.request({ method: 'GET', url: '/api/feed/stories', token: me.token });
  expect(response.statusCode).toBe(200);
  const items = response.json().items as Array<{ username: string; hasUnseen: boolean; isMe: boolean; hasStories: boolean }>;
  expect(items.map((item) => item.username)).toEqual(['fila_yo', 'fila_nueva', 'fila_vista']);
  expect(items[0]).toMatchObject({ isMe: true, hasStories: false });
  expect(items[1]).toMatchObject({ hasUnseen: true });
  expect(items[2]).toMatchObject({ hasUnseen: false });
  expect(response.body).not.toMatch(/email|birth/);
});

it('shows a guest the featured creators with public active stories', async () => {
  const star = await createUser(t, { username: 'fila_estrella' });
  await t.db.updateTable('users').set({ featured_rank: 1 }).where('id', '=', star.id).execute();
  await story(star, 'public', 2);
  const guest = (await t.request({ method: 'GET', url: '/api/feed/stories' })).json();
  expect(guest.items.map((item: { username: string }) => item.username)).toEqual(['fila_estrella']);
});
