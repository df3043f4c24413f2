import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SWEEP_GRACE_MS, sweepStorage, type StorageSweepDeps } from '../../src/jobs/storage-sweep.js';
import { newMediaKey } from '../../src/media/storage.js';
import { createStorageSweepRepository } from '../../src/repositories/storage-sweep.repository.js';
import { createUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let deps: StorageSweepDeps;

beforeAll(async () => {
  // The disk's own times are set below; the sweep of a bucket is tested in media-s3.test.ts.
  t = await createTestApp({ mediaWorker: false }, { storage: 'local' });
  deps = { folders: createStorageSweepRepository(t.db), store: t.app.services.storage.media, uploadDir: t.config.uploadDir };
});
afterAll(() => t.close());

async function write(file: string, content = 'x'): Promise<string> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
  return file;
}

async function exists(target: string): Promise<boolean> {
  return fs.stat(target).then(
    () => true,
    () => false,
  );
}

/** Sets a file's or folder's modification time (and what it holds) this far in the past. */
async function age(target: string, ms: number): Promise<void> {
  const when = new Date(Date.now() - ms);
  const stat = await fs.stat(target);
  if (stat.isDirectory()) for (const name of await fs.readdir(target)) await fs.utimes(path.join(target, name), when, when);
  await fs.utimes(target, when, when);
}

it('removes what interrupted work left behind and keeps everything a row points at', async () => {
  const owner = await createUser(t);
  // In use: a post's media folder, a story's, an avatar's, and a queued video's source.
  const post = await insertPost(t, owner.id);
  const media = await t.db.selectFrom('post_media').select('folder_key').where('post_id', '=', post.id).executeTakeFirstOrThrow();
  const storyKey = newMediaKey(true);
  await t.db.insertInto('stories').values({ user_id: owner.id, audience: 'followers', kind: 'image', width: 1, height: 1, duration_ms: null, image_key: `${storyKey}/full.webp`, video_key: null, poster_key: null, highlighted_at: null, group_id: null, created_at: new Date() }).execute();
  const avatarKey = newMediaKey();
  await t.db.updateTable('users').set({ avatar_key: avatarKey }).where('id', '=', owner.id).execute();
  const queued = await write(path.join(t.config.uploadDir, 'jobs', 'queued.upload'));
  const videoPost = await insertPost(t, owner.id, { postType: 'quicky', status: 'processing' });
  await t.db.insertInto('jobs').values({ name: 'video.transcode', data: JSON.stringify({ postId: videoPost.id, sourcePath: queued }) }).execute();
  const kept = [
    await write(path.join(t.config.mediaDir, media.folder_key!, 'full.webp')),
    await write(path.join(t.config.mediaDir, storyKey, 'full.webp')),
    await write(path.join(t.config.mediaDir, avatarKey, 'avatar-256.webp')),
    queued,
  ];

  // Left behind: temporary uploads of a post, a story and an avatar; a video queued without its row;
  // a media folder whose row was never written, holding a half-written file.
  const orphanKey = newMediaKey();
  const left = [
    await write(path.join(t.config.uploadDir, 'in-abc123', '0')),
    await write(path.join(t.config.uploadDir, 'story-def456', 'media')),
    await write(path.join(t.config.uploadDir, 'avatar-0011223344556677')),
    await write(path.join(t.config.uploadDir, 'jobs', 'orphan.upload')),
    await write(path.join(t.config.mediaDir, orphanKey, '.tmp-a1b2c3-video.mp4')),
  ];

  // Written just now: on a shared database another process may still be at work on them.
  expect(await sweepStorage(deps, { graceMs: SWEEP_GRACE_MS })).toEqual({ uploads: 0, queuedVideos: 0, mediaFolders: 0 });
  for (const file of [...kept, ...left]) expect(await exists(file), file).toBe(true);

  // Untouched for longer than the grace period: abandoned. Rows keep their files whatever their age.
  for (const target of [path.join(t.config.uploadDir, 'in-abc123'), path.join(t.config.uploadDir, 'story-def456'), ...left.slice(2), path.join(t.config.mediaDir, orphanKey), ...kept]) {
    await age(target, SWEEP_GRACE_MS + 60_000);
  }
  await age(path.join(t.config.mediaDir, media.folder_key!), SWEEP_GRACE_MS + 60_000);
  expect(await sweepStorage(deps, { graceMs: SWEEP_GRACE_MS })).toEqual({ uploads: 3, queuedVideos: 1, mediaFolders: 1 });
  for (const file of kept) expect(await exists(file), file).toBe(true);
  for (const file of left) expect(await exists(file), file).toBe(false);
  expect(await exists(path.join(t.config.mediaDir, orphanKey))).toBe(false);
});

it('with no grace period (the embedded database at start) removes fresh leftovers too, but never a folder in use', async () => {
  const owner = await createUser(t);
  const post = await insertPost(t, owner.id);
  const media = await t.db.selectFrom('post_media').select('folder_key').where('post_id', '=', post.id).executeTakeFirstOrThrow();
  const used = await write(path.join(t.config.mediaDir, media.folder_key!, 'thumb.webp'));
  const orphan = await write(path.join(t.config.mediaDir, newMediaKey(true), 'thumb.webp'));
  const upload = await write(path.join(t.config.uploadDir, 'in-zzz', '0'));
  const result = await sweepStorage(deps, { graceMs: 0 });
  expect(result).toMatchObject({ uploads: 1, mediaFolders: 1 });
  expect(await exists(used)).toBe(true);
  expect(await exists(orphan)).toBe(false);
  expect(await exists(upload)).toBe(false);
});
