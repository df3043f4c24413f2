import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { messages } from '../lib/messages.js';
import { createMediaFolder, fileKey, MEDIA_FILES, removeMediaFolder } from '../media/storage.js';
import { writeVideoRenditions } from '../media/video-renditions.js';
import type { PostWritesRepository } from '../repositories/post-writes.repository.js';

/** A job is held this long; if the server dies mid-job, it is taken again after that. */
const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
const IDLE_POLL_MS = 2000;

export interface MediaWorkerDeps {
  postWrites: PostWritesRepository;
  clock: Clock;
  mediaDir: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Processes queued videos one at a time: transcode to H.264/AAC MP4 with faststart, poster and tile,
 * then mark the post ready (or failed after MAX_ATTEMPTS). Jobs live in the database, so a restart
 * picks up where the last run stopped.
 */
export function createMediaWorker({ postWrites, clock, mediaDir, log }: MediaWorkerDeps) {
  let running = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  async function runOnce(): Promise<boolean> {
    const job = await postWrites.claimJob(clock.now(), LEASE_MS);
    if (!job) return false;
    const visibility = await postWrites.jobPostVisibility(job);
    if (!visibility) {
      await fs.rm(job.source_path, { force: true });
      return true;
    }
    const folder = await createMediaFolder(mediaDir, { restricted: visibility !== 'public' });
    try {
      const result = await writeVideoRenditions(job.source_path, folder.dir);
      await postWrites.completeJob(job, {
        kind: 'video',
        width: result.width,
        height: result.height,
        durationMs: result.durationMs,
        imageKey: null,
        thumbKey: fileKey(folder.key, MEDIA_FILES.thumb),
        videoKey: fileKey(folder.key, MEDIA_FILES.video),
        posterKey: fileKey(folder.key, MEDIA_FILES.poster),
      });
      await fs.rm(job.source_path, { force: true });
      log?.info({ postId: job.post_id }, 'video ready');
    } catch (error) {
      await removeMediaFolder(mediaDir, folder.key);
      log?.warn({ postId: job.post_id, attempt: job.attempts, err: error }, 'video processing failed');
      if (job.attempts >= MAX_ATTEMPTS || (await fs.stat(job.source_path).catch(() => null)) === null) {
        await postWrites.failJob(job, messages.videoFailed);
        await fs.rm(job.source_path, { force: true });
      }
    }
    return true;
  }

  return {
    runOnce,
    /** Processes every job that can be taken now (tests use this instead of the loop). */
    async drain(): Promise<void> {
      while (await runOnce()) {
        // keep going
      }
    },
    start(): void {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let worked = false;
          try {
            worked = await runOnce();
          } catch (error) {
            log?.error({ err: error }, 'media worker error');
          }
          if (!worked && running) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, IDLE_POLL_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        }
      })();
    },
    notify(): void {
      wake?.();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
    },
  };
}

export type MediaWorker = ReturnType<typeof createMediaWorker>;
