import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';

/**
 * Removes the throw-away data folder the browser-test server used (only when it is a temp folder),
 * and the keys folder beside it where the server generated its identity-document key.
 *
 * The server is stopped after this runs, so it may still be writing (a demo quicky's HLS ladder):
 * removal is retried, and a folder that still cannot be removed is reported, not a failed run.
 */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || !dataDir.startsWith(tmpdir())) return;
  for (const folder of [dataDir, `${dataDir}-keys`]) {
    try {
      await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch (error) {
      console.warn(`browser tests: could not remove ${folder}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
