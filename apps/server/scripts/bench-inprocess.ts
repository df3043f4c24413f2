/**
 * The CPU each benchmark call costs per request, without HTTP or a load generator (docs/benchmarks.md,
 * "Profile, post page, comments and notifications"): on a seeded benchmark database, buildApp answers
 * each call by `inject` ten at a time, in BENCH_BATCHES (6) batches of BENCH_REQUESTS (300) after 100 to
 * warm up; per batch, this process's CPU and its PostgreSQL backends' (from /proc) divided by the
 * requests. Prints the minimum and the median of the batches: on a shared machine the other work only
 * adds, so the minimum is the steadiest figure to compare two versions of the code run one after the
 * other. BENCH_CALLS picks calls by name (me, profile, slug, comments, notifications).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_tenth BENCH_SCALE=0.1 npx tsx apps/server/scripts/bench-inprocess.ts
 *
 * The database must be on this machine (the backends' CPU is read from /proc) and used by nothing else.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { benchConfig, benchViewer } from './bench-support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a seeded benchmark database');
const fraction = Number(process.env.BENCH_SCALE ?? 1);
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const batches = Number(process.env.BENCH_BATCHES ?? 6);
const words = (process.env.BENCH_CALLS ?? 'me,profile,slug,comments,notifications').split(',').map((word) => word.trim());
const CLOCK_TICKS = 100;

const handle = await openDatabase({ kind: 'postgres', url });
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-bench-inprocess-'));
const app = await buildApp({ config: { ...benchConfig(root), logLevel: 'warn' }, db: handle.db });

/** CPU time (ms) so far of this database's client backends (this process's pool). */
async function backendsCpuMs(): Promise<number> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`.execute(handle.db);
  let total = 0;
  for (const { pid } of rows) {
    try {
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      // a backend that ended meanwhile
    }
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await app.ready();
  const { targets, headers, busy } = await benchViewer(app, handle.db, fraction);
  const calls = (
    [
      ['me', '/api/me'],
      ['profile', `/api/profile/${targets.profile}`],
      ['slug', `/api/posts/slug/${targets.busyPostSlug}`],
      ['comments', `/api/posts/${busy.id}/comments`],
      ['notifications', '/api/notifications'],
    ] as const
  ).filter(([name]) => words.includes(name));

  for (const [name, callUrl] of calls) {
    const once = async () => {
      const response = await app.inject({ method: 'GET', url: callUrl, headers });
      if (response.statusCode !== 200) throw new Error(`${callUrl}: ${response.statusCode} ${response.body}`);
    };
    for (let i = 0; i < 100; i += 1) await once();
    const server: number[] = [];
    const database: number[] = [];
    for (let batch = 0; batch < batches; batch += 1) {
      const backendsBefore = await backendsCpuMs();
      const before = process.cpuUsage();
      for (let i = 0; i < requests / 10; i += 1) await Promise.all(Array.from({ length: 10 }, once));
      const used = process.cpuUsage(before);
      server.push((used.user + used.system) / 1000 / requests);
      database.push(((await backendsCpuMs()) - backendsBefore) / requests);
    }
    const total = server.map((value, i) => value + database[i]!);
    const figures = (values: number[]) => `min ${Math.min(...values).toFixed(3)} med ${median(values).toFixed(3)}`;
    console.log(`${name.padEnd(14)} ms/req server ${figures(server)} | PostgreSQL ${figures(database)} | total ${figures(total)}`);
  }
} finally {
  await app.close();
  await handle.close();
  await fs.rm(root, { recursive: true, force: true });
}
