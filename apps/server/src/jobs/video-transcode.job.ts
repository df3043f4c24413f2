import fs from 'node:fs/promises';
import { messages } from '../lib/messages.js';
import { createMediaFolder, fileKey, MEDIA_FILES, removeMediaFolder } from '../media/storage.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import { writeVideoRenditions } from '../media/video-renditions.js';
import type { PostWritesRepository } from '../repositories/post-writes.repository.js';
import { PermanentJobError, type JobHandler } from './job-worker.js';

/**
 * Transcodes a queued video to H.264/AAC MP4 with faststart, poster and tile, into a new media folder,
 * then makes the post ready in the transaction that ends the job. A worker that lost the job keeps
 * nothing: its folder is removed and the post is left to the worker that holds it.
 */
export function videoTranscodeJob({ postWrites, mediaDir }: { postWrites: PostWritesRepository; mediaDir: string }): JobHandler<'video.transcode'> {
  return {
    async run({ postId, sourcePath, coverAtMs }, context) {
      const visibility = await postWrites.videoPostVisibility(postId);
      if (!visibility) {
        // The post was deleted while its video waited.
        if (await context.complete()) await fs.rm(sourcePath, { force: true });
        return;
      }
      if (!(await fs.stat(sourcePath).catch(() => null))) throw new PermanentJobError('the uploaded video is gone');
      const folder = await createMediaFolder(mediaDir, { restricted: visibility !== 'public' });
      let ready = false;
      try {
        const result = await writeVideoRenditions(sourcePath, folder.dir, { signal: context.signal, coverAtMs }).catch((error: unknown) => {
          // A file ffmpeg cannot read will not read better on a second try.
          throw error instanceof UnreadableMediaError ? new PermanentJobError('the uploaded video cannot be read') : error;
        });
        ready = await context.complete((trx) =>
          postWrites.markVideoReady(
            postId,
            {
              kind: 'video',
              width: result.width,
              height: result.height,
              durationMs: result.durationMs,
              imageKey: null,
              thumbKey: fileKey(folder.key, MEDIA_FILES.thumb),
              videoKey: fileKey(folder.key, MEDIA_FILES.video),
              posterKey: fileKey(folder.key, MEDIA_FILES.poster),
            },
            trx,
          ),
        );
      } finally {
        if (!ready) await removeMediaFolder(mediaDir, folder.key);
      }
      if (!ready) return;
      await fs.rm(sourcePath, { force: true });
      context.log.info({ postId }, 'video ready');
    },

    async failed({ postId, sourcePath }, _error, context) {
      if (await context.complete((trx) => postWrites.markVideoFailed(postId, messages.videoFailed, trx))) {
        await fs.rm(sourcePath, { force: true });
      }
    },
  };
}
