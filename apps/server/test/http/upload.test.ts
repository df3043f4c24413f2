import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { runFfmpeg, probeMedia } from '../../src/media/video-renditions.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart, type MultipartFile } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let author: TestUser;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false, uploadMaxBytes: 2 * 1024 * 1024 });
  author = await createUser(t);
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'wag-clip-')), 'clip.mov');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=30:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', '-metadata', 'location=+40.4168-003.7038/', file]);
  clip = await fs.readFile(file);
});
afterAll(() => t.close());

async function photo(width = 800, height = 600, withGps = true): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg();
  return (withGps ? image.withExif({ IFD0: { Make: 'CamaraSecreta' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 0/1' } }) : image).toBuffer();
}

function upload(user: TestUser | null, files: MultipartFile[], fields: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: '/api/posts', token: user?.token, ...multipart(files, fields) });
}

const media = (data: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg'): MultipartFile => ({ field: 'media', filename, contentType, data });

async function mediaFiles(): Promise<number> {
  return (await t.stored.folders()).filter((key) => key.startsWith('u/')).length;
}

async function postCount(): Promise<number> {
  const row = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/posts', () => {
  it('publishes a photo: re-encoded without metadata, in display sizes, with tags and description', async () => {
    const response = await upload(author, [media(await photo())], { description: '  Atardecer  ', visibility: 'public', tags: JSON.stringify(['#playa', 'sol', 'Playa', '']), contentType: 'image', postType: 'grid' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: messages.uploaded, postType: 'grid' });
    expect(body.postSlug).toBe(body.slug);

    const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${body.slug}` })).json().post;
    expect(post).toMatchObject({ post_type: 'grid', media_type: 'image', body: 'Atardecer', tags: ['playa', 'sol'], status: 'ready' });
    for (const url of [post.image_url, post.thumbnail_url]) {
      const served = await t.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      // Public files are cached at most a day, so a deleted or withdrawn file stops being served.
      expect(served.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('CamaraSecreta'))).toBe(false);
    }
    const thumb = await sharp((await t.request({ method: 'GET', url: post.thumbnail_url })).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 480]);
  });

  it('publishes a carousel of several images in order, tags split on commas and spaces', async () => {
    const files = [media(await photo(600, 600, false)), media(await sharp({ create: { width: 500, height: 700, channels: 3, background: '#aa0000' } }).png().toBuffer(), 'b.png', 'image/png')];
    const body = (await upload(author, files, { tags: 'viaje, playa  sol,,' })).json();
    const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${body.slug}` })).json().post;
    expect(post.media_count).toBe(2);
    expect(post.media.map((item: { width: number }) => item.width)).toEqual([600, 500]);
    expect(post.tags).toEqual(['viaje', 'playa', 'sol']);
  });

  it('derives postType from audience and kind, whatever the client says', async () => {
    // Subscribers-only: an identity-verified author confirming consent (identity-verification.test.ts has the refusals).
    await t.db.updateTable('users').set({ identity_verified_at: t.clock.now() }).where('id', '=', author.id).execute();
    const vip = (await upload(author, [media(await photo())], { visibility: 'subscribers', postType: 'grid', confirmConsent: 'true' })).json();
    expect(vip.postType).toBe('vip');
    const followers = (await upload(author, [media(await photo())], { visibility: 'followers', postType: 'quicky' })).json();
    expect(followers.postType).toBe('grid');
  });

  it('queues a video as a quicky that turns ready with an H.264/AAC faststart MP4 and a poster', async () => {
    const response = await upload(author, [media(clip, 'clip.jpg', 'image/jpeg')], { description: 'Mi quicky' });
    expect(response.statusCode).toBe(201);
    const { slug, postType } = response.json();
    expect(postType).toBe('quicky');
    const pending = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: author.token })).json().post;
    expect(pending.status).toBe('processing');
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).statusCode).toBe(404);

    await t.app.services.jobs.drain();
    const ready = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).json().post;
    expect(ready.status).toBe('ready');
    expect(ready.video_url).toMatch(/video\.mp4$/);
    expect(ready.video_thumbnail_url).toMatch(/poster\.webp$/);

    const key = ready.video_url.replace('/media/', '');
    const probe = await t.app.services.storage.media.withLocalFile(key, (file) => probeMedia(file));
    expect(probe).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 360, height: 640 });
    const bytes = (await t.stored.read(key))!;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(bytes.includes(Buffer.from('+40.4168'))).toBe(false);

    const ranged = await t.request({ method: 'GET', url: ready.video_url, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.rawPayload.length).toBe(100);
    expect(await t.stored.queued()).toEqual([]);
  });

  it('refuses what is not an image or a video, leaving no post and no file', async () => {
    const postsBefore = await postCount();
    const filesBefore = await mediaFiles();
    const cases: Array<[MultipartFile[], number, string]> = [
      [[media(Buffer.from('solo texto, aunque se llame .jpg'))], 400, messages.uploadInvalidType],
      [[media(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.svg', 'image/svg+xml')], 400, messages.uploadInvalidType],
      [[media(await photo()), media(Buffer.from('nope'), 'b.jpg')], 400, messages.uploadInvalidType],
      [[], 400, messages.uploadMissing],
      [[media(clip, 'v.mp4', 'video/mp4'), media(await photo())], 400, messages.uploadMixed],
    ];
    for (const [files, status, message] of cases) {
      const response = await upload(author, files);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    }
    const bomb = await sharp({ create: { width: 9000, height: 6000, channels: 3, background: '#000000' } }).jpeg({ quality: 5 }).toBuffer();
    const refused = await upload(author, [media(bomb)]);
    expect(refused.json()).toEqual({ success: false, message: messages.uploadImageTooLarge });
    expect(await postCount()).toBe(postsBefore);
    expect(await mediaFiles()).toBe(filesBefore);
    expect(await fs.readdir(t.config.uploadDir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/^in-/)]));
  });

  it('refuses a file over the size limit with a 413 and keeps nothing', async () => {
    const postsBefore = await postCount();
    const response = await upload(author, [media(Buffer.alloc(2 * 1024 * 1024 + 100, 7))]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: messages.uploadTooLarge });
    expect(await postCount()).toBe(postsBefore);
    expect((await fs.readdir(t.config.uploadDir)).filter((name) => name.startsWith('in-'))).toEqual([]);
  });

  it('refuses more than ten images', async () => {
    const image = await photo(50, 50, false);
    const response = await upload(author, Array.from({ length: 11 }, () => media(image)));
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });

  it('asks for a session with the upload message', async () => {
    const response = await upload(null, [media(await photo())]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: messages.uploadNeedsLogin });
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('removes the owner\'s post with its files and count; others are refused', async () => {
    const body = (await upload(author, [media(await photo())])).json();
    const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${body.slug}` })).json().post;
    const other = await createUser(t);
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, token: other.token })).statusCode).toBe(403);
    const before = await mediaFiles();
    const counted = await t.db.selectFrom('users').select('posts_count').where('id', '=', author.id).executeTakeFirstOrThrow();
    const deleted = await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, token: author.token });
    expect(deleted.json()).toEqual({ success: true, message: messages.postDeleted });
    expect(await mediaFiles()).toBe(before - 1);
    expect((await t.request({ method: 'GET', url: post.image_url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/posts/slug/${body.slug}` })).statusCode).toBe(404);
    const after = await t.db.selectFrom('users').select('posts_count').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(after.posts_count).toBe(counted.posts_count - 1);
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, token: author.token })).statusCode).toBe(404);
  });
});
