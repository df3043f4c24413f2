import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';

/**
 * Removes the throw-away data folder the browser-test server used (only when it is a temp folder),
 * and the keys folder beside it where the server generated its identity-document key.
 */
export default async function globalTeardown(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || !dataDir.startsWith(tmpdir())) return;
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${dataDir}-keys`, { recursive: true, force: true });
}
