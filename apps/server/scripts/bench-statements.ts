/**
 * Each benchmark call's statements, one by one, as the server runs them (docs/benchmarks.md, "Profile,
 * post page, comments and notifications"): on a seeded benchmark database, buildApp on one connection
 * answers each call BENCH_STATEMENT_WARMUP (10) times, then once more while its statements are
 * recorded. For each statement: how PostgreSQL has been planning it on that connection (generic plans
 * kept, or a custom plan per execution: pg_prepared_statements), then its database CPU per execution
 * (the same named statement with the same values run BENCH_STATEMENT_RUNS (300) times, the backend's
 * CPU read from /proc) as PostgreSQL chooses and with the generic plan forced, and with BENCH_EXPLAIN=1
 * its EXPLAIN (ANALYZE, BUFFERS) (a custom plan: the values are written in), then the generic plan's. BENCH_LITERAL_LIMIT=1 writes a
 * LIMIT sent as the statement's last parameter into its text instead, as the feed's page does
 * (repositories/page-limit.ts): what that would change.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_tenth BENCH_SCALE=0.1 \
 *     BENCH_CALLS=profile,slug,comments,notifications npx tsx apps/server/scripts/bench-statements.ts
 *
 * The database must be on this machine (the backend's CPU is read from /proc).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { benchConfig, benchViewer } from './bench-support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a seeded benchmark database');
const fraction = Number(process.env.BENCH_SCALE ?? 1);
const words = (process.env.BENCH_CALLS ?? 'me,profile,slug,comments,notifications').split(',').map((word) => word.trim()).filter(Boolean);
const warmup = Number(process.env.BENCH_STATEMENT_WARMUP ?? 10);
const runs = Number(process.env.BENCH_STATEMENT_RUNS ?? 300);
const explain = process.env.BENCH_EXPLAIN === '1';

interface Recorded {
  name: string;
  text: string;
  values: unknown[];
}
let recording: Recorded[] | null = null;
// Every named statement the server sends goes through Client.prototype.query (prepared-statements.ts binds it per client).
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as { name?: string; text?: string; values?: unknown[] } | string;
  if (recording && typeof first === 'object' && first?.name && first.text) recording.push({ name: first.name, text: first.text, values: first.values ?? [] });
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const ticks = Number(process.env.CLK_TCK ?? 100);
async function backendCpuMs(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
// A database seeded by an earlier commit gets this one's schema, as `npm run bench` gives it.
await migrateToLatest(handle.db);
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-bench-statements-'));
const app = await buildApp({ config: benchConfig(root), db: handle.db });
try {
  await app.ready();
  const { targets, headers, busy } = await benchViewer(app, handle.db, fraction);
  const calls = [
    { label: 'GET /api/me', path: '/api/me' },
    { label: 'GET /api/profile/{username}', path: `/api/profile/${targets.profile}` },
    { label: 'GET /api/posts/slug/{slug}', path: `/api/posts/slug/${targets.busyPostSlug}` },
    { label: 'GET /api/posts/{id}/comments', path: `/api/posts/${busy.id}/comments` },
    { label: 'GET /api/notifications', path: '/api/notifications' },
  ].filter((call) => words.some((word) => call.label.includes(word)));

  for (const call of calls) {
    for (let i = 0; i < warmup; i += 1) await app.inject({ method: 'GET', url: call.path, headers });
    recording = [];
    const response = await app.inject({ method: 'GET', url: call.path, headers });
    const statements = recording;
    recording = null;
    console.log(`\n## ${call.label}: ${response.statusCode}, ${statements.length} statements`);
    // One plain client on the same database for the measuring (its own backend, the statements prepared there).
    const measure = new pg.Client({ connectionString: url, options: '-c jit=off' });
    await measure.connect();
    try {
      const pid = (await measure.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      for (const [index, recorded] of statements.entries()) {
        // BENCH_LITERAL_LIMIT=1: a LIMIT sent as the last parameter written into the text instead (what would it save?).
        const last = recorded.values.length;
        const statement = process.env.BENCH_LITERAL_LIMIT === '1' && new RegExp(`LIMIT \\$${last}\\b`).test(recorded.text)
          ? { ...recorded, text: recorded.text.replace(new RegExp(`LIMIT \\$${last}\\b`, 'g'), `LIMIT ${Number(recorded.values[last - 1])}`), values: recorded.values.slice(0, -1) }
          : recorded;
        const name = `m_${index}`;
        const first = statement.text.replace(/\s+/g, ' ').trim().slice(0, 110);
        // As the server: named, so after five custom plans PostgreSQL may keep a generic one.
        for (let i = 0; i < 10; i += 1) await clientQuery.call(measure, { name, text: statement.text, values: statement.values });
        const plans = (await measure.query<{ generic_plans: number; custom_plans: number }>(
          'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = $1', [name])).rows[0]!;
        const start = await backendCpuMs(pid);
        const started = performance.now();
        for (let i = 0; i < runs; i += 1) await clientQuery.call(measure, { name, text: statement.text, values: statement.values });
        const wall = (performance.now() - started) / runs;
        const cpu = ((await backendCpuMs(pid)) - start) / runs;
        const after = (await measure.query<{ generic_plans: number; custom_plans: number }>(
          'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = $1', [name])).rows[0]!;
        const planned = after.custom_plans - plans.custom_plans === runs ? 'custom plan each time' : `generic plan kept (${after.generic_plans - plans.generic_plans} of ${runs})`;
        // The same with the generic plan forced: what keeping it would cost.
        await measure.query('SET plan_cache_mode = force_generic_plan');
        const forcedStart = await backendCpuMs(pid);
        for (let i = 0; i < runs; i += 1) await clientQuery.call(measure, { name, text: statement.text, values: statement.values });
        const forced = ((await backendCpuMs(pid)) - forcedStart) / runs;
        await measure.query('RESET plan_cache_mode');
        console.log(`  ${index + 1}. ${statement.text.length} chars, ${statement.values.length} values, ${planned}: database CPU ${cpu.toFixed(3)} ms (generic forced ${forced.toFixed(3)} ms), wall ${wall.toFixed(3)} ms\n     ${first}`);
        if (explain) {
          const explained = await clientQuery.call(measure, { text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, values: statement.values }) as pg.QueryResult<{ 'QUERY PLAN': string }>;
          console.log(explained.rows.map((row) => `       ${row['QUERY PLAN']}`).join('\n'));
          // The generic plan the server's prepared statement may keep, run with these values.
          const literal = (value: unknown): string =>
            value === null || value === undefined ? 'NULL'
              : value instanceof Date ? measure.escapeLiteral(value.toISOString())
                : Array.isArray(value) ? measure.escapeLiteral(`{${value.join(',')}}`) : measure.escapeLiteral(String(value));
          await measure.query('SET plan_cache_mode = force_generic_plan');
          const generic = await measure.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${statement.values.map(literal).join(', ')})`);
          await measure.query('RESET plan_cache_mode');
          console.log(`     generic plan:\n${generic.rows.map((row) => `       ${row['QUERY PLAN']}`).join('\n')}`);
        }
      }
    } finally {
      await measure.end();
    }
  }
} finally {
  await app.close();
  await handle.close();
  await fs.rm(root, { recursive: true, force: true });
}
