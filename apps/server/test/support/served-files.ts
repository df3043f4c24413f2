import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { insertPost } from './posts.js';
import type { TestApp } from './test-app.js';

/** A built web app of the given files (path inside dist → content) in a fresh temp folder; returns the folder. */
export async function writeWebDist(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-dist-'));
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), content);
  }
  return dir;
}

/**
 * A media file anyone may fetch: a public post's rows (insertPost) and the bytes of its picture (or, for
 * a quicky, its video) on disk. Returns the file's URL.
 */
export async function writePublicMediaFile(t: TestApp, userId: string, kind: 'image' | 'video', bytes: Buffer): Promise<string> {
  const { id } = await insertPost(t, userId, { postType: kind === 'video' ? 'quicky' : 'grid' });
  const media = await t.db.selectFrom('post_media').select(['image_key', 'video_key']).where('post_id', '=', id).executeTakeFirstOrThrow();
  const key = kind === 'video' ? media.video_key : media.image_key;
  if (!key) throw new Error(`post ${id} has no ${kind} key`);
  await t.stored.write(key, bytes);
  return `/media/${key}`;
}
