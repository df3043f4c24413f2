/**
 * The embedded default against PostgreSQL on the demo world: the same calls, the same load, one run.
 *
 *   npx tsx apps/server/scripts/bench-embedded.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_embedded BENCH_PORT=3188 BENCH_SECONDS=10 \
 *     BENCH_CPU_PROF=/tmp/profiles npx tsx apps/server/scripts/bench-embedded.ts
 *
 * Starts the real server (src/main.ts, as `npm start` does) in a child process, once on PostgreSQL
 * (BENCH_DATABASE_URL, default the local bench_embedded database) and once on the embedded PGlite
 * database (BENCH_EMBEDDED_DIR, default a folder in the temp dir kept between runs, so the demo world
 * is seeded once), each seeding the demo world the default start seeds. The load runs from this
 * process, so the server has its cores to itself as in production. Signs in as the demo account and
 * measures each call with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10): req/s, p50, p99,
 * and prints the ratio PostgreSQL/PGlite per call. PGlite runs twice: in its own worker thread
 * (PGLITE_THREAD=1) and on the main thread (the default start). BENCH_ONLY=postgres,pglite,
 * pglite-main picks the sides; BENCH_CPU_PROF=<dir> writes V8 CPU profiles of each server there
 * (node --cpu-prof; one per thread); BENCH_CALLS=feed,search measures only the calls whose labels
 * hold one of those words.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureDatabase } from './bench-support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PORT = Number(process.env.BENCH_PORT ?? 3188);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_embedded';
const EMBEDDED_DIR = process.env.BENCH_EMBEDDED_DIR ?? path.join(os.tmpdir(), 'wag-bench-embedded');
const CPU_PROF = process.env.BENCH_CPU_PROF;
const ONLY = process.env.BENCH_ONLY;
/** Comma-separated words of the calls' labels to measure (any case); every call when unset. */
const CALLS = process.env.BENCH_CALLS?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const address = `http://127.0.0.1:${PORT}`;

type Kind = 'postgres' | 'pglite' | 'pglite-main';
const KINDS: Kind[] = ['postgres', 'pglite', 'pglite-main'];
const sides = ONLY ? KINDS.filter((kind) => ONLY.split(',').includes(kind)) : KINDS;
interface Result {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function startServer(kind: Kind): Promise<ChildProcess> {
  // Both PGlite sides open the same data folder (one after the other): the same demo world.
  const dataDir = kind === 'postgres' ? path.join(EMBEDDED_DIR, 'postgres-files') : EMBEDDED_DIR;
  await fs.mkdir(dataDir, { recursive: true });
  const nodeArgs = ['--import', 'tsx'];
  if (CPU_PROF) {
    await fs.mkdir(CPU_PROF, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=server-${kind}-${Date.now()}.cpuprofile`);
  }
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: kind === 'postgres' ? POSTGRES_URL : '',
      PGLITE_THREAD: kind === 'pglite-main' ? '0' : '1',
      REDIS_URL: '',
      MEDIA_WORKER: '0',
      // The load comes from one address: it measures the calls, not the limits.
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The first start seeds the demo world: minutes on a busy machine.
  const deadline = Date.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${kind} server ended with ${child.exitCode}`);
    try {
      const response = await fetch(`${address}/api/me`);
      if (response.status < 500) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopServer(child);
      throw new Error(`the ${kind} server did not start within 15 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await ended;
}

async function json(pathname: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${address}${pathname}`, { headers });
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The calls of one run, found on the demo world of this database (ids differ between databases). */
async function callsFor(): Promise<{ headers: Record<string, string>; calls: Array<{ label: string; path: string; guest?: boolean }> }> {
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@wag.test', password: 'wag-demo-2026' }),
  });
  if (login.status !== 200) throw new Error(`demo sign-in: ${login.status} ${await login.text()}`);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const feed = (await json('/api/feed', headers)) as { items: Array<{ id: string; slug: string; comments: number }> };
  if (feed.items.length === 0) throw new Error('the demo feed is empty');
  // The post with the most comments, so the comments call reads a real page.
  const commented = [...feed.items].sort((a, b) => b.comments - a.comments)[0]!;
  return {
    headers,
    calls: [
      // The static hello route, without the session (with it, any route reads the viewer's language).
      { label: 'hello (/healthz)', path: '/healthz', guest: true },
      { label: '/api/me', path: '/api/me' },
      { label: 'feed, first page', path: '/api/feed' },
      { label: "'Para ti'", path: '/api/feed/for-you' },
      { label: 'profile', path: '/api/profile/valeria_rios' },
      { label: 'post page', path: `/api/posts/slug/${encodeURIComponent(commented.slug)}` },
      { label: 'comments', path: `/api/posts/${encodeURIComponent(commented.id)}/comments` },
      { label: 'notifications', path: '/api/notifications' },
      { label: 'search', path: `/api/search?query=${encodeURIComponent('playa')}` },
    ],
  };
}

async function measure(kind: Kind): Promise<Map<string, Result>> {
  const started = performance.now();
  const child = await startServer(kind);
  console.log(`${kind}: server ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const results = new Map<string, Result>();
  try {
    const { headers, calls } = await callsFor();
    for (const call of calls) {
      if (CALLS && !CALLS.some((word) => call.label.toLowerCase().includes(word))) continue;
      const callHeaders = call.guest ? {} : headers;
      await json(call.path, callHeaders);
      // A short warm-up so both databases start each call with warm caches and compiled code.
      await autocannon({ url: `${address}${call.path}`, connections: CONNECTIONS, duration: 2, headers: callHeaders });
      const result = await autocannon({ url: `${address}${call.path}`, connections: CONNECTIONS, duration: SECONDS, headers: callHeaders });
      const failures = result.errors + result.non2xx;
      results.set(call.label, { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures });
      // Requests the load gave up on may still hold the database's one connection: wait until one
      // more read gets through, so the next call starts on an idle server.
      await fetch(`${address}/api/me`, { headers });
      console.log(`  ${kind} ${call.label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failures ? `, ${failures} failures` : ''}`);
    }
  } finally {
    await stopServer(child);
  }
  return results;
}

const results = new Map<Kind, Map<string, Result>>();
if (sides.includes('postgres')) await ensureDatabase(POSTGRES_URL);
for (const kind of sides) results.set(kind, await measure(kind));

const reference = results.get('postgres');
const labels = [...(results.values().next().value ?? new Map<string, Result>()).keys()];
const pad = (value: string, width: number) => value.padStart(width);
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per call; x = PostgreSQL req/s / that side's req/s (target <= 2); a call with failed requests (errors, non-2xx) shows them after its p99 and no ratio`);
let header = 'call'.padEnd(28);
for (const kind of sides) header += `${pad(`${kind} req/s`, 19)}${pad('p50', 6)}${pad('p99', 6)}${kind === 'postgres' ? '' : pad('x', 6)}`;
console.log(header);
for (const label of labels) {
  let line = label.padEnd(28);
  for (const kind of sides) {
    const r = results.get(kind)?.get(label);
    line += r ? `${pad(String(Math.round(r.rps)), 19)}${pad(String(r.p50), 6)}${pad(String(r.p99), 6)}${r.failures ? ` (${r.failures} failed)` : ''}` : `${pad('-', 19)}${pad('-', 6)}${pad('-', 6)}`;
    if (kind !== 'postgres') {
      const ref = reference?.get(label);
      line += pad(ref && r && !ref.failures && !r.failures ? (ref.rps / r.rps).toFixed(2) : '-', 6);
    }
  }
  console.log(line);
}
