import { messages } from '../lib/messages.js';
import type { PostWritesRepository } from '../repositories/post-writes.repository.js';
import type { MediaStore } from '../media/media-store.js';
import type { JobHandler } from './job-worker.js';
import { renderQueuedVideo } from './render-queued-video.js';

/**
 * Transcodes a queued video to H.264/AAC MP4 with faststart, poster and tile, into a new media folder,
 * then makes the post ready in the transaction that ends the job. A worker that lost the job keeps
 * nothing: its folder is removed and the post is left to the worker that holds it.
 */
export function videoTranscodeJob({ postWrites, store }: { postWrites: PostWritesRepository; store: MediaStore }): JobHandler<'video.transcode'> {
  return {
    async run({ postId, sourcePath, coverAtMs }, context) {
      const visibility = await postWrites.videoPostVisibility(postId);
      if (!visibility) {
        // The post was deleted while its video waited.
        if (await context.complete()) await store.removeQueuedSource(sourcePath);
        return;
      }
      const restricted = visibility !== 'public';
      const ready = await renderQueuedVideo(context, { store, source: sourcePath, restricted, coverAtMs }, (video, trx) =>
        postWrites.markVideoReady(
          postId,
          {
            kind: 'video',
            width: video.width,
            height: video.height,
            durationMs: video.durationMs,
            imageKey: null,
            thumbKey: video.thumbKey,
            videoKey: video.videoKey,
            posterKey: video.posterKey,
          },
          trx,
        ),
      );
      if (!ready) return;
      context.log.info({ postId }, 'video ready');
    },

    async failed({ postId, sourcePath }, _error, context) {
      if (await context.complete((trx) => postWrites.markVideoFailed(postId, messages.videoFailed, trx))) {
        await store.removeQueuedSource(sourcePath);
      }
    },
  };
}
