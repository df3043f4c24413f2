import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/** Counts the SQL statements Kysely runs: reset before one request, read after it. */
export function statementCounter() {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    plugin,
    reset: () => {
      count = 0;
    },
    get count() {
      return count;
    },
  };
}

/**
 * The benchmark's database, migrated: the PostgreSQL database of BENCH_DATABASE_URL, or an embedded
 * PGlite one in a fresh temp folder (`root`, also the place for media and uploads).
 */
export async function openBenchDatabase(prefix: string): Promise<{ root: string; url: string | undefined; handle: DatabaseHandle; db: DatabaseHandle['db'] }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const url = process.env.BENCH_DATABASE_URL;
  const handle = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(root, 'db') });
  await migrateToLatest(handle.db);
  return { root, url, handle, db: handle.db };
}

/** Runs one seeding step and prints how long it took. */
export async function time(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The server's settings for a benchmark: files under `root`, no demo world, no background video worker. */
export function benchConfig(root: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    dataDir: root,
    mediaDir: path.join(root, 'media'),
    uploadDir: path.join(root, 'uploads'),
    webDistDir: path.join(root, 'web'),
    seedDemo: false,
    mediaWorker: false,
    ...overrides,
  };
}
