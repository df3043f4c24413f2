import { messages } from '../lib/messages.js';
import type { ConversationsRepository } from '../repositories/conversations.repository.js';
import type { MediaStore } from '../media/media-store.js';
import type { JobHandler } from './job-worker.js';
import { renderQueuedVideo } from './render-queued-video.js';

/**
 * Transcodes a video sent in a direct message as a post's video is (H.264/AAC MP4 with faststart and a
 * poster) into a new restricted folder, and makes it playable in the transaction that ends the job;
 * then both people are told live (`changed`). A worker that lost the job keeps nothing.
 */
export function messageVideoJob({
  conversations,
  store,
  changed,
}: {
  conversations: Pick<ConversationsRepository, 'messageVideoStatus' | 'markMessageVideoReady' | 'markMessageVideoFailed'>;
  store: MediaStore;
  /** Tells the two people of the message that its video is ready or failed. */
  changed: (messageId: string) => Promise<void>;
}): JobHandler<'message.video'> {
  return {
    async run({ messageId, sourcePath }, context) {
      if ((await conversations.messageVideoStatus(messageId)) !== 'processing') {
        // The message went (its sender's account was deleted) or was settled already.
        if (await context.complete()) await store.removeQueuedSource(sourcePath);
        return;
      }
      const ready = await renderQueuedVideo(context, { store, source: sourcePath, restricted: true }, (video, trx) =>
        conversations.markMessageVideoReady(
          messageId,
          { width: video.width, height: video.height, durationMs: video.durationMs, videoKey: video.videoKey, posterKey: video.posterKey },
          trx,
        ),
      );
      if (!ready) return;
      context.log.info({ messageId }, 'message video ready');
      await changed(messageId);
    },

    async failed({ messageId, sourcePath }, _error, context) {
      if (await context.complete((trx) => conversations.markMessageVideoFailed(messageId, messages.videoFailed, trx))) {
        await store.removeQueuedSource(sourcePath);
        await changed(messageId);
      }
    },
  };
}
