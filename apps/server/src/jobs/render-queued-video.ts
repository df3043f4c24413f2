import fs from 'node:fs/promises';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { createMediaFolder, fileKey, MEDIA_FILES, removeMediaFolder } from '../media/storage.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import { writeVideoRenditions, type VideoRenditionsResult } from '../media/video-renditions.js';
import { PermanentJobError, type JobContext } from './job-worker.js';

/** What a rendered video left in its new folder, by the keys its owner stores. */
export interface RenderedVideo extends VideoRenditionsResult {
  videoKey: string;
  posterKey: string;
  thumbKey: string;
}

/**
 * The work a queued video's job does for a post and for a message alike: transcode the upload kept at
 * `sourcePath` into a new media folder (restricted unless the owner is public), record it with
 * `record` in the transaction that ends the job, then drop the upload. A worker that lost the job
 * keeps nothing (its folder is removed) and answers false; a file ffmpeg cannot read fails for good.
 */
export async function renderQueuedVideo(
  context: JobContext,
  options: { mediaDir: string; sourcePath: string; restricted: boolean; coverAtMs?: number },
  record: (video: RenderedVideo, trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  const { mediaDir, sourcePath, restricted, coverAtMs } = options;
  if (!(await fs.stat(sourcePath).catch(() => null))) throw new PermanentJobError('the uploaded video is gone');
  const folder = await createMediaFolder(mediaDir, { restricted });
  let ready = false;
  try {
    const result = await writeVideoRenditions(sourcePath, folder.dir, { signal: context.signal, coverAtMs }).catch((error: unknown) => {
      // A file ffmpeg cannot read will not read better on a second try.
      throw error instanceof UnreadableMediaError ? new PermanentJobError('the uploaded video cannot be read') : error;
    });
    const video: RenderedVideo = {
      ...result,
      videoKey: fileKey(folder.key, MEDIA_FILES.video),
      posterKey: fileKey(folder.key, MEDIA_FILES.poster),
      thumbKey: fileKey(folder.key, MEDIA_FILES.thumb),
    };
    ready = await context.complete((trx) => record(video, trx));
  } finally {
    if (!ready) await removeMediaFolder(mediaDir, folder.key);
  }
  if (ready) await fs.rm(sourcePath, { force: true });
  return ready;
}
