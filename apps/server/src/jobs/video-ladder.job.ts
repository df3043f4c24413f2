import { HLS_FILES, writeHlsLadder } from '../media/hls-ladder.js';
import { fileKey, folderOfFileKey, mediaPath } from '../media/storage.js';
import { probeMedia } from '../media/video-renditions.js';
import type { PostWritesRepository } from '../repositories/post-writes.repository.js';
import type { JobHandler } from './job-worker.js';

/**
 * Renders the HLS ladder of a ready post video into its own folder (media/hls-ladder.ts), then names
 * the master playlist on the media row in the transaction that ends the job. The MP4 plays meanwhile.
 * A worker that dies or loses its lease mid-ladder leaves whole rungs behind, which the next attempt
 * keeps; the rung it was making is made again. A post deleted meanwhile ends the job quietly.
 */
export function videoLadderJob({ postWrites, mediaDir }: { postWrites: PostWritesRepository; mediaDir: string }): JobHandler<'video.ladder'> {
  /** Whether the post still shows this video without a ladder (not deleted, not replaced, not done). */
  const wanted = async (postId: string, videoKey: string) => {
    const row = await postWrites.videoStream(postId);
    return row !== undefined && row.video_key === videoKey && row.stream_key === null;
  };

  return {
    async run({ postId, videoKey }, context) {
      if (!(await wanted(postId, videoKey))) return;
      const dir = mediaPath(mediaDir, folderOfFileKey(videoKey));
      const streamKey = fileKey(folderOfFileKey(videoKey), HLS_FILES.master);
      const startedAt = performance.now();
      try {
        const video = mediaPath(mediaDir, videoKey);
        const probe = await probeMedia(video);
        if (!probe.width || !probe.height) throw new Error('the served video has no picture size');
        await writeHlsLadder({ video, width: probe.width, height: probe.height, frameRate: probe.frameRate }, dir, {
          signal: context.signal,
          onRung: (rung, rendered) => context.log.info({ postId, rung: rung.name, rendered }, 'ladder rung in place'),
        });
      } catch (error) {
        // Deleted while its ladder was made: the folder went with the post, and nothing is owed.
        if (!context.signal.aborted && !(await wanted(postId, videoKey))) return;
        throw error;
      }
      if (await context.complete((trx) => postWrites.markStreamReady(postId, videoKey, streamKey, trx))) {
        context.log.info({ postId, ms: Math.round(performance.now() - startedAt) }, 'ladder ready');
      }
    },
  };
}
