import fs from 'node:fs/promises';

/**
 * Steps where a test can stop the server, to kill it there and check what a restart finds: set
 * WAG_TEST_PAUSE_AT to a step, and WAG_TEST_PAUSE_MARKER to a file that gets a line each time a
 * request reaches it. That request then waits for ever, or for WAG_TEST_PAUSE_MS milliseconds when
 * set (a slow request, for the graceful shutdown test). Off unless set; refused in production (main.ts will not start).
 */
export type TestPauseStep =
  /** An upload is on disk (uploads/in-*), nothing else done. */
  | 'upload.received'
  /** An upload's files are in place (media folders, or the queued video) and its post row is not written. */
  | 'upload.before-row'
  /** A text message is written and told live; its answer is not sent yet. */
  | 'message.sent'
  /** A worker has taken a job (its lease is held and renewed) and not started its handler. */
  | 'job.run';

export const TEST_PAUSE_VARIABLE = 'WAG_TEST_PAUSE_AT';

/** Waits at `step` when asked to; `signal` (a job's) ends the wait early by rejecting with its reason. */
export async function pauseForTest(step: TestPauseStep, signal?: AbortSignal): Promise<void> {
  if (process.env[TEST_PAUSE_VARIABLE] !== step || process.env.NODE_ENV === 'production') return;
  const marker = process.env.WAG_TEST_PAUSE_MARKER;
  if (marker) await fs.appendFile(marker, `${step}\n`);
  const forMs = Number.parseInt(process.env.WAG_TEST_PAUSE_MS ?? '', 10);
  await new Promise<void>((resolve, reject) => {
    if (Number.isFinite(forMs)) setTimeout(resolve, forMs);
    if (signal?.aborted) reject(signal.reason as Error);
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
