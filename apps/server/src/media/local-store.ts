import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MediaStore, StoredFile, WorkFolder } from './media-store.js';
import { fileKey, isFileKey, isFolderKey, MEDIA_FOLDER_ROOTS, mediaPath, newMediaKey, writeAtomically } from './storage.js';

/** Working folders under the upload folder (the storage sweep removes abandoned ones by this prefix). */
export const WORK_FOLDER_PREFIX = 'work-';

/** Working folders this process holds open, by path: the sweep leaves them, however long a job takes. */
const workFoldersInUse = new Set<string>();

/** Whether this process is still working in the folder (a job longer than the sweep's grace). */
export function isWorkFolderInUse(dir: string): boolean {
  return workFoldersInUse.has(path.resolve(dir));
}

/** A fresh working folder under `uploadDir` (both stores make renditions on the local disk). */
export async function openWorkFolder(uploadDir: string): Promise<WorkFolder> {
  await fs.mkdir(uploadDir, { recursive: true });
  const dir = path.resolve(await fs.mkdtemp(path.join(uploadDir, WORK_FOLDER_PREFIX)));
  workFoldersInUse.add(dir);
  return {
    dir,
    discard: async () => {
      await fs.rm(dir, { recursive: true, force: true });
      workFoldersInUse.delete(dir);
    },
  };
}
/** Sources of queued videos, under the upload folder. */
export const QUEUED_VIDEOS_DIR = 'jobs';

/** The names in a folder; none when it does not exist. */
export async function entries(dir: string): Promise<string[]> {
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
export async function lastWritten(target: string): Promise<number | undefined> {
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
 * Media on the local disk: folders under `mediaDir` (served by @fastify/send from `root`), queued
 * uploads under `uploadDir/jobs`. Working folders are made under `uploadDir`, normally the same file
 * system, so a publish is one atomic rename.
 */
export type LocalMediaStore = MediaStore & { readonly kind: 'local'; readonly root: string };

export function createLocalMediaStore({ mediaDir, uploadDir }: { mediaDir: string; uploadDir: string }): LocalMediaStore {
  const queuedDir = path.join(uploadDir, QUEUED_VIDEOS_DIR);

  async function moveInto(dir: string, finalDir: string): Promise<void> {
    try {
      await fs.rename(dir, finalDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // MEDIA_DIR on another file system: copied beside its final place first, then renamed there.
      const temp = path.join(path.dirname(finalDir), `.tmp-${randomBytes(6).toString('hex')}`);
      try {
        await fs.cp(dir, temp, { recursive: true });
        await fs.rename(temp, finalDir);
      } catch (copyError) {
        await fs.rm(temp, { recursive: true, force: true });
        throw copyError;
      }
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    kind: 'local',
    root: mediaDir,

    workFolder: () => openWorkFolder(uploadDir),

    async publish(dir, { restricted }) {
      // Its time is now: the sweep leaves a folder alone until its row has had time to be written.
      const now = new Date();
      await fs.utimes(dir, now, now);
      await fs.mkdir(path.join(mediaDir, restricted ? 'r' : 'u'), { recursive: true });
      for (let attempt = 0; ; attempt += 1) {
        const key = newMediaKey(restricted);
        try {
          await moveInto(dir, mediaPath(mediaDir, key));
          return key;
        } catch (error) {
          // A key already taken (never in practice: 20 random characters) gets another.
          const code = (error as NodeJS.ErrnoException).code;
          if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 5) throw error;
        }
      }
    },

    async addFiles(folderKey, dir, names) {
      if (!isFolderKey(folderKey)) throw new Error(`Invalid media folder key: ${folderKey}`);
      // Written under a temporary name beside the file and renamed: never seen half-written. A folder
      // removed meanwhile makes the copy fail rather than come back.
      for (const name of names) {
        await writeAtomically(mediaPath(mediaDir, fileKey(folderKey, name)), (temp) => fs.copyFile(path.join(dir, name), temp, fs.constants.COPYFILE_FICLONE));
      }
    },

    async removeFolder(folderKey) {
      if (!isFolderKey(folderKey)) throw new Error(`Invalid media folder key: ${folderKey}`);
      await fs.rm(mediaPath(mediaDir, folderKey), { recursive: true, force: true });
    },

    async stat(fileKey): Promise<StoredFile | null> {
      if (!isFileKey(fileKey)) return null;
      const stat = await fs.stat(mediaPath(mediaDir, fileKey)).catch(() => null);
      if (!stat?.isFile()) return null;
      return { size: stat.size, lastModified: stat.mtime, etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` };
    },

    openLazily(fileKey) {
      // createReadStream opens the file on first read only when asked to wait: a generator does that.
      return Readable.from(
        (async function* () {
          yield* createReadStream(mediaPath(mediaDir, fileKey));
        })(),
        { objectMode: false },
      );
    },

    async withLocalFile(fileKey, use) {
      if (!isFileKey(fileKey)) throw new Error(`Invalid media file key: ${fileKey}`);
      return use(mediaPath(mediaDir, fileKey));
    },

    async *listFolders() {
      for (const root of MEDIA_FOLDER_ROOTS) {
        let dir;
        try {
          dir = await fs.opendir(path.join(mediaDir, root));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        // Streamed: a media root holds one folder per item, which can be very many.
        for await (const entry of dir) {
          const key = `${root}/${entry.name}`;
          if (!entry.isDirectory() || !isFolderKey(key)) continue;
          const written = await lastWritten(path.join(mediaDir, key));
          if (written !== undefined) yield { key, lastWritten: written };
        }
      }
    },

    async queueSource(localFile) {
      await fs.mkdir(queuedDir, { recursive: true });
      const source = path.join(queuedDir, `${randomBytes(12).toString('hex')}.upload`);
      await fs.rename(localFile, source);
      return source;
    },

    async withQueuedSource(source, use) {
      if (!(await fs.stat(source).catch(() => null))) return undefined;
      return use(source);
    },

    async removeQueuedSource(source) {
      await fs.rm(source, { force: true });
    },

    async *listQueuedSources() {
      for (const name of await entries(queuedDir)) {
        const target = path.join(queuedDir, name);
        const written = await lastWritten(target);
        if (written !== undefined) yield { name: target, lastWritten: written };
      }
    },

    sourceName: (source) => path.resolve(source),

    async check() {
      await fs.mkdir(mediaDir, { recursive: true });
      await fs.access(mediaDir, fs.constants.W_OK);
    },
  };
}
