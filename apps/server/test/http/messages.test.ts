import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationsResponse, MessageRequestsResponse, MessagesResponse } from '@wag/contract/messages';
import { createUser, type TestUser } from '../support/factories.js';
import { openLive } from '../support/live-client.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

const get = (url: string, user: TestUser | null) => t.request({ method: 'GET', url, token: user?.token });
const post = (url: string, user: TestUser | null, payload?: object) => t.request({ method: 'POST', url, token: user?.token, payload });
const del = (url: string, user: TestUser | null) => t.request({ method: 'DELETE', url, token: user?.token });

async function send(from: TestUser, to: TestUser, text: string) {
  t.clock.advance(10);
  const response = await post(`/api/conversations/${to.username}/messages`, from, { text });
  expect(response.statusCode).toBe(200);
  return response.json() as { success: true; message: { id: string; text: string; fromMe: boolean } };
}
const conversations = async (user: TestUser, query = '') =>
  (await get(`/api/conversations${query}`, user)).json() as ConversationsResponse;
const requests = async (user: TestUser) => (await get('/api/message-requests', user)).json() as MessageRequestsResponse;
const history = async (user: TestUser, other: TestUser, cursor?: string) =>
  (await get(`/api/conversations/${other.username}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, user)).json() as MessagesResponse;
const names = (page: { items: Array<{ user: { username: string } }> }) => page.items.map((item) => item.user.username);

describe('sending messages', () => {
  it('asks for a session and a trimmed, non-empty text of at most 2,000 characters to someone else', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const url = `/api/conversations/${bea.username}/messages`;
    expect((await post(url, null, { text: 'hola' })).statusCode).toBe(401);
    expect((await get('/api/conversations', null)).statusCode).toBe(401);
    expect((await get('/api/message-requests', null)).statusCode).toBe(401);
    expect((await post(url, ana, { text: '   ' })).json()).toEqual({ success: false, message: 'El mensaje no puede estar vacío.' });
    expect((await post(url, ana, {})).statusCode).toBe(400);
    expect((await post(url, ana, { text: 'x'.repeat(2001) })).json()).toEqual({ success: false, message: 'El mensaje no puede tener más de 2000 caracteres.' });
    expect((await post(`/api/conversations/${ana.username}/messages`, ana, { text: 'yo' })).statusCode).toBe(400);
    expect((await post('/api/conversations/nadie_existe/messages', ana, { text: 'hola' })).statusCode).toBe(404);
    const sent = await send(ana, bea, `  ${'x'.repeat(1990)}  `);
    expect(sent.message).toMatchObject({ text: 'x'.repeat(1990), fromMe: true });
  });

  it('puts a first message from someone you do not follow in your requests; accepting moves it to your conversations', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await send(ana, bea, 'Hola Bea');
    expect(names(await conversations(ana))).toEqual([bea.username]);
    const beaList = await conversations(bea);
    expect(beaList.items).toEqual([]);
    expect(beaList.requestsCount).toBe(1);
    const pending = await requests(bea);
    expect(names(pending)).toEqual([ana.username]);
    expect(pending.items[0]).toMatchObject({ unreadCount: 1, lastMessage: { text: 'Hola Bea', fromMe: false } });
    expect((await history(bea, ana)).status).toBe('request');

    expect((await post(`/api/message-requests/${ana.username}/accept`, bea)).statusCode).toBe(200);
    expect((await requests(bea)).items).toEqual([]);
    expect(names(await conversations(bea))).toEqual([ana.username]);
    expect((await post(`/api/message-requests/${ana.username}/accept`, bea)).statusCode).toBe(404);
  });

  it('delivers straight to the conversations of someone who follows you, and replying to a request accepts it', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await post(`/api/follow/${ana.username}`, bea);
    await send(ana, bea, 'Gracias por seguirme');
    expect(names(await conversations(bea))).toEqual([ana.username]);

    const carla = await createUser(t);
    await send(carla, ana, '¿Colaboramos?');
    expect(names(await requests(ana))).toEqual([carla.username]);
    await send(ana, carla, '¡Claro!');
    expect((await requests(ana)).items).toEqual([]);
    expect(names(await conversations(ana))).toEqual([carla.username, bea.username]);
  });

  it('rejecting removes the request and tells the sender nothing; a later message is a new request with only itself', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await send(ana, bea, 'Primer mensaje');
    expect((await post(`/api/message-requests/${ana.username}/reject`, bea)).statusCode).toBe(200);
    expect((await requests(bea)).items).toEqual([]);
    expect((await conversations(bea)).requestsCount).toBe(0);
    expect((await history(bea, ana)).items).toEqual([]);
    // The sender's side is unchanged.
    expect((await history(ana, bea)).items.map((m) => m.text)).toEqual(['Primer mensaje']);
    expect(names(await conversations(ana))).toEqual([bea.username]);

    await send(ana, bea, 'Segundo mensaje');
    expect(names(await requests(bea))).toEqual([ana.username]);
    expect((await history(bea, ana)).items.map((m) => m.text)).toEqual(['Segundo mensaje']);
    expect((await post(`/api/message-requests/${bea.username}/reject`, ana)).statusCode).toBe(404);
  });

  it('lets only the two participants read a conversation', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const carla = await createUser(t);
    await send(ana, bea, 'Solo para ti');
    await send(bea, ana, 'Secreto');
    expect((await history(ana, bea)).items.map((m) => m.text)).toEqual(['Secreto', 'Solo para ti']);
    expect((await history(bea, ana)).items.map((m) => m.text)).toEqual(['Secreto', 'Solo para ti']);
    for (const other of [ana, bea]) {
      const seen = await history(carla, other);
      expect(seen).toMatchObject({ items: [], status: 'none' });
    }
    expect((await conversations(carla)).items).toEqual([]);
    expect((await requests(carla)).items).toEqual([]);
    expect((await del(`/api/conversations/${bea.username}`, carla)).statusCode).toBe(404);
    expect((await post(`/api/message-requests/${bea.username}/accept`, carla)).statusCode).toBe(404);
    expect((await history(ana, bea)).items).toHaveLength(2);
  });

  it('pages history upward, newest first, without repeats', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await post(`/api/follow/${ana.username}`, bea);
    for (let i = 0; i < 35; i += 1) await send(i % 2 ? bea : ana, i % 2 ? ana : bea, `mensaje ${i}`);
    const first = await history(bea, ana);
    expect(first.items).toHaveLength(30);
    expect(first.items[0]!.text).toBe('mensaje 34');
    const second = await history(bea, ana, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((m) => m.text)).toEqual(Array.from({ length: 35 }, (_, i) => `mensaje ${34 - i}`));
  });

  it('counts unread messages and marks them read, which the other side sees', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await post(`/api/follow/${ana.username}`, bea);
    await send(ana, bea, 'uno');
    await send(ana, bea, 'dos');
    expect((await conversations(bea)).items[0]!.unreadCount).toBe(2);
    expect((await history(ana, bea)).otherLastReadAt).toBeNull();
    expect((await get('/api/live/counts', bea)).json()).toEqual({ notifications: 0, messages: 1, requests: 0 });
    expect((await get('/api/live/counts', null)).statusCode).toBe(401);
    expect((await post(`/api/conversations/${ana.username}/read`, bea)).statusCode).toBe(200);
    expect((await get('/api/live/counts', bea)).json()).toEqual({ notifications: 0, messages: 0, requests: 0 });
    expect((await conversations(bea)).items[0]!.unreadCount).toBe(0);
    expect((await history(ana, bea)).otherLastReadAt).toBe(t.clock.now().toISOString());
  });

  it("'Eliminar Chat' removes the conversation for you only, until a new message arrives", async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    await post(`/api/follow/${bea.username}`, ana);
    await send(ana, bea, 'hola');
    await send(bea, ana, 'qué tal');
    expect((await del(`/api/conversations/${bea.username}`, ana)).statusCode).toBe(200);
    expect((await conversations(ana)).items).toEqual([]);
    expect((await history(ana, bea)).items).toEqual([]);
    expect((await history(bea, ana)).items).toHaveLength(2);
    await send(bea, ana, '¿sigues ahí?');
    expect(names(await conversations(ana))).toEqual([bea.username]);
    expect((await history(ana, bea)).items.map((m) => m.text)).toEqual(['¿sigues ahí?']);
  });

  it('filters the list by username or name, accents and case aside', async () => {
    const ana = await createUser(t);
    const jose = await createUser(t);
    await t.db.updateTable('users').set({ full_name: 'José Núñez' }).where('id', '=', jose.id).execute();
    const other = await createUser(t);
    await send(ana, jose, 'hola');
    await send(ana, other, 'hola');
    expect(names(await conversations(ana, '?query=NUNEZ'))).toEqual([jose.username]);
    expect(names(await conversations(ana, `?query=${other.username}`))).toEqual([other.username]);
    expect((await conversations(ana, '?query=%25')).items).toEqual([]);
  });

  it('limits how fast one sender writes', async () => {
    // With the rate limits on, as a server runs (the shared test app has them off).
    const limited = await createTestApp({ mediaWorker: false, rateLimitScale: 1 });
    try {
      const ana = await createUser(limited);
      const bea = await createUser(limited);
      const write = (text: string) =>
        limited.request({ method: 'POST', url: `/api/conversations/${bea.username}/messages`, token: ana.token, payload: { text } });
      for (let i = 0; i < 30; i += 1) expect((await write(`m${i}`)).statusCode).toBe(200);
      const refused = await write('uno más');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Estás enviando mensajes demasiado rápido. Espera un momento.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      limited.clock.advance(61_000);
      expect((await write('ya puedo')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('shows story replies in the conversation, quoting the story', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const story = await t.db
      .insertInto('stories')
      .values({ user_id: owner.id, audience: 'public', kind: 'image', image_key: 'u/aaaaaaaaaaaaaaaaaaaa/full.webp', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await post(`/api/stories/${story.id}/reply`, fan, { text: '¡Qué bonito!' })).statusCode).toBe(200);
    const pending = await requests(owner);
    expect(pending.items[0]).toMatchObject({ user: { username: fan.username }, lastMessage: { text: '¡Qué bonito!', story: { id: story.id } } });
    const mine = await history(fan, owner);
    expect(mine.items[0]).toMatchObject({ text: '¡Qué bonito!', fromMe: true, story: { id: story.id } });
    expect(mine.items[0]!.story!.thumbnail_url).toMatch(/full\.webp/);

    // After its 24 hours the fan sees the picture only while the owner keeps the story as a highlight.
    t.clock.advance(25 * 60 * 60 * 1000);
    expect((await history(fan, owner)).items[0]!.story!.thumbnail_url).toBeNull();
    await t.db.updateTable('stories').set({ highlighted_at: t.clock.now() }).where('id', '=', story.id).execute();
    expect((await history(fan, owner)).items[0]!.story!.thumbnail_url).toMatch(/full\.webp/);
  });
});

describe('the OpenAPI description', () => {
  it('lists the notification, message and live-channel calls', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected: Array<[string, string]> = [
      ['/api/notifications', 'get'],
      ['/api/notifications/unread-count', 'get'],
      ['/api/notifications/read', 'post'],
      ['/api/conversations', 'get'],
      ['/api/conversations/{username}/messages', 'get'],
      ['/api/conversations/{username}/messages', 'post'],
      ['/api/conversations/{username}/read', 'post'],
      ['/api/conversations/{username}/typing', 'post'],
      ['/api/conversations/{username}', 'delete'],
      ['/api/message-requests', 'get'],
      ['/api/message-requests/{username}/accept', 'post'],
      ['/api/message-requests/{username}/reject', 'post'],
      ['/api/live', 'get'],
      ['/api/live/counts', 'get'],
    ];
    for (const [path, method] of expected) expect(spec.paths[path], `${method} ${path}`).toHaveProperty(method);
  });
});

describe('the live channel', () => {
  let baseUrl: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it("tells the other person live that you are typing, only in a conversation they accepted", async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const dan = await createUser(t);
    await post(`/api/follow/${ana.username}`, bea);
    await send(ana, bea, 'hola');
    await send(dan, bea, '¿hablamos?');
    const beaLive = await openLive(baseUrl, bea.token);
    const anaLive = await openLive(baseUrl, ana.token);
    try {
      await beaLive.next('counts');
      await anaLive.next('counts');
      // A pending request and a stranger show nothing.
      expect((await post(`/api/conversations/${bea.username}/typing`, dan)).statusCode).toBe(200);
      expect((await post(`/api/conversations/${ana.username}/typing`, dan)).statusCode).toBe(200);
      expect((await post(`/api/conversations/${bea.username}/typing`, ana)).statusCode).toBe(200);
      expect(await beaLive.next('typing')).toEqual({ type: 'typing', with: ana.username });
      expect(beaLive.events.filter((event) => event.type === 'typing')).toHaveLength(1);
      expect(anaLive.events.filter((event) => event.type === 'typing')).toEqual([]);
      await post(`/api/conversations/${ana.username}/typing`, bea);
      expect(await anaLive.next('typing')).toEqual({ type: 'typing', with: bea.username });
      // Bea's typing came after Dan's on the same stream: had Dan's been sent, it would be here too.
      expect(anaLive.events.filter((event) => event.type === 'typing')).toEqual([{ type: 'typing', with: bea.username }]);
      expect((await post(`/api/conversations/${bea.username}/typing`, null)).statusCode).toBe(401);
    } finally {
      beaLive.close();
      anaLive.close();
    }
  });

  it('keeps at most eight streams per person, ending the oldest', async () => {
    const ana = await createUser(t);
    const streams = [];
    for (let i = 0; i < 8; i += 1) streams.push(await openLive(baseUrl, ana.token));
    let firstEnded = false;
    void streams[0]!.ended.then(() => (firstEnded = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firstEnded).toBe(false);
    const ninth = await openLive(baseUrl, ana.token);
    await streams[0]!.ended;
    expect(firstEnded).toBe(true);
    expect(t.app.services.live.connectedClients(ana.id)).toBe(8);
    for (const stream of [...streams, ninth]) stream.close();
  });

  it('delivers a story reply live with the story picture', async () => {
    const owner = await createUser(t);
    const fan = await createUser(t);
    const story = await t.db
      .insertInto('stories')
      .values({ user_id: owner.id, audience: 'public', kind: 'image', image_key: 'u/bbbbbbbbbbbbbbbbbbbb/full.webp', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ownerLive = await openLive(baseUrl, owner.token);
    try {
      await ownerLive.next('counts');
      expect((await post(`/api/stories/${story.id}/reply`, fan, { text: 'Me encanta' })).statusCode).toBe(200);
      const event = await ownerLive.next('message');
      expect(event).toMatchObject({ with: fan.username, request: true, message: { text: 'Me encanta', story: { id: story.id } } });
      expect(event.message!.story!.thumbnail_url).toMatch(/bbbbbbbbbbbbbbbbbbbb\/full\.webp/);
    } finally {
      ownerLive.close();
    }
  });

  it('refuses a client without a session', async () => {
    expect((await fetch(`${baseUrl}/api/live`)).status).toBe(401);
  });

  it('opens with the unread counts and delivers messages to both sides and notifications with new counts', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const beaLive = await openLive(baseUrl, bea.token);
    const anaLive = await openLive(baseUrl, ana.token);
    try {
      expect(await beaLive.next('counts')).toEqual({ type: 'counts', counts: { notifications: 0, messages: 0, requests: 0 } });
      await send(ana, bea, 'en directo');
      const received = await beaLive.next('message');
      expect(received).toMatchObject({ with: ana.username, request: true, message: { text: 'en directo', fromMe: false }, counts: { requests: 1 } });
      expect(await anaLive.next('message')).toMatchObject({ with: bea.username, message: { text: 'en directo', fromMe: true } });

      const photo = await insertPost(t, bea.id);
      await post(`/api/posts/${photo.id}/like`, ana);
      expect(await beaLive.next('notification')).toMatchObject({ counts: { notifications: 1 } });
      await post('/api/notifications/read', bea);
      expect(await beaLive.next('counts', (event) => event.counts.notifications === 0)).toBeTruthy();
      // Nothing of Bea's reached Ana's stream: Ana's own notification, sent after, is the only one there.
      expect(anaLive.events.filter((event) => event.type === 'notification')).toEqual([]);
      const anaPhoto = await insertPost(t, ana.id);
      await post(`/api/posts/${anaPhoto.id}/like`, bea);
      await anaLive.next('notification');
      expect(anaLive.events.filter((event) => event.type === 'notification')).toEqual([{ type: 'notification', counts: expect.objectContaining({ notifications: 1 }) }]);
    } finally {
      beaLive.close();
      anaLive.close();
    }
  });
});
