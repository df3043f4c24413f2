import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

async function counts(user: TestUser) {
  return t.db.selectFrom('users').select(['followers_count', 'following_count']).where('id', '=', user.id).executeTakeFirstOrThrow();
}

describe('follow and unfollow', () => {
  it('follows once however often it is asked, and counts on both sides', async () => {
    const fan = await createUser(t);
    const star = await createUser(t);
    const first = await t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, isFollowing: true, followers: 1 });
    const again = await t.request({ method: 'POST', url: `/api/follow/${star.username.toUpperCase()}`, token: fan.token });
    expect(again.json()).toEqual({ success: true, isFollowing: true, followers: 1 });
    expect(await counts(star)).toEqual({ followers_count: 1, following_count: 0 });
    expect(await counts(fan)).toEqual({ followers_count: 0, following_count: 1 });

    const status = await t.request({ method: 'GET', url: `/api/follow/status/${star.username}`, token: fan.token });
    expect(status.json()).toEqual({ isFollowing: true });
  });

  it('unfollows idempotently and never counts below zero', async () => {
    const fan = await createUser(t);
    const star = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token });
    const out = await t.request({ method: 'DELETE', url: `/api/follow/${star.username}`, token: fan.token });
    expect(out.json()).toEqual({ success: true, isFollowing: false, followers: 0 });
    const again = await t.request({ method: 'DELETE', url: `/api/follow/${star.username}`, token: fan.token });
    expect(again.json()).toEqual({ success: true, isFollowing: false, followers: 0 });
    expect(await counts(star)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counts(fan)).toEqual({ followers_count: 0, following_count: 0 });
    const status = await t.request({ method: 'GET', url: `/api/follow/status/${star.username}`, token: fan.token });
    expect(status.json()).toEqual({ isFollowing: false });
  });

  it('keeps counts right when many follow and unfollow at once', async () => {
    const star = await createUser(t);
    const fans = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await Promise.all(fans.flatMap((fan) => [1, 2].map(() => t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token }))));
    expect((await counts(star)).followers_count).toBe(6);
    await Promise.all(fans.slice(0, 4).flatMap((fan) => [1, 2].map(() => t.request({ method: 'DELETE', url: `/api/follow/${star.username}`, token: fan.token }))));
    expect((await counts(star)).followers_count).toBe(2);
  });

  it('survives two people following each other at the same moment, again and again', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async () => [await createUser(t), await createUser(t)] as const));
    for (const method of ['POST', 'DELETE', 'POST'] as const) {
      const responses = await Promise.all(
        pairs.flatMap(([a, b]) => [
          t.request({ method, url: `/api/follow/${b.username}`, token: a.token }),
          t.request({ method, url: `/api/follow/${a.username}`, token: b.token }),
        ]),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    }
    for (const [a, b] of pairs) {
      expect(await counts(a)).toEqual({ followers_count: 1, following_count: 1 });
      expect(await counts(b)).toEqual({ followers_count: 1, following_count: 1 });
    }
  });

  it('never lets a counter go below zero, even one that drifted', async () => {
    const fan = await createUser(t);
    const star = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token });
    await t.db.updateTable('users').set({ followers_count: 0 }).where('id', '=', star.id).execute();
    await t.db.updateTable('users').set({ following_count: 0 }).where('id', '=', fan.id).execute();
    const out = await t.request({ method: 'DELETE', url: `/api/follow/${star.username}`, token: fan.token });
    expect(out.json()).toEqual({ success: true, isFollowing: false, followers: 0 });
    expect(await counts(star)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counts(fan)).toEqual({ followers_count: 0, following_count: 0 });
  });

  it('serves the unprefixed /follow/{username} for POST and DELETE, while GET stays the web app', async () => {
    const fan = await createUser(t);
    const star = await createUser(t);
    const post = await t.request({ method: 'POST', url: `/follow/${star.username}`, token: fan.token });
    expect(post.json()).toEqual({ success: true, isFollowing: true, followers: 1 });
    const del = await t.request({ method: 'DELETE', url: `/follow/${star.username}`, token: fan.token });
    expect(del.json()).toEqual({ success: true, isFollowing: false, followers: 0 });
    const page = await t.request({ method: 'GET', url: `/follow/${star.username}` });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('refuses following oneself, a missing user, and guests', async () => {
    const me = await createUser(t);
    const self = await t.request({ method: 'POST', url: `/api/follow/${me.username}`, token: me.token });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, message: messages.cannotFollowSelf });
    const missing = await t.request({ method: 'POST', url: '/api/follow/no_existe_nadie', token: me.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: messages.userNotFound });
    const guest = await t.request({ method: 'POST', url: `/api/follow/${me.username}` });
    expect(guest.statusCode).toBe(401);
    for (const [method, url] of [['DELETE', `/api/follow/${me.username}`], ['POST', `/follow/${me.username}`], ['DELETE', `/follow/${me.username}`]] as const) {
      const response = await t.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ success: false, message: messages.unauthorized });
    }
    const stale = await t.request({ method: 'POST', url: `/api/follow/${me.username}`, token: 'caducado' });
    expect(stale.statusCode).toBe(401);
    const unfollowSelf = await t.request({ method: 'DELETE', url: `/follow/${me.username}`, token: me.token });
    expect(unfollowSelf.statusCode).toBe(400);
    expect(unfollowSelf.json()).toEqual({ success: false, message: messages.cannotFollowSelf });
    expect((await counts(me)).followers_count).toBe(0);
  });

  it('answers status false for guests and 404 for a missing user', async () => {
    const star = await createUser(t);
    expect((await t.request({ method: 'GET', url: `/api/follow/status/${star.username}` })).json()).toEqual({ isFollowing: false });
    expect((await t.request({ method: 'GET', url: '/api/follow/status/no_existe_nadie' })).statusCode).toBe(404);
  });
});

describe('followers and following lists', () => {
  it('lists newest follows first with the viewer relation, pages without gaps, and filters by name', async () => {
    const star = await createUser(t, { username: 'lista_star' });
    const viewer = await createUser(t, { username: 'lista_viewer' });
    const fans: TestUser[] = [];
    for (let i = 0; i < 7; i += 1) {
      const fan = await createUser(t, { username: `lista_fan${i}` });
      fans.push(fan);
      await t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token });
      t.clock.advance(1000);
    }
    await t.db.updateTable('users').set({ full_name: 'José Núñez' }).where('id', '=', fans[2]!.id).execute();
    await t.request({ method: 'POST', url: `/api/follow/${fans[5]!.username}`, token: viewer.token });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const response = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers${query}`, token: viewer.token });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { users: Array<{ username: string; isFollowedByMe: boolean; isMe: boolean }>; nextCursor: string | null };
      expect(body.users.length).toBeLessThanOrEqual(3);
      for (const row of body.users) {
        seen.push(row.username);
        expect(row.isFollowedByMe).toBe(row.username === 'lista_fan5');
        expect(row.isMe).toBe(false);
      }
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(fans.map((fan) => fan.username).reverse());

    const filtered = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers?q=${encodeURIComponent('  jose nunez ')}` });
    expect(filtered.json().users.map((row: { username: string }) => row.username)).toEqual(['lista_fan2']);
    const byName = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers?q=FAN6` });
    expect(byName.json().users.map((row: { username: string }) => row.username)).toEqual(['lista_fan6']);
    const wildcard = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers?q=${encodeURIComponent('%')}` });
    expect(wildcard.json().users).toEqual([]);
    const fullWidth = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers?q=${encodeURIComponent('％')}` });
    expect(fullWidth.json().users).toEqual([]);

    const following = await t.request({ method: 'GET', url: `/api/users/${fans[0]!.username}/following`, token: fans[0]!.token });
    expect(following.json().users).toEqual([
      { id: star.id, username: star.username, fullName: null, profilePictureUrl: null, isVerified: false, isFollowedByMe: true, isMe: false },
    ]);
    const ownRow = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers?q=fan0`, token: fans[0]!.token });
    expect(ownRow.json().users[0]).toMatchObject({ username: 'lista_fan0', isMe: true, isFollowedByMe: false });
  });

  it('answers 404 for a missing user and 400 for a forged cursor', async () => {
    expect((await t.request({ method: 'GET', url: '/api/users/no_existe_nadie/followers' })).statusCode).toBe(404);
    const star = await createUser(t);
    const forged = await t.request({ method: 'GET', url: `/api/users/${star.username}/following?cursor=${Buffer.from('["x","y"]').toString('base64url')}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ success: false, message: messages.badCursor });
  });

  it('never shows private fields in list rows', async () => {
    const star = await createUser(t);
    const fan = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${star.username}`, token: fan.token });
    const response = await t.request({ method: 'GET', url: `/api/users/${star.username}/followers` });
    expect(response.body).not.toContain(fan.email);
    expect(response.body).not.toMatch(/birth|phone|password|email/);
  });
});
