import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectMessage, MessagesResponse } from '@wag/contract/messages';
import { messages } from '../../src/lib/messages.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { createRandom } from '../../src/seed/random.js';
import { sceneSvg } from '../../src/seed/scenes.js';
import { createUser, type TestUser } from '../support/factories.js';
import { openLive } from '../support/live-client.js';
import { act, setRole } from '../support/moderation.js';
import { multipart, type MultipartFile } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false, uploadMaxBytes: 2 * 1024 * 1024 });
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'wag-dm-clip-')), 'clip.mov');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', file]);
  clip = await fs.readFile(file);
});
afterAll(() => t.close());

/** A JPEG as a phone takes it: with camera and GPS metadata. */
function photo(color = '#3366cc', width = 640, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'CamaraSecreta' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } })
    .toBuffer();
}

const file = (data: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg'): MultipartFile => ({ field: 'media', filename, contentType, data });

function sendMedia(from: TestUser | null, to: string, files: MultipartFile[], fields: Record<string, string> = {}) {
  t.clock.advance(10);
  return t.request({ method: 'POST', url: `/api/conversations/${to}/media`, token: from?.token, ...multipart(files, fields) });
}

/** A media request as a browser sends it: the media cookie of the session, no bearer token. */
const fetchMedia = (url: string, viewer: TestUser | null) => t.request({ method: 'GET', url, headers: viewer ? { cookie: viewer.mediaCookie } : {} });

const history = async (user: TestUser, other: TestUser) =>
  (await t.request({ method: 'GET', url: `/api/conversations/${other.username}/messages`, token: user.token })).json() as MessagesResponse;

async function restrictedFolders(): Promise<number> {
  return (await t.stored.folders()).filter((key) => key.startsWith('r/')).length;
}

describe('photos and videos in direct messages', () => {
  it('sends a photo with text: re-encoded without metadata, served privately to the two people only', async () => {
    const [ana, bea, carla] = [await createUser(t), await createUser(t), await createUser(t)];
    const response = await sendMedia(ana, bea.username, [file(await photo())], { text: '  Mira esto  ' });
    expect(response.statusCode).toBe(200);
    const { message } = response.json() as { message: DirectMessage };
    expect(message).toMatchObject({ text: 'Mira esto', fromMe: true, media: { kind: 'image', status: 'ready', width: 640, height: 800, poster_url: null } });
    const url = message.media!.url!;
    // A restricted folder with a random name: nothing to guess, and judged on every request.
    expect(url).toMatch(/^\/media\/r\/[a-z0-9]{20}\/full\.webp$/);

    const served = await fetchMedia(url, bea);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('CamaraSecreta'))).toBe(false);
    expect((await fetchMedia(url, ana)).statusCode).toBe(200);

    // Anyone else: a stranger, a guest, a moderator of nothing reported.
    expect((await fetchMedia(url, carla)).statusCode).toBe(404);
    expect((await fetchMedia(url, null)).statusCode).toBe(404);
    const moderator = await createUser(t);
    await setRole(t, moderator, 'moderator');
    expect((await fetchMedia(url, moderator)).statusCode).toBe(404);

    // The recipient reads it in the conversation (a request: Bea does not follow Ana).
    const beaSide = await history(bea, ana);
    expect(beaSide.items[0]).toMatchObject({ id: message.id, fromMe: false, text: 'Mira esto', media: { kind: 'image', url } });
    // A third person finds the message nowhere and cannot report it.
    expect((await history(carla, ana)).items).toEqual([]);
    expect((await history(carla, bea)).items).toEqual([]);
    const reported = await t.request({ method: 'POST', url: '/api/reports', token: carla.token, payload: { subjectType: 'message', subjectId: message.id, reason: 'spam' } });
    expect(reported.statusCode).toBe(404);
    // The conversation list shows the photo as its last message.
    const list = (await t.request({ method: 'GET', url: '/api/conversations', token: ana.token })).json();
    expect(list.items[0].lastMessage).toMatchObject({ id: message.id, media: { kind: 'image' } });

    // Once reported to the moderators, they may see it to judge it.
    expect((await t.request({ method: 'POST', url: '/api/reports', token: bea.token, payload: { subjectType: 'message', subjectId: message.id, reason: 'spam' } })).statusCode).toBe(201);
    t.clock.advance(61_000);
    expect((await fetchMedia(url, moderator)).statusCode).toBe(200);
  });

  it('queues a video as processing, then makes it playable and tells the other person live', async () => {
    const [ana, bea] = [await createUser(t), await createUser(t)];
    await t.request({ method: 'POST', url: `/api/follow/${ana.username}`, token: bea.token });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const beaLive = await openLive(baseUrl, bea.token);
    try {
      await beaLive.next('counts');
      const response = await sendMedia(ana, bea.username, [file(clip, 'video.mov', 'video/quicktime')]);
      expect(response.statusCode).toBe(200);
      const { message } = response.json() as { message: DirectMessage };
      expect(message).toMatchObject({ text: '', media: { kind: 'video', status: 'processing', url: null, poster_url: null } });
      const arrived = await beaLive.next('message', (event) => event.message?.id === message.id);
      expect(arrived.message?.media).toMatchObject({ kind: 'video', status: 'processing', url: null });
      expect((await history(bea, ana)).items[0]?.media?.status).toBe('processing');

      await t.app.services.jobs.drain();
      const ready = await beaLive.next('message-updated', (event) => event.message.id === message.id);
      expect(ready.with).toBe(ana.username);
      expect(ready.message.media).toMatchObject({ kind: 'video', status: 'ready', width: 320, height: 240 });
      expect(ready.message.media?.url).toMatch(/^\/media\/r\/[a-z0-9]{20}\/video\.mp4$/);
      expect(ready.message.media?.poster_url).toMatch(/poster\.webp$/);
      const video = await fetchMedia(ready.message.media!.url!, bea);
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.headers['cache-control']).toMatch(/^private/);
      const ranged = await t.request({ method: 'GET', url: ready.message.media!.url!, headers: { cookie: bea.mediaCookie, range: 'bytes=0-9' } });
      expect(ranged.statusCode).toBe(206);
      expect((await history(ana, bea)).items[0]?.media).toMatchObject({ status: 'ready', url: ready.message.media!.url });
      expect(await t.stored.queued()).toEqual([]);
    } finally {
      beaLive.close();
    }
  });

  it('does not bring back live a processing video the recipient reported meanwhile; its sender still hears', async () => {
    const [ana, bea] = [await createUser(t), await createUser(t)];
    await t.request({ method: 'POST', url: `/api/follow/${ana.username}`, token: bea.token });
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const [anaLive, beaLive] = [await openLive(baseUrl, ana.token), await openLive(baseUrl, bea.token)];
    try {
      await Promise.all([anaLive.next('counts'), beaLive.next('counts')]);
      const { message } = (await sendMedia(ana, bea.username, [file(clip, 'video.mov', 'video/quicktime')])).json() as { message: DirectMessage };
      await beaLive.next('message', (event) => event.message?.id === message.id);
      const reported = await t.request({ method: 'POST', url: '/api/reports', token: bea.token, payload: { subjectType: 'message', subjectId: message.id, reason: 'spam' } });
      expect(reported.statusCode).toBeLessThan(300);

      await t.app.services.jobs.drain();
      const ready = await anaLive.next('message-updated', (event) => event.message.id === message.id);
      expect(ready.message.media).toMatchObject({ status: 'ready' });
      // Both sides are published together: by the time Ana has hers, Bea would have had hers too.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(beaLive.events.filter((event) => event.type === 'message-updated')).toEqual([]);
    } finally {
      anaLive.close();
      beaLive.close();
    }
  });

  it('refuses guests, odd bytes, oversized files and a missing file, leaving nothing behind', async () => {
    const [ana, bea] = [await createUser(t), await createUser(t)];
    const before = await restrictedFolders();
    expect((await sendMedia(null, bea.username, [file(await photo())])).statusCode).toBe(401);
    const odd = await sendMedia(ana, bea.username, [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.jpg')]);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ success: false, message: messages.uploadInvalidType });
    const big = await sendMedia(ana, bea.username, [file(Buffer.alloc(2 * 1024 * 1024 + 10, 1))]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, message: messages.uploadTooLarge });
    const none = await sendMedia(ana, bea.username, [], { text: 'solo texto' });
    expect(none.json()).toEqual({ success: false, message: messages.messageMediaMissing });
    const long = await sendMedia(ana, bea.username, [file(await photo())], { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((await sendMedia(ana, ana.username, [file(await photo())])).statusCode).toBe(400);
    expect(await restrictedFolders()).toBe(before);
    expect((await history(bea, ana)).items).toEqual([]);
  });

  it('keeps the message rules: blocks, whoCanMessage, and the file leaves the one blocked', async () => {
    const [ana, bea, dan] = [await createUser(t), await createUser(t), await createUser(t)];
    const sent = (await (await sendMedia(ana, bea.username, [file(await photo('#aa3300'))])).json()) as { message: DirectMessage };
    const url = sent.message.media!.url!;

    // Bea blocks Ana: Ana loses the conversation and its file; Bea keeps both, read-only.
    expect((await t.request({ method: 'POST', url: `/api/blocks/${ana.username}`, token: bea.token })).statusCode).toBe(200);
    const blocked = await sendMedia(ana, bea.username, [file(await photo())]);
    expect(blocked.statusCode).toBe(404);
    expect((await sendMedia(bea, ana.username, [file(await photo())])).statusCode).toBe(403);
    // Decisions are kept a minute: past it the block holds for the file too.
    t.clock.advance(61_000);
    expect((await fetchMedia(url, ana)).statusCode).toBe(404);
    expect((await fetchMedia(url, bea)).statusCode).toBe(200);

    // Someone who takes messages from nobody gets no photo from a stranger either.
    expect((await t.request({ method: 'PATCH', url: '/api/account/preferences', token: dan.token, payload: { privacy: { whoCanMessage: 'nobody' } } })).statusCode).toBe(200);
    const refused = await sendMedia(ana, dan.username, [file(await photo())]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: messages.messageNotAllowed });
  });

  it('hides the file from whoever deleted the chat, and keeps it for the other', async () => {
    const [ana, bea] = [await createUser(t), await createUser(t)];
    const sent = (await (await sendMedia(ana, bea.username, [file(await photo('#11aa55'))])).json()) as { message: DirectMessage };
    const url = sent.message.media!.url!;
    t.clock.advance(1000);
    expect((await t.request({ method: 'DELETE', url: `/api/conversations/${ana.username}`, token: bea.token })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await fetchMedia(url, bea)).statusCode).toBe(404);
    expect((await fetchMedia(url, ana)).statusCode).toBe(200);
  });

  it('refuses media a moderator took down, however it is sent', async () => {
    const [owner, ana, bea, moderator] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    await setRole(t, moderator, 'moderator');
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#000000' } })
      .composite([{ input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer(), left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    const posted = await t.request({ method: 'POST', url: '/api/posts', token: owner.token, ...multipart([file(picture)]) });
    expect(posted.statusCode).toBe(201);
    const post = await t.db.selectFrom('posts').select('id').where('slug', '=', (posted.json() as { slug: string }).slug).executeTakeFirstOrThrow();
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Contenido íntimo sin consentimiento.' })).statusCode).toBe(200);
    await t.app.services.jobs.drain();

    const before = await restrictedFolders();
    const again = await sendMedia(ana, bea.username, [file(await sharp(picture).resize(400).jpeg({ quality: 70 }).toBuffer())]);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ success: false, message: messages.mediaTakenDown });
    expect(await restrictedFolders()).toBe(before);
    expect((await history(bea, ana)).items).toEqual([]);
  });

  it('puts a taken-down photo message on the block list: nobody can send or post it again', async () => {
    const [ana, bea, moderator] = [await createUser(t), await createUser(t), await createUser(t)];
    await setRole(t, moderator, 'moderator');
    const picture = await sharp(Buffer.from(sceneSvg('waves', 720, 900, createRandom(31)))).jpeg({ quality: 92 }).toBuffer();
    const sent = (await (await sendMedia(ana, bea.username, [file(picture)])).json()) as { message: DirectMessage };
    expect((await t.request({ method: 'POST', url: '/api/reports', token: bea.token, payload: { subjectType: 'message', subjectId: sent.message.id, reason: 'spam' } })).statusCode).toBe(201);
    expect((await act(t, moderator, 'message', sent.message.id, { action: 'takedown', reason: 'Imagen íntima sin consentimiento.' })).statusCode).toBe(200);
    await t.app.services.jobs.drain();
    expect(await t.db.selectFrom('blocked_media_hashes').select('hash').where('subject_id', '=', sent.message.id).execute()).not.toEqual([]);
    const carla = await createUser(t);
    expect((await sendMedia(ana, carla.username, [file(picture)])).json()).toEqual({ success: false, message: messages.mediaTakenDown });
    const posted = await t.request({ method: 'POST', url: '/api/posts', token: carla.token, ...multipart([file(picture)]) });
    expect(posted.statusCode).toBe(403);
    // Taken down: gone from Bea's view and its file from her too; Ana, its sender, keeps hers.
    t.clock.advance(61_000);
    expect((await fetchMedia(sent.message.media!.url!, bea)).statusCode).toBe(404);
    expect((await fetchMedia(sent.message.media!.url!, ana)).statusCode).toBe(200);
  });

  it('answers a retried upload with the message the first attempt wrote', async () => {
    const [ana, bea] = [await createUser(t), await createUser(t)];
    const picture = await photo('#884400');
    const first = await sendMedia(ana, bea.username, [file(picture)], { clientKey: 'envio-0001-abcdef' });
    const second = await sendMedia(ana, bea.username, [file(picture)], { clientKey: 'envio-0001-abcdef' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { message: DirectMessage }).message.id).toBe((first.json() as { message: DirectMessage }).message.id);
    expect((await history(bea, ana)).items).toHaveLength(1);
    expect((await sendMedia(ana, bea.username, [file(picture)], { clientKey: 'no vale' })).statusCode).toBe(400);
    // The same key for someone else is a mistake told plainly (400), not a second message or a 500.
    const carla = await createUser(t);
    const elsewhere = await sendMedia(ana, carla.username, [file(picture)], { clientKey: 'envio-0001-abcdef' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ success: false, message: messages.messageMediaKeyInvalid });
    expect((await history(carla, ana)).items).toHaveLength(0);
  });

  it('puts the photos a person sent in their export, and removes them with the account', async () => {
    const [ana, bea] = [await createUser(t), await createUser(t)];
    const sent = (await (await sendMedia(ana, bea.username, [file(await photo('#5500aa'))], { text: 'para ti' })).json()) as { message: DirectMessage };
    const folder = sent.message.media!.url!.replace(/^\/media\//, '').split('/').slice(0, 2).join('/');

    const exported = await t.request({ method: 'GET', url: '/api/account/export', token: ana.token });
    expect(exported.statusCode).toBe(200);
    const zip = exported.rawPayload.toString('latin1');
    expect(zip).toContain(`mensajes/${sent.message.id}-full.webp`);

    expect((await t.request({ method: 'DELETE', url: '/api/account', token: ana.token, payload: { password: ana.password } })).statusCode).toBe(200);
    expect(await t.db.selectFrom('message_media').select('message_id').where('message_id', '=', sent.message.id).execute()).toEqual([]);
    // The message stays with Bea, without its file.
    const requests = (await t.request({ method: 'GET', url: '/api/message-requests', token: bea.token })).json();
    expect(requests.items[0].lastMessage).toMatchObject({ id: sent.message.id, text: 'para ti', media: null });
    await t.app.services.jobs.runHere({ name: 'storage.sweep', data: { graceMs: 0 } });
    expect(await t.stored.folders()).not.toContain(folder);
  });
});
