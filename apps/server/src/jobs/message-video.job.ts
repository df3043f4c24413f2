import fs from 'node:fs/promises';
import { messages } from '../lib/messages.js';
import { createMediaFolder, fileKey, MEDIA_FILES, removeMediaFolder } from '../media/storage.js';
import { UnreadableMediaError } from '../media/unreadable-media.js';
import { writeVideoRenditions } from '../media/video-renditions.js';
import type { ConversationsRepository } from '../repositories/conversations.repository.js';
import { PermanentJobError, type JobHandler } from './job-worker.js';

/**
 * Transcodes a video sent in a direct message as a post's video is (H.264/AAC MP4 with faststart and a
 * poster) into a new restricted folder, and makes it playable in the transaction that ends the job;
 * then both people are told live (`changed`). A worker that lost the job keeps nothing.
 */
export function messageVideoJob({
  conversations,
  mediaDir,
  changed,
}: {
  conversations: Pick<ConversationsRepository, 'messageVideoStatus' | 'markMessageVideoReady' | 'markMessageVideoFailed'>;
  mediaDir: string;
  /** Tells the two people of the message that its video is ready or failed. */
  changed: (messageId: string) => Promise<void>;
}): JobHandler<'message.video'> {
  return {
    async run({ messageId, sourcePath }, context) {
      if ((await conversations.messageVideoStatus(messageId)) !== 'processing') {
        // The message went (its sender's account was deleted) or was settled already.
        if (await context.complete()) await fs.rm(sourcePath, { force: true });
        return;
      }
      if (!(await fs.stat(sourcePath).catch(() => null))) throw new PermanentJobError('the uploaded video is gone');
      const folder = await createMediaFolder(mediaDir, { restricted: true });
      let ready = false;
      try {
        const result = await writeVideoRenditions(sourcePath, folder.dir, { signal: context.signal }).catch((error: unknown) => {
          throw error instanceof UnreadableMediaError ? new PermanentJobError('the uploaded video cannot be read') : error;
        });
        ready = await context.complete((trx) =>
          conversations.markMessageVideoReady(
            messageId,
            {
              width: result.width,
              height: result.height,
              durationMs: result.durationMs,
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
      context.log.info({ messageId }, 'message video ready');
      await changed(messageId);
    },

    async failed({ messageId, sourcePath }, _error, context) {
      if (await context.complete((trx) => conversations.markMessageVideoFailed(messageId, messages.videoFailed, trx))) {
        await fs.rm(sourcePath, { force: true });
        await changed(messageId);
      }
    },
  };
}
