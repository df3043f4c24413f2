import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesResponse } from '@wag/contract/messages';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Idempotency-Key (docs/decisions/0032-idempotency-keys.md): a client that lost the answer to a write
 * sends it again with the same key and gets the first attempt's answer; nothing is made twice, even
 * when both attempts arrive at once.
 */
let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

const sendMessage = (from: TestUser, to: TestUser, text: string, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/conversations/${to.username}/messages`,
    token: from.token,
    payload: { text },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const history = async (user: TestUser, other: TestUser) =>
  (await t.request({ method: 'GET', url: `/api/conversations/${other.username}/messages`, token: user.token })).json() as MessagesResponse;

async function uploadPhoto(user: TestUser, key: string | undefined, description: string) {
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#cc6633' } }).jpeg().toBuffer();
  const body = multipart([{ field: 'media', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo }], { description, visibility: 'public' });
  return t.request({ method: 'POST', url: '/api/posts', token: user.token, payload: body.payload, headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) } });
}
const postCount = async (user: TestUser) => Number((await t.db.selectFrom('posts').select(t.db.fn.countAll().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow()).n);

describe('a message sent again with its Idempotency-Key', () => {
  it('answers the message the first attempt wrote, and the conversation holds it once', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const first = await sendMessage(ana, bea, 'Hola, ¿llegó?', 'msg-retry-0001');
    expect(first.statusCode).toBe(200);
    t.clock.advance(1000);
    const again = await sendMessage(ana, bea, 'Hola, ¿llegó?', 'msg-retry-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(again.json().message.createdAt).toBe(first.json().message.createdAt);
    expect((await history(bea, ana)).items.map((item) => item.text)).toEqual(['Hola, ¿llegó?']);
    // Without a key every send is a new message, as before.
    await sendMessage(ana, bea, 'otro');
    await sendMessage(ana, bea, 'otro');
    expect((await history(ana, bea)).items).toHaveLength(3);
  });

  it('makes one message when two attempts with one key arrive at once', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const answers = await Promise.all([1, 2, 3].map(() => sendMessage(ana, bea, 'a la vez', 'msg-race-00001')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().message.id)).size).toBe(1);
    expect((await history(ana, bea)).items).toHaveLength(1);
  });

  it('refuses the key for another person or a malformed key, and keys are each person’s own', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const carla = await createUser(t);
    expect((await sendMessage(ana, bea, 'hola', 'msg-owned-0001')).statusCode).toBe(200);
    const elsewhere = await sendMessage(ana, carla, 'hola', 'msg-owned-0001');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ success: false, message: 'La clave del envío no es válida.' });
    expect((await history(ana, carla)).items).toHaveLength(0);
    // Another sender's identical key names their own message.
    const fromCarla = await sendMessage(carla, bea, 'hola de Carla', 'msg-owned-0001');
    expect(fromCarla.statusCode).toBe(200);
    expect((await history(bea, carla)).items.map((item) => item.text)).toEqual(['hola de Carla']);
    // Someone who blocked Ana is not found, even through a key already used: it tells nothing of them.
    const dora = await createUser(t);
    expect((await t.request({ method: 'POST', url: `/api/blocks/${ana.username}`, token: dora.token })).statusCode).toBe(200);
    expect((await sendMessage(ana, dora, 'hola', 'msg-owned-0001')).statusCode).toBe(404);
    expect((await sendMessage(ana, { username: 'nadie_existe_aqui' } as TestUser, 'hola', 'msg-owned-0001')).statusCode).toBe(404);
    for (const bad of ['corta', 'x'.repeat(65), 'con espacio 123', 'ñandú-0000-0000']) {
      expect((await sendMessage(ana, bea, 'hola', bad)).statusCode).toBe(400);
    }
    expect((await history(ana, bea)).items).toHaveLength(1);
  });

  it('still answers the first message after the recipient blocks the sender', async () => {
    const ana = await createUser(t);
    const bea = await createUser(t);
    const first = await sendMessage(ana, bea, 'antes del bloqueo', 'msg-block-0001');
    expect((await t.request({ method: 'POST', url: `/api/blocks/${ana.username}`, token: bea.token })).statusCode).toBe(200);
    const again = await sendMessage(ana, bea, 'antes del bloqueo', 'msg-block-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);
    // A new key is a new message, judged now: Bea is hidden from Ana.
    expect((await sendMessage(ana, bea, 'después', 'msg-block-0002')).statusCode).toBe(404);
    expect((await history(bea, ana)).items.map((item) => item.text)).toEqual(['antes del bloqueo']);
  });
});

describe('an upload sent again with its Idempotency-Key', () => {
  it('answers the post the first attempt made, once, even when attempts race', async () => {
    const ana = await createUser(t);
    const first = await uploadPhoto(ana, 'post-retry-0001', 'Primera');
    expect(first.statusCode).toBe(201);
    const again = await uploadPhoto(ana, 'post-retry-0001', 'Primera');
    expect(again.statusCode).toBe(201);
    expect(again.json().slug).toBe(first.json().slug);
    expect(await postCount(ana)).toBe(1);

    const raced = await Promise.all([uploadPhoto(ana, 'post-race-00001', 'A la vez'), uploadPhoto(ana, 'post-race-00001', 'A la vez')]);
    expect(raced.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(raced[0]!.json().slug).toBe(raced[1]!.json().slug);
    expect(await postCount(ana)).toBe(2);
    // The losing attempt's media folder is gone: the only folders stored are the two posts'.
    const named = await t.db.selectFrom('post_media').innerJoin('posts', 'posts.id', 'post_media.post_id').select('post_media.image_key').where('posts.user_id', '=', ana.id).execute();
    expect(await t.stored.folders()).toEqual(named.map((row) => row.image_key!.split('/').slice(0, 2).join('/')).sort());

    // A message's key is not a post's.
    const bea = await createUser(t);
    expect((await sendMessage(ana, bea, 'hola', 'post-mixed-0001')).statusCode).toBe(200);
    expect((await uploadPhoto(ana, 'post-mixed-0001', 'otra')).statusCode).toBe(400);
    expect(await postCount(ana)).toBe(2);
  });
});
