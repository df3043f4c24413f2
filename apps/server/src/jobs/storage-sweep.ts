import fs from 'node:fs/promises';
import path from 'node:path';
import { entries, isWorkFolderInUse, lastWritten, WORK_FOLDER_PREFIX } from '../media/local-store.js';
import type { MediaStore } from '../media/media-store.js';
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

/** Temporary names under the upload folder: multipart uploads of posts and stories, avatars, working folders of renditions. */
const UPLOAD_TEMP_PREFIXES = ['in-', 'story-', 'avatar-', WORK_FOLDER_PREFIX];

export interface StorageSweepDeps {
  folders: StorageSweepRepository;
  /** Media folders and queued sources: on the local disk or in the bucket. */
  store: MediaStore;
  /** Temporary uploads and working folders, always on this machine's disk. */
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

/**
 * Removes what interrupted work left behind: temporary uploads, queued video sources no job points
 * at, and media folders no post, story or avatar names (a half-written `.tmp-*` file is only ever in
 * such a folder: rows are written after every file of their folder is in place). Only what was last
 * written more than `graceMs` ago goes. The store (disk or bucket) is listed before the database is
 * asked, so a row written in between keeps its files.
 */
export async function sweepStorage({ folders, store, uploadDir }: StorageSweepDeps, { graceMs, now = Date.now() }: { graceMs: number; now?: number }): Promise<SweepResult> {
  const result: SweepResult = { uploads: 0, queuedVideos: 0, mediaFolders: 0 };
  const old = (written: number | undefined) => written !== undefined && now - written >= graceMs;

  for (const name of await entries(uploadDir)) {
    if (!UPLOAD_TEMP_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const target = path.join(uploadDir, name);
    // A working folder a job of this process still uses stays, however long the job (a long ladder).
    if (isWorkFolderInUse(target) || !old(await lastWritten(target))) continue;
    await fs.rm(target, { recursive: true, force: true });
    result.uploads += 1;
  }

  const queuedSources: Array<{ name: string; lastWritten: number }> = [];
  for await (const source of store.listQueuedSources()) queuedSources.push(source);
  if (queuedSources.length > 0) {
    const queued = new Set<string>();
    for (const source of await folders.queuedVideoSources()) {
      try {
        queued.add(store.sourceName(source));
      } catch {
        // A reference this store cannot hold names nothing in it.
      }
    }
    for (const source of queuedSources) {
      if (queued.has(source.name) || !old(source.lastWritten)) continue;
      await store.removeQueuedSource(source.name);
      result.queuedVideos += 1;
    }
  }

  // Looked up in batches: a store holds one folder per media item, which can be very many.
  let batch: Array<{ key: string; lastWritten: number }> = [];
  const settle = async () => {
    const inUse = await folders.foldersInUse(batch.map((folder) => folder.key));
    for (const folder of batch) {
      if (inUse.has(folder.key) || !old(folder.lastWritten)) continue;
      await store.removeFolder(folder.key);
      result.mediaFolders += 1;
    }
    batch = [];
  };
  for await (const folder of store.listFolders()) {
    batch.push(folder);
    if (batch.length >= LOOKUP_BATCH) await settle();
  }
  if (batch.length > 0) await settle();
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
