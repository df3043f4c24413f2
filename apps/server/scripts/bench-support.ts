import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { runFfmpeg } from '../src/media/video-renditions.js';
import { benchScale, benchTargets } from './bench-seed.js';
import { formatTable } from './bench-table.js';

/** Counts the SQL statements Kysely runs: reset before one request, read after it. */
export type StatementCounter = ReturnType<typeof statementCounter>;

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
    appSecret: 'bench-secret-bench-secret-bench-secret',
    // The load comes from one address and a few accounts: it measures the calls, not the limits.
    rateLimitScale: 0,
    ...overrides,
  };
}

/** How long each load runs: BENCH_SECONDS, 10 by default. */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Registers an account and signs it in; the headers of its requests. */
export async function registerViewer(app: FastifyInstance, username: string): Promise<{ authorization: string }> {
  const email = `${username}@bench.test`;
  const password = 'bench-pass-2026';
  await app.inject({ method: 'POST', url: '/api/register', payload: { username, email, password, birth_date: '1990-01-01' } });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`could not sign in ${username}: ${login.body}`);
  return { authorization: `Bearer ${(login.json() as { token: string }).token}` };
}

/**
 * On a seeded benchmark database at `fraction`: what the calls read (benchTargets), the viewer's
 * authorization header (signed in through the app) and the busy post's id.
 */
export async function benchViewer(app: FastifyInstance, db: DatabaseHandle['db'], fraction: number) {
  const targets = benchTargets(benchScale(fraction));
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: targets.viewer.email, password: targets.viewer.password } });
  if (login.statusCode !== 200) throw new Error(`could not sign in ${targets.viewer.email}: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const busy = await db.selectFrom('posts').select('id').where('slug', '=', targets.busyPostSlug).executeTakeFirstOrThrow();
  return { targets, headers, busy };
}

export interface BenchCall {
  label: string;
  path: string;
  /** A note on the probe's answer printed with the result (e.g. how many posts it held). */
  describe?: (body: unknown) => string;
}

/**
 * For each call: the SQL statements of one request, counted before any load runs (a call that does
 * not answer 200 stops the benchmark), then 50 connections for BENCH_SECONDS and, with `alone`,
 * one connection for 5 s. Prints one table (bench-table.ts), a row per call.
 */
export async function measureCalls(
  app: FastifyInstance,
  address: string,
  statements: StatementCounter,
  headers: Record<string, string>,
  calls: BenchCall[],
  { alone = false } = {},
): Promise<void> {
  const probes = new Map<string, { note: string; statements: number }>();
  for (const call of calls) {
    statements.reset();
    const probe = await app.inject({ method: 'GET', url: call.path, headers });
    if (probe.statusCode !== 200) throw new Error(`${call.label}: ${probe.statusCode} ${probe.body}`);
    probes.set(call.label, { note: call.describe ? call.describe(probe.json()) : '', statements: statements.count });
  }
  const rows: string[][] = [];
  for (const call of calls) {
    const result = await autocannon({ url: `${address}${call.path}`, connections: 50, duration: BENCH_SECONDS, headers });
    const probe = probes.get(call.label)!;
    const row = [call.label, probe.note, String(probe.statements), String(Math.round(result.requests.average)), String(result.latency.p50), String(result.latency.p99), String(result.errors + result.non2xx)];
    if (alone) {
      const single = await autocannon({ url: `${address}${call.path}`, connections: 1, duration: 5, headers });
      row.push(String(single.latency.p50), String(single.latency.p99));
    }
    rows.push(row);
  }
  const columns = ['Call', 'Answer', 'SQL/req', 'req/s (50 conn.)', 'p50 ms', 'p99 ms', 'errors/non-2xx', ...(alone ? ['1 conn. p50 ms', '1 conn. p99 ms'] : [])];
  console.log(formatTable(columns, rows, columns.map((_, column) => (column < 2 ? 'left' : 'right'))));
}

/** A database URL with another database name. */
export function siblingDatabaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** bench_full → bench_tenth; any other name gets the suffix added. */
export function derivedDatabaseName(url: string, suffix: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  return name.endsWith('_full') ? `${name.slice(0, -'_full'.length)}_${suffix}` : `${name}_${suffix}`;
}

/**
 * A 720x1280 clip as a phone records it (H.264/AAC, about 6 Mbit/s, 30 fps, index at the front), so
 * its upload is copied into the MP4 as it came (decision 27), for the video benchmarks.
 */
export async function makePhoneClip(file: string, seconds: number): Promise<void> {
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=30:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-b:v', '6M', '-maxrate', '8M', '-bufsize', '12M',
    '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', file,
  ]);
}

/** Creates the PostgreSQL database `url` names when it is not there yet (a new machine). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: siblingDatabaseUrl(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      console.log(`Creating database ${name}`);
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    }
  } finally {
    await admin.end();
  }
}
