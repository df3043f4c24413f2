import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { SWEEP_GRACE_MS, sweepStorage } from '../../src/jobs/storage-sweep.js';
import { productionProblems } from '../../src/lib/production-guard.js';
import { createS3Client, PART_SIZE, uploadFile } from '../../src/media/s3-store.js';
import { checkStorage, createStorage, identityBucketProblems, versioningProblems } from '../../src/media/storage-setup.js';
import { newMediaKey } from '../../src/media/storage.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { createStorageSweepRepository } from '../../src/repositories/storage-sweep.repository.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Media in an S3-compatible bucket (STORAGE=s3) against a real S3-protocol server (s3rver). The other
 * media test files run here too with TEST_STORAGE=s3; this file holds what only a bucket has.
 */
let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false }, { storage: 's3' });
  owner = await createUser(t);
  follower = await createUser(t);
  stranger = await createUser(t);
  await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token });
});
afterAll(() => t.close());

async function publish(visibility: string): Promise<{ slug: string; id: string; url: string }> {
  const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#224488' } }).jpeg().toBuffer();
  const response = await t.request({ method: 'POST', url: '/api/posts', token: owner.token, ...multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: image }], { visibility }) });
  expect(response.statusCode).toBe(201);
  const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${response.json().slug}`, token: owner.token })).json().post;
  return { slug: post.slug, id: post.id, url: post.image_url };
}

const media = (url: string, viewer: TestUser | null, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers: { ...headers, ...(viewer ? { cookie: viewer.mediaCookie } : {}) } });

describe('media in a bucket', () => {
  it('are published to the bucket only: nothing of them on the local disk', async () => {
    const { url } = await publish('public');
    const key = url.replace('/media/', '');
    expect(t.stored.kind).toBe('s3');
    expect(await t.stored.read(key)).not.toBeNull();
    expect(await fs.readdir(t.config.mediaDir).catch(() => [])).toEqual([]);
    // Working folders are gone once published.
    expect((await fs.readdir(t.config.uploadDir).catch(() => [] as string[])).filter((name) => name.startsWith('work-'))).toEqual([]);
  });

  it('private ones are refused to a stranger and streamed to an allowed viewer, with ranges and revalidation', async () => {
    const { url } = await publish('followers');
    expect(url).toMatch(/^\/media\/r\/[a-z0-9]{20}\/full\.webp$/);
    const stored = (await t.stored.read(url.replace('/media/', '')))!;

    for (const who of [stranger, null]) {
      const refused = await media(url, who);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers.location).toBeUndefined();
    }

    const full = await media(url, follower);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(full.rawPayload.equals(stored)).toBe(true);
    const etag = full.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(full.headers['last-modified']).toBeTruthy();

    expect((await media(url, follower, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await media(url, follower, { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() })).statusCode).toBe(304);
    const part = await media(url, follower, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(10, 20))).toBe(true);
    // If-Range with the current validator: the part; with a stale one: the whole file.
    expect((await media(url, follower, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const stale = await media(url, follower, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(stored.length);
    expect((await media(url, follower, { range: `bytes=${stored.length + 10}-${stored.length + 20}` })).statusCode).toBe(416);
    const head = await t.request({ method: 'HEAD', url, headers: { cookie: follower.mediaCookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers the readiness check while its buckets are there, and fails it when one is not', async () => {
    await expect(checkStorage(t.app.services.storage)).resolves.toBeUndefined();
    const elsewhere = createStorage({ ...t.config, storage: { kind: 's3', ...t.s3!.config, bucket: 'no-such-bucket' } });
    await expect(checkStorage(elsewhere)).rejects.toThrow();
  });

  it('a deleted post takes its objects with it', async () => {
    const { id, url } = await publish('public');
    const folder = url.replace('/media/', '').split('/').slice(0, 2).join('/');
    expect(await t.stored.folders()).toContain(folder);
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${id}`, token: owner.token })).statusCode).toBe(200);
    expect(await t.stored.folders()).not.toContain(folder);
    expect((await media(url, owner)).statusCode).toBe(404);
  });

  it('a large file goes up in parts (multipart), streamed from disk, and comes back whole', async () => {
    const client = createS3Client(t.s3!.config);
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize' },
    );
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-big-'));
    try {
      const bytes = randomBytes(2 * PART_SIZE + 1024);
      const file = path.join(dir, 'video.mp4');
      await fs.writeFile(file, bytes);
      const key = `${newMediaKey()}/video.mp4`;
      await uploadFile(client, t.s3!.config.bucket, key, file);
      expect(commands).toContain('CreateMultipartUploadCommand');
      expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
      expect(commands).toContain('CompleteMultipartUploadCommand');
      expect((await t.stored.read(key))!.equals(bytes)).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('the sweep removes a folder and a queued upload no row names from the bucket, once past its grace', async () => {
    const deps = { folders: createStorageSweepRepository(t.db), store: t.app.services.storage.media, uploadDir: t.config.uploadDir };
    const post = await insertPost(t, owner.id);
    const used = (await t.db.selectFrom('post_media').select('folder_key').where('post_id', '=', post.id).executeTakeFirstOrThrow()).folder_key!;
    await t.stored.write(`${used}/full.webp`, 'in use');
    const orphan = newMediaKey(true);
    await t.stored.write(`${orphan}/full.webp`, 'left behind');
    await t.stored.write(`${orphan}/thumb.webp`, 'left behind');
    const orphanSource = `incoming/${randomBytes(12).toString('hex')}.upload`;
    await t.stored.write(orphanSource, 'a video nobody queued');

    // Just written: another machine may be about to write its row.
    expect(await sweepStorage(deps, { graceMs: SWEEP_GRACE_MS })).toEqual({ uploads: 0, queuedVideos: 0, mediaFolders: 0 });
    expect(await t.stored.folders()).toContain(orphan);

    const later = Date.now() + SWEEP_GRACE_MS + 60_000;
    const swept = await sweepStorage(deps, { graceMs: SWEEP_GRACE_MS, now: later });
    expect(swept.mediaFolders).toBeGreaterThanOrEqual(1);
    expect(swept.queuedVideos).toBe(1);
    expect(await t.stored.folders()).not.toContain(orphan);
    expect(await t.stored.folders()).toContain(used);
    expect(await t.stored.queued()).toEqual([]);
  });
});

describe('a video queued with STORAGE=s3', () => {
  it('waits in the bucket, so that a worker with nothing on its disk transcodes it and removes the source', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-clip-'));
    const file = path.join(dir, 'clip.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=24:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
    const clip = await fs.readFile(file);
    await fs.rm(dir, { recursive: true, force: true });

    const response = await t.request({ method: 'POST', url: '/api/posts', token: owner.token, ...multipart([{ field: 'media', filename: 'clip.mp4', contentType: 'video/mp4', data: clip }]) });
    expect(response.statusCode).toBe(201);
    const queued = await t.stored.queued();
    expect(queued).toHaveLength(1);
    const job = await t.db.selectFrom('jobs').select('data').where('name', '=', 'video.transcode').executeTakeFirstOrThrow();
    expect((job.data as { sourcePath: string }).sourcePath).toBe(`incoming/${queued[0]}`);

    // The machine that received it keeps nothing: the worker's disk has no upload folder at all.
    await fs.rm(t.config.uploadDir, { recursive: true, force: true });
    await t.app.services.jobs.drain();

    const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${response.json().slug}` })).json().post;
    expect(post.status).toBe('ready');
    expect(await t.stored.queued()).toEqual([]);
    const video = await media(post.video_url, null, { range: 'bytes=0-99' });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
  });
});

describe('the identity bucket', () => {
  it('keeps the documents out of the media bucket, and production only refuses a versioned one', async () => {
    const owner = await createUser(t);
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#101010' } }).png().toBuffer();
    const parts = ['idFront', 'idBack', 'selfie'].map((field) => ({ field, filename: `${field}.png`, contentType: 'image/png', data: image }));
    expect((await t.request({ method: 'POST', url: '/api/verification/identity', token: owner.token, ...multipart(parts, { dob: '1990-01-01' }) })).statusCode).toBe(200);
    const documents = await t.stored.identityDocuments();
    expect(documents).toHaveLength(3);
    // Encrypted before upload: the bucket never holds the picture's bytes.
    for (const name of documents) expect((await t.stored.readIdentityDocument(name))!.includes(image.subarray(0, 16))).toBe(false);
    const mediaKeys = await t.stored.folders();
    for (const name of documents) expect(mediaKeys.join(' ')).not.toContain(name);
    // Deleting the account deletes the objects.
    expect((await t.request({ method: 'DELETE', url: '/api/account', token: owner.token, payload: { password: owner.password } })).statusCode).toBe(200);
    expect(await t.stored.identityDocuments()).toEqual([]);

    // s3rver answers GetBucketVersioning without a status (never enabled): accepted, with nothing to warn about.
    const warnings: string[] = [];
    expect(await identityBucketProblems({ storage: { kind: 's3', ...t.s3!.config } }, (message) => warnings.push(message))).toEqual([]);
    expect(warnings).toEqual([]);
    expect(versioningProblems('ids', 'enabled', () => undefined)).toEqual([expect.stringContaining('versioning enabled')]);
    expect(versioningProblems('ids', 'unknown', (message) => warnings.push(message))).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('does not answer GetBucketVersioning')]);

    const config = { ...loadConfig({ STORAGE: 's3', S3_BUCKET: 'media' }), production: true, seedDemo: false, appSecret: 'x'.repeat(40) };
    const problems = await productionProblems(config, t.db);
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^STORAGE=s3 without S3_IDENTITY_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/)]));
  });
});

describe('signed redirects (S3_PRESIGNED_REDIRECT=1)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ mediaWorker: false }, { storage: 's3', presignedRedirect: true });
  });
  afterAll(() => r.close());

  it('send an allowed viewer to a short-lived signed address that is never cached; HLS files are streamed', async () => {
    const [author, fan, other] = [await createUser(r), await createUser(r), await createUser(r)];
    await r.request({ method: 'POST', url: `/api/follow/${author.username}`, token: fan.token });
    const image = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#448822' } }).jpeg().toBuffer();
    const created = await r.request({ method: 'POST', url: '/api/posts', token: author.token, ...multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: image }], { visibility: 'followers' }) });
    const url = (await r.request({ method: 'GET', url: `/api/posts/slug/${created.json().slug}`, token: fan.token })).json().post.image_url as string;
    const get = (who: TestUser) => r.request({ method: 'GET', url, headers: { cookie: who.mediaCookie } });

    const refused = await get(other);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers.location).toBeUndefined();

    const redirect = await get(fan);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('no-store');
    const location = new URL(redirect.headers.location as string);
    expect(location.origin).toBe(r.s3!.config.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals((await r.stored.read(url.replace('/media/', '')))!)).toBe(true);

    // A playlist resolves its segments against its own address: it and its segments come from the server.
    const folder = url.replace('/media/', '').split('/').slice(0, 2).join('/');
    await r.stored.write(`${folder}/hls.m3u8`, '#EXTM3U\n#EXT-X-ENDLIST\n');
    const playlist = await r.request({ method: 'GET', url: `/media/${folder}/hls.m3u8`, headers: { cookie: fan.mediaCookie } });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toContain('#EXTM3U');
  });
});

describe('a signed address', () => {
  it('expires', async () => {
    const client = createS3Client(t.s3!.config);
    const key = `${newMediaKey()}/full.webp`;
    await t.stored.write(key, 'signed bytes');
    const fresh = await getSignedUrl(client, new GetObjectCommand({ Bucket: t.s3!.config.bucket, Key: key }), { expiresIn: 60 });
    expect(await (await fetch(fresh)).text()).toBe('signed bytes');
    const old = await getSignedUrl(client, new GetObjectCommand({ Bucket: t.s3!.config.bucket, Key: key }), { expiresIn: 60, signingDate: new Date(Date.now() - 120_000) });
    expect((await fetch(old)).status).toBe(403);
  });
});
