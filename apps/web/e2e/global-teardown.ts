import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';

/** Removes the throw-away data folder the browser-test server used (only when it is a temp folder). */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && dataDir.startsWith(tmpdir())) await rm(dataDir, { recursive: true, force: true });
}
