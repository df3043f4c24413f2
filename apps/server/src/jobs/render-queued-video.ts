import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, MEDIA_FILES } from '../media/storage.js';
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
 * The work a queued video's job does for a post and for a message alike: fetch the upload kept as
 * `source` (from the bucket, on another machine than the one that received it), transcode it in a local
 * working folder, publish that as a new media folder (restricted unless the owner is public), record it
 * with `record` in the transaction that ends the job, then drop the upload. A worker that lost the job
 * keeps nothing (its folder is removed) and answers false; a file ffmpeg cannot read fails for good.
 */
export async function renderQueuedVideo(
  context: JobContext,
  options: { store: MediaStore; source: string; restricted: boolean; coverAtMs?: number },
  record: (video: RenderedVideo, trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  const { store, source, restricted, coverAtMs } = options;
  const work = await store.workFolder();
  let folderKey: string | null = null;
  let ready = false;
  try {
    const rendered = await store.withQueuedSource(source, (sourcePath) =>
      writeVideoRenditions(sourcePath, work.dir, { signal: context.signal, coverAtMs }).catch((error: unknown) => {
        // A file ffmpeg cannot read will not read better on a second try.
        throw error instanceof UnreadableMediaError ? new PermanentJobError('the uploaded video cannot be read') : error;
      }),
    );
    if (!rendered) throw new PermanentJobError('the uploaded video is gone');
    folderKey = await store.publish(work.dir, { restricted });
    const video: RenderedVideo = {
      ...rendered,
      videoKey: fileKey(folderKey, MEDIA_FILES.video),
      posterKey: fileKey(folderKey, MEDIA_FILES.poster),
      thumbKey: fileKey(folderKey, MEDIA_FILES.thumb),
    };
    ready = await context.complete((trx) => record(video, trx));
  } finally {
    await work.discard();
    if (!ready && folderKey) await store.removeFolder(folderKey);
  }
  if (ready) await store.removeQueuedSource(source);
  return ready;
}
