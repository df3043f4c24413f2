import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesResponse } from '@wag/contract/messages';
import { DEFAULT_PREFERENCES, type Preferences } from '@wag/contract/preferences-rules';
import { createUser, type TestUser } from '../support/factories.js';
import { openLive } from '../support/live-client.js';
import { comment } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const patch = (who: TestUser, body: Record<string, unknown>) => t.request({ method: 'PATCH', url: '/api/account/preferences', token: who.token, payload: body });
const prefs = async (who: TestUser) => (await t.request({ method: 'GET', url: '/api/account/preferences', token: who.token })).json() as Preferences;
const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, token: who.token, ...(payload ? { payload } : {}) });
const linesOf = async (who: TestUser, type: string) =>
  t.db.selectFrom('notifications').select('id').where('recipient_id', '=', who.id).where('type', '=', type as never).execute();

describe('preferences', () => {
  it('start with every toggle on, change part by part, and refuse anything unknown', async () => {
    const ana = await createUser(t);
    expect(await prefs(ana)).toEqual(DEFAULT_PREFERENCES);
    const changed = await patch(ana, { notifications: { likes: false }, privacy: { whoCanMessage: 'following' }, theme: 'light' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...DEFAULT_PREFERENCES,
      notifications: { ...DEFAULT_PREFERENCES.notifications, likes: false },
      privacy: { ...DEFAULT_PREFERENCES.privacy, whoCanMessage: 'following' },
      theme: 'light',
    });
    // A later change keeps the earlier ones.
    await patch(ana, { language: 'fr' });
    expect(await prefs(ana)).toMatchObject({ theme: 'light', language: 'fr', notifications: { likes: false }, privacy: { whoCanMessage: 'following' } });
    for (const wrong of [{ theme: 'pink' }, { language: 'it' }, { notifications: { likes: 'no' } }, { privacy: { whoCanMessage: 'friends' } }, { unknown: true }]) {
      expect((await patch(ana, wrong)).statusCode).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: '/api/account/preferences' })).statusCode).toBe(401);
  });

  it('keeps every one of several changes sent at once', async () => {
    const bea = await createUser(t);
    const keys = ['newQuickys', 'newPosts', 'likes', 'comments', 'mentions', 'follows'] as const;
    const answers = await Promise.all(keys.map((key) => patch(bea, { notifications: { [key]: false } })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(keys.map(() => 200));
    expect((await prefs(bea)).notifications).toEqual(Object.fromEntries(keys.map((key) => [key, false])));
  });

  it('a switched-off notification type is neither written nor sent live; the others still are', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const post = await insertPost(t, owner.id);
    await patch(owner, { notifications: { likes: false }, interactions: { newFollowers: false } });
    const live = await openLive(baseUrl, owner.token);
    try {
      await live.next('counts');
      expect((await call(fan, 'POST', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
      expect((await call(fan, 'POST', `/api/follow/${owner.username}`)).statusCode).toBe(200);
      await comment(t, fan, post.id, `Qué bonito @${owner.username}`);
      // The comment's line arrives; once it is in, no line for the like or the follow can still come.
      await live.next('notification');
      expect(await linesOf(owner, 'like')).toEqual([]);
      expect(await linesOf(owner, 'follow')).toEqual([]);
      expect(await linesOf(owner, 'comment')).toHaveLength(1);
      expect(live.events.filter((event) => event.type === 'notification')).toHaveLength(1);
    } finally {
      live.close();
    }
    // Turned on again, the next like is told.
    await patch(owner, { notifications: { likes: true } });
    const other = await createUser(t);
    await call(other, 'POST', `/api/posts/${post.id}/like`);
    expect(await linesOf(owner, 'like')).toHaveLength(1);
  });

  it('mentions and comment replies answer to their switches on either page', async () => {
    const author = await createUser(t);
    const quiet = await createUser(t);
    const post = await insertPost(t, author.id);
    await patch(quiet, { interactions: { mentionsOfMe: false } });
    await comment(t, author, post.id, `Hola @${quiet.username}`);
    expect(await linesOf(quiet, 'mention')).toEqual([]);
    const parent = await comment(t, quiet, post.id, 'Mi comentario');
    await patch(quiet, { notifications: { comments: false } });
    const reply = await call(author, 'POST', `/api/posts/${post.id}/comments`, { text: 'Respuesta', parent_id: parent });
    expect(reply.statusCode).toBe(201);
    expect(await linesOf(quiet, 'reply')).toEqual([]);
  });

  it('whoCanMessage decides who may start a conversation; an open one goes on', async () => {
    const me = await createUser(t);
    const friend = await createUser(t);
    const stranger = await createUser(t);
    await call(me, 'POST', `/api/follow/${friend.username}`);
    await patch(me, { privacy: { whoCanMessage: 'following' } });
    const send = (from: TestUser, text: string) => call(from, 'POST', `/api/conversations/${me.username}/messages`, { text });
    const refused = await send(stranger, 'Hola');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Esta persona no recibe mensajes nuevos de ti.');
    expect((await send(friend, 'Hola, soy yo')).statusCode).toBe(200);

    await patch(me, { privacy: { whoCanMessage: 'nobody' } });
    expect((await send(stranger, 'Hola otra vez')).statusCode).toBe(403);
    // The friend's conversation is open on my side: it goes on.
    expect((await send(friend, '¿Sigues ahí?')).statusCode).toBe(200);
    const another = await createUser(t);
    await call(me, 'POST', `/api/follow/${another.username}`);
    expect((await send(another, 'Nuevo')).statusCode).toBe(403);

    await patch(me, { privacy: { whoCanMessage: 'everyone' } });
    expect((await send(stranger, 'Ahora sí')).statusCode).toBe(200);
  });

  it('read receipts off hides "Visto" both ways and sends no read event', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await call(ana, 'POST', `/api/follow/${bea.username}`);
    await call(bea, 'POST', `/api/follow/${ana.username}`);
    await call(ana, 'POST', `/api/conversations/${bea.username}/messages`, { text: 'Hola' });
    await call(bea, 'POST', `/api/conversations/${ana.username}/read`);
    const seenBy = async (who: TestUser, other: TestUser) =>
      ((await call(who, 'GET', `/api/conversations/${other.username}/messages`)).json() as MessagesResponse).otherLastReadAt;
    expect(await seenBy(ana, bea)).not.toBeNull();

    await patch(bea, { messages: { readReceipts: false } });
    expect(await seenBy(ana, bea)).toBeNull();
    await call(bea, 'POST', `/api/conversations/${ana.username}/messages`, { text: 'Te leo' });
    await call(ana, 'POST', `/api/conversations/${bea.username}/read`);
    expect(await seenBy(bea, ana)).toBeNull();

    const live = await openLive(baseUrl, ana.token);
    try {
      await call(ana, 'POST', `/api/conversations/${bea.username}/messages`, { text: 'Otra' });
      await call(bea, 'POST', `/api/conversations/${ana.username}/read`);
      await call(bea, 'POST', `/api/conversations/${ana.username}/messages`, { text: 'Marca' });
      await live.next('message', (event) => event.message?.text === 'Marca');
      expect(live.events.filter((event) => event.type === 'read')).toEqual([]);
    } finally {
      live.close();
    }
    await patch(bea, { messages: { readReceipts: true } });
    expect(await seenBy(ana, bea)).not.toBeNull();
  });

  it('showInSearch off keeps a person out of people search and mention suggestions, not off their profile', async () => {
    const hidden = await createUser(t, { username: `escondida_${Date.now().toString(36).slice(-5)}` });
    const viewer = await createUser(t);
    const found = async (q: string) => (await call(viewer, 'GET', `/api/users/search?q=${q}`)).body.includes(hidden.username);
    const searched = async (q: string) =>
      ((await call(viewer, 'GET', `/api/search?query=${q}&category=models`)).json() as { users: Array<{ username: string }> }).users.some((user) => user.username === hidden.username);
    expect(await found(hidden.username)).toBe(true);
    expect(await searched(hidden.username)).toBe(true);
    await patch(hidden, { privacy: { showInSearch: false } });
    expect(await found(hidden.username)).toBe(false);
    expect(await searched(hidden.username)).toBe(false);
    expect((await call(viewer, 'GET', `/api/profile/${hidden.username}`)).statusCode).toBe(200);
    // They still find themselves.
    expect((await call(hidden, 'GET', `/api/users/search?q=${hidden.username}`)).body).toContain(hidden.username);
  });

  it('activity status off: nobody sees them typing', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await call(ana, 'POST', `/api/follow/${bea.username}`);
    await call(bea, 'POST', `/api/follow/${ana.username}`);
    await call(ana, 'POST', `/api/conversations/${bea.username}/messages`, { text: 'Hola' });
    await call(bea, 'POST', `/api/conversations/${ana.username}/messages`, { text: 'Hola' });
    await patch(ana, { privacy: { activityStatus: false } });
    const live = await openLive(baseUrl, bea.token);
    try {
      await call(ana, 'POST', `/api/conversations/${bea.username}/typing`);
      await call(ana, 'POST', `/api/conversations/${bea.username}/messages`, { text: 'Después' });
      await live.next('message', (event) => event.message?.text === 'Después');
      expect(live.events.filter((event) => event.type === 'typing')).toEqual([]);
    } finally {
      live.close();
    }
  });
});
