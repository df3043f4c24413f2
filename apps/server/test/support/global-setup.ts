import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated, empty PGlite data dir; unset when TEST_DATABASE_URL is used. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Creating a PGlite database from nothing takes seconds; loading a dump of one takes a few
 * hundred milliseconds. The suite migrates one database here and every test file starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
    return async () => {};
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-test-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrateToLatest(handle.db);
    const dump = await handle.pglite!.dumpDataDir('none');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}
