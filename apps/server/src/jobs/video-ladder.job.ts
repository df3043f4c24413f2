import { HLS_FILES, storeLadderFolder, writeHlsLadder } from '../media/hls-ladder.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, folderOfFileKey } from '../media/storage.js';
import { probeMedia } from '../media/video-renditions.js';
import type { PostWritesRepository } from '../repositories/post-writes.repository.js';
import type { LadderTarget } from './job-types.js';
import type { JobHandler } from './job-worker.js';

/**
 * Renders the HLS ladder of a ready post video into its own folder (media/hls-ladder.ts), through the
 * store (the disk or a bucket, so any worker can), then names the master playlist on the media row in
 * the transaction that ends the job. The MP4 plays meanwhile. A worker that dies or loses its lease
 * mid-ladder leaves whole rungs behind, which the next attempt keeps; the rung it was making is made
 * again. A post deleted meanwhile ends the job quietly. Posts whose MP4 is a copy of the same file
 * (`sameVideo`) get a copy of the ladder, made once.
 */
export function videoLadderJob({ postWrites, store }: { postWrites: PostWritesRepository; store: MediaStore }): JobHandler<'video.ladder'> {
  /** Whether the post still shows this video without a ladder (not deleted, not replaced, not done). */
  const wanted = async ({ postId, videoKey }: LadderTarget) => {
    const row = await postWrites.videoStream(postId);
    return row !== undefined && row.video_key === videoKey && row.stream_key === null;
  };
  const folderKeyOf = (target: LadderTarget) => folderOfFileKey(target.videoKey);
  const streamKeyOf = (target: LadderTarget) => fileKey(folderKeyOf(target), HLS_FILES.master);

  return {
    async run({ sameVideo = [], ...first }, context) {
      const targets: LadderTarget[] = [];
      for (const target of [first, ...sameVideo]) if (await wanted(target)) targets.push(target);
      const [source, ...copies] = targets;
      if (!source) return;
      const startedAt = performance.now();
      const done: LadderTarget[] = [];
      const work = await store.workFolder();
      try {
        try {
          await store.withLocalFile(source.videoKey, async (video) => {
            const probe = await probeMedia(video);
            if (!probe.width || !probe.height) throw new Error('the served video has no picture size');
            // The copies are the same file: their rungs, rendered once in the work folder, are added to each.
            await writeHlsLadder({ video, width: probe.width, height: probe.height, frameRate: probe.frameRate }, storeLadderFolder(store, folderKeyOf(source)), work.dir, {
              signal: context.signal,
              onRung: async (rung, rendered) => {
                context.log.info({ postId: source.postId, rung: rung.name, rendered }, 'ladder rung in place');
                // Deleted meanwhile: no more rungs (in a bucket, adding files would not fail).
                if (!(await wanted(source))) throw new Error('the post is gone');
              },
            });
            done.push(source);
            for (const copy of copies) {
              context.signal.throwIfAborted();
              try {
                await writeHlsLadder({ video, width: probe.width, height: probe.height, frameRate: probe.frameRate }, storeLadderFolder(store, folderKeyOf(copy)), work.dir, {
                  signal: context.signal,
                  onRung: async () => {
                    if (!(await wanted(copy))) throw new Error('the post is gone');
                  },
                });
                done.push(copy);
              } catch (error) {
                if (context.signal.aborted || (await wanted(copy))) throw error;
              }
            }
          });
        } catch (error) {
          // Deleted while its ladder was made: the folder went with the post, and nothing is owed.
          if (context.signal.aborted || (done.length === 0 && (await wanted(source)))) throw error;
        }
      } finally {
        await work.discard();
      }
      if (done.length === 0) return;
      const completed = await context.complete(async (trx) => {
        for (const target of done) await postWrites.markStreamReady(target.postId, target.videoKey, streamKeyOf(target), trx);
      });
      if (completed) context.log.info({ postIds: done.map((target) => target.postId), ms: Math.round(performance.now() - startedAt) }, 'ladder ready');
    },
  };
}
