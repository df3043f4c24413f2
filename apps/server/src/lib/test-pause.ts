import fs from 'node:fs/promises';

/**
 * Steps where a test can stop the server, to kill it there and check what a restart finds: set
 * WAG_TEST_PAUSE_AT to a step, and WAG_TEST_PAUSE_MARKER to a file that gets a line each time a
 * request reaches it. That request then waits for ever. Off unless set; refused in production (main.ts will not start).
 */
export type TestPauseStep =
  /** An upload is on disk (uploads/in-*), nothing else done. */
  | 'upload.received'
  /** An upload's files are in place (media folders, or the queued video) and its post row is not written. */
  | 'upload.before-row'
  /** A text message is written and told live; its answer is not sent yet. */
  | 'message.sent';

export const TEST_PAUSE_VARIABLE = 'WAG_TEST_PAUSE_AT';

export async function pauseForTest(step: TestPauseStep): Promise<void> {
  if (process.env[TEST_PAUSE_VARIABLE] !== step || process.env.NODE_ENV === 'production') return;
  const marker = process.env.WAG_TEST_PAUSE_MARKER;
  if (marker) await fs.appendFile(marker, `${step}\n`);
  await new Promise<never>(() => undefined);
}
