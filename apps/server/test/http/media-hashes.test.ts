import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { createRandom } from '../../src/seed/random.js';
import { sceneSvg, type SceneTheme } from '../../src/seed/scenes.js';
import { REPEAT_UPLOAD_PRIORITY } from '../../src/services/media-hashes.service.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { act, setRole } from '../support/moderation.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let moderator: TestUser;
let work: string;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  [owner, other, moderator] = [await createUser(t), await createUser(t), await createUser(t)];
  await setRole(t, moderator, 'moderator');
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-hashes-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

/** A picture of the demo world's kind, as a phone would upload it. */
function scene(theme: SceneTheme, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(theme, 720, 900, createRandom(seed)))).jpeg({ quality: 92 }).toBuffer();
}

/** The same picture after a trip through another app: cut 3% all round, 480 wide, JPEG 60. */
async function reworked(picture: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  const [x, y] = [Math.round(width * 0.03), Math.round(height * 0.03)];
  const cut = await sharp(picture).extract({ left: x, top: y, width: width - 2 * x, height: height - 2 * y }).toBuffer();
  return sharp(cut).resize(480).jpeg({ quality: 60 }).toBuffer();
}

/** A 2-second H.264 clip showing `picture`, at `width` (a phone's recording, or a re-encode of one). */
async function clipOf(picture: Buffer, name: string, width: number, crf: number): Promise<Buffer> {
  const still = path.join(work, `${name}.png`);
  const clip = path.join(work, `${name}.mp4`);
  await sharp(picture).png().toFile(still);
  await runFfmpeg(['-loop', '1', '-i', still, '-t', '2', '-r', '15', '-vf', `scale=${width}:-2,format=yuv420p`, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(crf), clip]);
  return fs.readFile(clip);
}

const post = (user: TestUser, data: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg') =>
  t.request({ method: 'POST', url: '/api/posts', token: user.token, ...multipart([{ field: 'media', filename, contentType, data }]) });
const story = (user: TestUser, data: Buffer) =>
  t.request({ method: 'POST', url: '/api/stories', token: user.token, ...multipart([{ field: 'media', filename: 'historia.jpg', contentType: 'image/jpeg', data }]) });
const profilePicture = (user: TestUser, data: Buffer) =>
  t.request({ method: 'PUT', url: '/api/user/profile-picture', token: user.token, ...multipart([{ field: 'profilePicture', filename: 'profile.jpg', contentType: 'image/jpeg', data }]) });

async function postIdOf(response: { json(): unknown }): Promise<string> {
  const { slug } = response.json() as { slug: string };
  return (await t.db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}

/** A moderator takes the post down at the desk (which queues the hashing of its media with the decision). */
async function takeDown(postId: string): Promise<void> {
  expect((await act(t, moderator, 'post', postId, { action: 'takedown', reason: 'Imágenes íntimas compartidas sin consentimiento.' })).statusCode).toBe(200);
}

/** A moderator restores it (its media leaves the block list in the same transaction). */
async function restore(postId: string): Promise<void> {
  expect((await act(t, moderator, 'post', postId, { action: 'restore', reason: 'Publicado por la persona que aparece.' })).statusCode).toBe(200);
}

async function hashesOf(subjectId: string): Promise<number> {
  const rows = await t.db.selectFrom('blocked_media_hashes').select('hash').where('subject_id', '=', subjectId).execute();
  return rows.length;
}

async function mediaFolders(): Promise<number> {
  return (await t.stored.folders()).length;
}

const refused = { success: false, message: messages.mediaTakenDown };

describe('repeat uploads of taken-down media', () => {
  let pictureId: string;
  let picture: Buffer;

  it('refuses the same picture, resized, re-encoded and cut, on posts, stories and profile pictures; a different picture passes', async () => {
    picture = await scene('city', 11);
    const original = await post(owner, picture);
    expect(original.statusCode).toBe(201);
    pictureId = await postIdOf(original);
    // Before the takedown the reworked copy is nobody's business: the check refuses only blocked media.
    expect((await story(other, await reworked(picture))).statusCode).toBe(201);

    await takeDown(pictureId);
    // The takedown only queued the hashing: it returned at once.
    expect(await hashesOf(pictureId)).toBe(0);
    await t.app.services.jobs.drain();
    expect(await hashesOf(pictureId)).toBeGreaterThan(0);

    const folders = await mediaFolders();
    const postsBefore = await t.db.selectFrom('posts').select('id').where('user_id', '=', other.id).execute();
    const copy = await reworked(picture);
    for (const response of [await post(other, copy), await story(other, copy)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    // The profile picture path: the square the person cut from it in the browser.
    const square = await sharp(picture).resize(400, 400, { fit: 'cover' }).jpeg({ quality: 70 }).toBuffer();
    const avatar = await profilePicture(other, square);
    expect(avatar.statusCode).toBe(403);
    expect(avatar.json()).toEqual(refused);

    // Nothing of the refused uploads was stored.
    expect(await mediaFolders()).toBe(folders);
    expect(await t.db.selectFrom('posts').select('id').where('user_id', '=', other.id).execute()).toEqual(postsBefore);
    expect(await t.db.selectFrom('stories').select('id').where('user_id', '=', other.id).execute()).toHaveLength(1);
    expect((await t.db.selectFrom('users').select('avatar_key').where('id', '=', other.id).executeTakeFirstOrThrow()).avatar_key).toBeNull();

    // A different picture of the same kind goes through on every path.
    const different = await scene('mountains', 12);
    expect((await post(other, different)).statusCode).toBe(201);
    expect((await story(other, different)).statusCode).toBe(201);
    expect((await profilePicture(other, await sharp(different).resize(400, 400).jpeg().toBuffer())).statusCode).toBe(200);
  });

  it('puts the uploader in the moderation queue, with an event per attempt naming the taken-down post', async () => {
    const subject = await t.db
      .selectFrom('moderation_subjects')
      .selectAll()
      .where('subject_type', '=', 'user')
      .where('subject_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(subject).toMatchObject({ owner_id: other.id, status: 'open', priority: REPEAT_UPLOAD_PRIORITY, reports_count: 0 });
    const events = await t.db.selectFrom('moderation_events').selectAll().where('subject_id', '=', other.id).orderBy('id').execute();
    expect(events.map((event) => event.action)).toEqual(['hash_match', 'hash_match', 'hash_match']);
    for (const event of events) {
      expect(event).toMatchObject({ subject_type: 'user', actor_id: null });
      expect(event.reason).toContain(pictureId);
    }
    expect(await t.db.selectFrom('moderation_subjects').select('subject_id').where('subject_id', '=', owner.id).execute()).toEqual([]);
  });

  it('lifts the block when the post is restored', async () => {
    await restore(pictureId);
    expect(await hashesOf(pictureId)).toBe(0);
    expect((await post(other, await reworked(picture))).statusCode).toBe(201);
  });

  it('refuses a video whose sampled frames match a taken-down video, and a still of it', async () => {
    const frame = await scene('tropical', 21);
    const uploaded = await post(owner, await clipOf(frame, 'original', 540, 23), 'clip.mp4', 'video/mp4');
    expect(uploaded.statusCode).toBe(201);
    const videoId = await postIdOf(uploaded);
    await t.app.services.jobs.drain();
    expect((await t.db.selectFrom('posts').select('status').where('id', '=', videoId).executeTakeFirstOrThrow()).status).toBe('ready');

    await takeDown(videoId);
    await t.app.services.jobs.drain();
    expect(await hashesOf(videoId)).toBeGreaterThan(0);

    const reencoded = await post(other, await clipOf(frame, 'reencoded', 360, 35), 'otro.mp4', 'video/mp4');
    expect(reencoded.statusCode).toBe(403);
    expect(reencoded.json()).toEqual(refused);
    expect((await story(other, await reworked(frame))).statusCode).toBe(403);
    // Nothing was queued for the refused video.
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('keeps the takedown and blocks what it can when a stored file cannot be hashed', async () => {
    const [first, second] = [await scene('bokeh', 31), await scene('arches', 32)];
    const carousel = await t.request({
      method: 'POST',
      url: '/api/posts',
      token: owner.token,
      ...multipart([
        { field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: first },
        { field: 'media', filename: 'b.jpg', contentType: 'image/jpeg', data: second },
      ]),
    });
    const postId = await postIdOf(carousel);
    const [damaged] = await t.db.selectFrom('post_media').select(['image_key', 'thumb_key']).where('post_id', '=', postId).orderBy('position').execute();
    for (const key of [damaged!.image_key!, damaged!.thumb_key!]) await t.stored.write(key, 'no es una imagen');

    await takeDown(postId);
    await t.app.services.jobs.drain();
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect((await t.db.selectFrom('posts').select('moderation').where('id', '=', postId).executeTakeFirstOrThrow()).moderation).toBe('removed');
    expect(await hashesOf(postId)).toBeGreaterThan(0);
    expect((await post(other, await reworked(second))).statusCode).toBe(403);
  });

  it('stores a takedown once however often it is hashed, and a restore before the job ran drops the job', async () => {
    const postId = await postIdOf(await post(owner, await scene('waves', 41)));
    await takeDown(postId);
    await t.app.services.mediaHashes.blockSubject('post', postId);
    await t.app.services.jobs.drain();
    const once = await hashesOf(postId);
    expect(once).toBeGreaterThan(0);
    const rows = await t.db.selectFrom('blocked_media_hashes').select(['hash']).where('subject_id', '=', postId).execute();
    expect(new Set(rows.map((row) => row.hash)).size).toBe(once);

    const later = await postIdOf(await post(owner, await scene('dunes', 42)));
    await takeDown(later);
    await restore(later);
    // (the owner's two emails wait in the queue; the hashing job is gone)
    expect(await t.db.selectFrom('jobs').select('name').execute()).toEqual([{ name: 'mail.send' }, { name: 'mail.send' }]);
    await t.app.services.jobs.drain();
    expect(await hashesOf(later)).toBe(0);
  });
});
