import fs from 'node:fs/promises';
import path from 'node:path';
import { HLS_FILES, writeHlsLadder } from '../media/hls-ladder.js';
import { copyFileAtomic, fileKey, folderOfFileKey, mediaPath } from '../media/storage.js';
import { probeMedia } from '../media/video-renditions.js';
import type { PostWritesRepository } from '../repositories/post-writes.repository.js';
import type { LadderTarget } from './job-types.js';
import type { JobHandler } from './job-worker.js';

/**
 * Renders the HLS ladder of a ready post video into its own folder (media/hls-ladder.ts), then names
 * the master playlist on the media row in the transaction that ends the job. The MP4 plays meanwhile.
 * A worker that dies or loses its lease mid-ladder leaves whole rungs behind, which the next attempt
 * keeps; the rung it was making is made again. A post deleted meanwhile ends the job quietly. Posts
 * whose MP4 is a copy of the same file (`sameVideo`) get a copy of the ladder, made once.
 */
export function videoLadderJob({ postWrites, mediaDir }: { postWrites: PostWritesRepository; mediaDir: string }): JobHandler<'video.ladder'> {
  /** Whether the post still shows this video without a ladder (not deleted, not replaced, not done). */
  const wanted = async ({ postId, videoKey }: LadderTarget) => {
    const row = await postWrites.videoStream(postId);
    return row !== undefined && row.video_key === videoKey && row.stream_key === null;
  };
  const folderOf = (target: LadderTarget) => mediaPath(mediaDir, folderOfFileKey(target.videoKey));
  const streamKeyOf = (target: LadderTarget) => fileKey(folderOfFileKey(target.videoKey), HLS_FILES.master);

  /** Copies a finished ladder into another folder: segments and rung playlists first, the master last. */
  async function copyLadder(from: string, to: string): Promise<void> {
    const names = (await fs.readdir(from)).filter((name) => name.startsWith('hls'));
    const order = (name: string) => (name === HLS_FILES.master ? 2 : name.endsWith('.m3u8') ? 1 : 0);
    for (const name of names.sort((a, b) => order(a) - order(b))) await copyFileAtomic(path.join(from, name), path.join(to, name));
  }

  return {
    async run({ sameVideo = [], ...first }, context) {
      const targets: LadderTarget[] = [];
      for (const target of [first, ...sameVideo]) if (await wanted(target)) targets.push(target);
      const [source, ...copies] = targets;
      if (!source) return;
      const startedAt = performance.now();
      const done: LadderTarget[] = [];
      try {
        const video = mediaPath(mediaDir, source.videoKey);
        const probe = await probeMedia(video);
        if (!probe.width || !probe.height) throw new Error('the served video has no picture size');
        await writeHlsLadder({ video, width: probe.width, height: probe.height, frameRate: probe.frameRate }, folderOf(source), {
          signal: context.signal,
          onRung: (rung, rendered) => context.log.info({ postId: source.postId, rung: rung.name, rendered }, 'ladder rung in place'),
        });
        done.push(source);
      } catch (error) {
        // Deleted while its ladder was made: the folder went with the post, and nothing is owed.
        if (context.signal.aborted || (await wanted(source))) throw error;
      }
      for (const copy of copies) {
        context.signal.throwIfAborted();
        // Another post of the same video, whose ladder is made again if this one's was not.
        if (done.length === 0) throw new Error('the ladder to copy was not made');
        try {
          await copyLadder(folderOf(source), folderOf(copy));
          done.push(copy);
        } catch (error) {
          if (await wanted(copy)) throw error;
        }
      }
      if (done.length === 0) return;
      const completed = await context.complete(async (trx) => {
        for (const target of done) await postWrites.markStreamReady(target.postId, target.videoKey, streamKeyOf(target), trx);
      });
      if (completed) context.log.info({ postIds: done.map((target) => target.postId), ms: Math.round(performance.now() - startedAt) }, 'ladder ready');
    },
  };
}
