import fs from 'node:fs/promises';
import path from 'node:path';
import { isFolderKey, MEDIA_FOLDER_ROOTS, removeMediaFolder } from '../media/storage.js';
import type { StorageSweepRepository } from '../repositories/storage-sweep.repository.js';
import type { JobHandler } from './job-worker.js';

/**
 * Work in progress is left alone this long. On a PostgreSQL server another process may be in the
 * middle of an upload or a transcode whose row is not written yet; anything still being written has
 * a recent modification time, so only what nobody touched for this long is taken for abandoned.
 */
export const SWEEP_GRACE_MS = 15 * 60_000;
/** How often each process sweeps while it runs. */
export const SWEEP_EVERY_MS = 15 * 60_000;
/** Folder keys looked up in one query. */
const LOOKUP_BATCH = 500;

/** Temporary names under the upload folder: multipart uploads of posts and stories, avatars. */
const UPLOAD_TEMP_PREFIXES = ['in-', 'story-', 'avatar-'];
/** Sources of queued videos, under the upload folder. */
export const QUEUED_VIDEOS_DIR = 'jobs';

export interface StorageSweepDeps {
  folders: StorageSweepRepository;
  mediaDir: string;
  uploadDir: string;
}

export interface SweepResult {
  /** Temporary upload folders and files removed. */
  uploads: number;
  /** Queued video sources no job points at, removed. */
  queuedVideos: number;
  /** Media folders no row names, removed (with any half-written `.tmp-*` file in them). */
  mediaFolders: number;
}

async function entries(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * When a file or folder was last written: for a folder, the newest of itself and what it directly
 * holds (a file being written keeps its own time current, not its folder's). Undefined when gone.
 */
async function lastWritten(target: string): Promise<number | undefined> {
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat) return undefined;
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const name of await entries(target)) {
      const inner = await fs.stat(path.join(target, name)).catch(() => undefined);
      if (inner) newest = Math.max(newest, inner.mtimeMs);
    }
  }
  return newest;
}

/**
 * Removes what interrupted work left behind: temporary uploads, queued video sources no job points
 * at, and media folders no post, story or avatar names (a half-written `.tmp-*` file is only ever in
 * such a folder: rows are written after every file of their folder is in place). Only what was last
 * written more than `graceMs` ago goes. The disk is listed before the database is asked, so a row
 * written in between keeps its files.
 */
export async function sweepStorage({ folders, mediaDir, uploadDir }: StorageSweepDeps, { graceMs, now = Date.now() }: { graceMs: number; now?: number }): Promise<SweepResult> {
  const result: SweepResult = { uploads: 0, queuedVideos: 0, mediaFolders: 0 };
  const abandoned = async (target: string) => {
    const written = await lastWritten(target);
    return written !== undefined && now - written >= graceMs;
  };

  for (const name of await entries(uploadDir)) {
    if (!UPLOAD_TEMP_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const target = path.join(uploadDir, name);
    if (!(await abandoned(target))) continue;
    await fs.rm(target, { recursive: true, force: true });
    result.uploads += 1;
  }

  const queuedDir = path.join(uploadDir, QUEUED_VIDEOS_DIR);
  const queuedFiles = await entries(queuedDir);
  if (queuedFiles.length > 0) {
    const queued = await folders.queuedVideoSources();
    for (const name of queuedFiles) {
      const target = path.join(queuedDir, name);
      if (queued.has(target) || !(await abandoned(target))) continue;
      await fs.rm(target, { force: true });
      result.queuedVideos += 1;
    }
  }

  for (const root of MEDIA_FOLDER_ROOTS) {
    const rootDir = path.join(mediaDir, root);
    let dir;
    try {
      dir = await fs.opendir(rootDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    // Streamed in batches: a media folder holds one folder per item, which can be very many.
    let batch: string[] = [];
    const settle = async () => {
      const inUse = await folders.foldersInUse(batch);
      for (const key of batch) {
        if (inUse.has(key) || !(await abandoned(path.join(mediaDir, key)))) continue;
        await removeMediaFolder(mediaDir, key);
        result.mediaFolders += 1;
      }
      batch = [];
    };
    for await (const entry of dir) {
      const key = `${root}/${entry.name}`;
      if (!entry.isDirectory() || !isFolderKey(key)) continue;
      batch.push(key);
      if (batch.length >= LOOKUP_BATCH) await settle();
    }
    if (batch.length > 0) await settle();
  }
  return result;
}

/** The sweep as a job, run by each process on its own folders (at start and every SWEEP_EVERY_MS). */
export function storageSweepJob(deps: StorageSweepDeps): JobHandler<'storage.sweep'> {
  return {
    async run({ graceMs }, ctx) {
      const result = await sweepStorage(deps, { graceMs });
      const removed = result.uploads + result.queuedVideos + result.mediaFolders;
      if (removed > 0) ctx.log.info({ ...result, graceMs }, 'storage sweep removed abandoned files');
    },
  };
}
