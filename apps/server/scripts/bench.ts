/**
 * `npm run bench`: the API's benchmark, one command, one table (docs/benchmarks.md).
 *
 *   npm run bench                                   # embedded PGlite (see the scale below)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npm run bench
 *   BENCH_DATABASE_URL=… npm run bench -- --demo    # the demo world, PGlite against PostgreSQL
 *
 * Seeds the benchmark world (scripts/bench-seed.ts) at full scale and at a tenth of it, each in its
 * own database, or reuses it. On PostgreSQL the full scale goes into BENCH_DATABASE_URL and the
 * tenth into BENCH_TENTH_DATABASE_URL, by default the same server's database named after the first
 * with `_tenth` in place of a `_full` ending (or added): bench_full → bench_tenth, created when
 * missing. Embedded, each scale has its own folder under the system's temp folder, kept for the
 * next run; seeding a million posts into PGlite takes too long to be a default, so embedded runs at
 * a tenth of the full scale and a hundredth (BENCH_SCALE sets the full scale's fraction anywhere).
 *
 * For each database: one request of each call in this process (buildApp on the same database) counts
 * its SQL statements and checks it answers 200 with a non-empty page; then the real server
 * (src/main.ts) starts in a child process, so the load generator and the server do not share an
 * event loop, each call is checked again over HTTP, and autocannon loads each for BENCH_SECONDS (10)
 * after a BENCH_WARMUP (2) second warm-up, at BENCH_CONNECTIONS (50); a request unanswered within
 * BENCH_TIMEOUT (30) seconds is an error. The hello route (/healthz) and
 * /api/me are measured before and after the calls; the ratios use the mean of both. Any answer but
 * 2xx under load stops the run.
 *
 * --one-scale: only BENCH_DATABASE_URL (or the embedded folder) at BENCH_SCALE, no tenth beside it; the
 * table has no tenth columns. For comparing a change before and after on a database quick to seed:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_tenth BENCH_SCALE=0.1 npm run bench -- --one-scale
 * BENCH_CALLS=feed,comments keeps only the calls whose label holds one of those words (the
 * references are always measured).
 *
 * BENCH_NODE_OPTIONS: Node's options for the server process (its NODE_OPTIONS), for trying a runtime flag:
 *   BENCH_NODE_OPTIONS=--max-semi-space-size=64 BENCH_DATABASE_URL=… npm run bench -- --one-scale
 *
 * BENCH_PROFILE_DIR=/tmp/prof: instead of the table, a CPU profile per call. Each call gets its own
 * server process started with `node --cpu-prof --cpu-prof-dir=$BENCH_PROFILE_DIR/<n>-<call>` and
 * loaded as above; when it has stopped, its profile is summed by scripts/cpu-profile-summary.ts (self
 * time by function and by file or package, top BENCH_PROFILE_TOP, 25) and printed. For example:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_tenth BENCH_SCALE=0.1 BENCH_CALLS=comments \
 *     BENCH_PROFILE_DIR=/tmp/prof npm run bench -- --one-scale
 *
 * --demo: the demo world (what `npm start` makes) on embedded PGlite and on PostgreSQL (the database
 * named after BENCH_DATABASE_URL's with `_demo`), the same calls on both, and PGlite ÷ PostgreSQL.
 *
 * --cluster (PostgreSQL, with --one-scale): `/api/me` and the feed's first page from one server
 * process, from it behind nginx, and from two processes behind nginx, in one run (docs/deploy.md).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_tenth BENCH_SCALE=0.1 npm run bench -- --one-scale --cluster
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { APPLICATION_NAME, openDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createLocalMediaStore } from '../src/media/local-store.js';
import { seedDemoWorld } from '../src/seed/demo-world.js';
import { benchConfig, derivedDatabaseName, ensureDatabase, siblingDatabaseUrl, statementCounter } from './bench-support.js';
import { benchScale, benchTargets, benchTotals, seedBench } from './bench-seed.js';
import { summarizeProfile } from './cpu-profile-summary.js';
import { startNginx } from '../test/support/nginx.js';
import { checkAnswer, demoTable, measureLoad, scaleTable, type BenchCall, type LoadOptions, type MeasuredCall, type ScaleRun } from './bench-table.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_SECRET = 'bench-secret-bench-secret-bench-secret';
const demo = process.argv.includes('--demo');
const oneScale = process.argv.includes('--one-scale');
const cluster = process.argv.includes('--cluster');
const onlyCalls = (process.env.BENCH_CALLS ?? '').split(',').map((word) => word.trim()).filter(Boolean);
const load: Omit<LoadOptions, 'headers'> = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  timeoutSeconds: Number(process.env.BENCH_TIMEOUT ?? 30),
};

/** Where one run's data lives: a PostgreSQL database, or an embedded one in a folder. */
type Place = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

const HELLO: BenchCall = { label: 'GET /healthz', path: '/healthz', reference: 'hello' };
const ME: BenchCall = { label: 'GET /api/me', path: '/api/me', reference: 'me' };
const items = (body: Record<string, unknown>) => body.items;
const posts = (body: Record<string, unknown>) => body.posts;
const people = (body: Record<string, unknown>) => body.users;
const feedItems = (body: Record<string, unknown>) => (body.kind === 'following' ? body.items : []);

async function openPlace(place: Place) {
  if (place.kind === 'postgres') await ensureDatabase(place.url);
  else await fs.mkdir(place.dataDir, { recursive: true });
  const handle = await openDatabase(place.kind === 'postgres' ? { kind: 'postgres', url: place.url } : { kind: 'pglite', dataDir: path.join(place.dataDir, 'db') });
  await migrateToLatest(handle.db);
  return handle;
}

/** What a run measures, found in the prepared database: the calls with their paths and the viewer's headers. */
interface Plan {
  headers: Record<string, string>;
  calls: BenchCall[];
  statements: Map<string, number>;
}

async function signIn(app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string): Promise<Record<string, string>> {
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`could not sign in ${email}: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${(login.json() as { token: string }).token}` };
}

/** Follows the feed's cursors to page `page`. */
async function feedPage(app: Awaited<ReturnType<typeof buildApp>>, headers: Record<string, string>, page: number): Promise<string> {
  let cursor: string | null = null;
  for (let at = 1; at < page; at += 1) {
    const response: { json(): unknown } = await app.inject({ method: 'GET', url: `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, headers });
    cursor = (response.json() as { nextCursor: string | null }).nextCursor;
    if (!cursor) throw new Error(`the viewer's feed ends at page ${at}, before page ${page}`);
  }
  return `/api/feed?cursor=${encodeURIComponent(cursor!)}`;
}

/** The benchmark world's calls. */
async function benchPlan(app: Awaited<ReturnType<typeof buildApp>>, db: Database, fraction: number) {
  const scale = benchScale(fraction);
  const targets = benchTargets(scale);
  const headers = await signIn(app, targets.viewer.email, targets.viewer.password);
  const busy = await db.selectFrom('posts').select('id').where('slug', '=', targets.busyPostSlug).executeTakeFirstOrThrow();
  const calls: BenchCall[] = [
    { label: `GET /api/feed (first page, follows ${scale.viewerFollows.toLocaleString('en')})`, path: '/api/feed', list: feedItems },
    { label: 'GET /api/feed (page 50)', path: await feedPage(app, headers, 50), list: feedItems },
    { label: 'GET /api/profile/{username}', path: `/api/profile/${targets.profile}`, list: posts },
    { label: 'GET /api/posts/slug/{slug}', path: `/api/posts/slug/${targets.busyPostSlug}` },
    { label: 'GET /api/posts/{id}/comments', path: `/api/posts/${busy.id}/comments`, list: (body) => body.comments },
    { label: 'GET /api/notifications', path: '/api/notifications', list: items },
    { label: 'search "atardecer en la playa"', path: `/api/search?query=${encodeURIComponent('atardecer en la playa')}`, list: posts },
    { label: 'search "playa" (common word)', path: '/api/search?query=playa', list: posts },
    { label: 'search "valeria_1" (username prefix)', path: '/api/search?query=valeria_1', list: people },
    { label: 'GET /api/tags/playa (hashtag)', path: '/api/tags/playa', list: posts },
  ];
  return { headers, calls: onlyCalls.length ? calls.filter((call) => onlyCalls.some((word) => call.label.includes(word))) : calls };
}

/** The demo world's calls: the same kinds, on what the demo world holds. */
async function demoPlan(app: Awaited<ReturnType<typeof buildApp>>, db: Database) {
  const headers = await signIn(app, 'demo@wag.test', 'wag-demo-2026');
  const post = await sql<{ id: string; slug: string }>`
    SELECT p.id, p.slug FROM posts p WHERE p.visibility = 'public' AND p.status = 'ready' AND p.moderation IS NULL
    ORDER BY p.comments_count DESC, p.id LIMIT 1`.execute(db);
  const tag = await sql<{ tag: string }>`SELECT tag FROM hashtags ORDER BY posts_count DESC, tag LIMIT 1`.execute(db);
  const busy = post.rows[0]!;
  const calls: BenchCall[] = [
    { label: 'GET /api/feed (first page)', path: '/api/feed', list: items },
    { label: 'GET /api/feed (page 2)', path: await feedPage(app, headers, 2), list: items },
    { label: 'GET /api/profile/valeria_rios', path: '/api/profile/valeria_rios', list: posts },
    { label: 'GET /api/posts/slug/{slug}', path: `/api/posts/slug/${busy.slug}` },
    { label: 'GET /api/posts/{id}/comments', path: `/api/posts/${busy.id}/comments`, list: (body) => body.comments },
    { label: 'GET /api/notifications', path: '/api/notifications', list: items },
    { label: 'search "playa"', path: '/api/search?query=playa', list: posts },
    { label: 'search "vale" (username prefix)', path: '/api/search?query=vale', list: people },
    { label: `GET /api/tags/${tag.rows[0]!.tag} (hashtag)`, path: `/api/tags/${encodeURIComponent(tag.rows[0]!.tag)}`, list: posts },
  ];
  return { headers, calls };
}

/**
 * Seeds (or reuses) the place, then counts each call's statements in this process and checks its
 * answer. Closes the database before the server process opens it (PGlite has one owner).
 */
async function prepare(place: Place, world: { fraction: number } | 'demo'): Promise<Plan> {
  const handle = await openPlace(place);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-bench-app-'));
  try {
    if (world === 'demo') {
      const started = performance.now();
      const log = { info: (message: string) => console.log(`  ${message}`), warn: (message: string) => console.warn(`  ${message}`) };
      const mediaDir = path.join(place.kind === 'pglite' ? place.dataDir : root, 'media');
      await seedDemoWorld({ db: handle.db, store: createLocalMediaStore({ mediaDir, uploadDir: path.join(root, 'uploads') }), log });
      console.log(`  demo world ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else {
      await seedBench(handle.db, benchScale(world.fraction), { log: (line) => console.log(`  ${line}`) });
      console.log('  holds', await benchTotals(handle.db));
    }
    const counter = statementCounter();
    const app = await buildApp({ config: benchConfig(root, { appSecret: APP_SECRET }), db: handle.db.withPlugin(counter.plugin) });
    try {
      await app.ready();
      const { headers, calls } = world === 'demo' ? await demoPlan(app, handle.db) : await benchPlan(app, handle.db, world.fraction);
      const statements = new Map<string, number>();
      for (const call of [HELLO, ME, ...calls]) {
        // A first request warms the process's caches; the second is the one counted.
        await app.inject({ method: 'GET', url: call.path, headers });
        counter.reset();
        const response = await app.inject({ method: 'GET', url: call.path, headers });
        checkAnswer(call, response.statusCode, response.body);
        statements.set(call.label, counter.count);
      }
      // The first feed request above builds the viewer's home timeline: 1,500 to 2,000 rows written
      // after the seed's ANALYZE. In service autovacuum analyzes a table that grew so; here it may be
      // off (it is on the benchmark machine) or not have run yet, and PostgreSQL then plans the
      // timeline's page on the statistics of an empty table: it read the viewer's whole timeline and
      // sorted it on every request (docs/benchmarks.md, "API ratios"), not the page's rows through
      // the index. Statistics only; no row changes.
      if (world !== 'demo') await sql`ANALYZE home_timelines, home_timeline_states`.execute(handle.db);
      return { headers, calls, statements };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The real server (src/main.ts) in its own process on the place's database, ready when /healthz answers. */
async function startServer(place: Place, nodeOptions: string[] = []): Promise<{ address: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = place.kind === 'pglite' ? place.dataDir : await fs.mkdtemp(path.join(os.tmpdir(), 'wag-bench-server-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    SEED_DEMO: '0',
    MEDIA_WORKER: '0',
    APP_SECRET,
    // The load comes from one address and one account: it measures the calls, not the limits.
    RATE_LIMIT_SCALE: '0',
    LOG_LEVEL: 'warn',
    ...(process.env.DATABASE_PREPARED_STATEMENTS ? { DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS } : {}),
    // Node's own options for the server process (BENCH_NODE_OPTIONS; NODE_OPTIONS of the bench itself is not passed on).
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...(place.kind === 'postgres' ? { DATABASE_URL: place.url } : {}),
  };
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', path.join(serverDir, 'src/main.ts')], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // The server's warnings and errors are shown while it is measured; once the run is over, what it
  // says while shutting down under the last queued requests is not part of the benchmark.
  let forwarding = true;
  child.stdout!.on('data', (chunk: Buffer) => forwarding && process.stdout.write(chunk));
  child.stderr!.on('data', (chunk: Buffer) => forwarding && process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const address = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped before answering (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${address}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not answer /healthz within 3 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    address,
    child,
    stop: async () => {
      forwarding = false;
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (place.kind === 'postgres') await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (ms) so far of the server process and of each of its PostgreSQL backends, read from /proc (Linux). */
type CpuSnapshot = { server: number; backends: Map<number, number> };

async function processCpuMs(pid: number): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The server's and its database backends' CPU time: what a request costs whatever else the machine
 * is doing (req/s on a shared machine moves with the neighbours' load; CPU per request much less).
 * Only where the database is a PostgreSQL server on this machine; undefined elsewhere.
 */
async function cpuSnapshot(serverPid: number | undefined, place: Place): Promise<CpuSnapshot | undefined> {
  if (place.kind !== 'postgres' || serverPid === undefined || process.platform !== 'linux') return undefined;
  const server = await processCpuMs(serverPid);
  if (server === undefined) return undefined;
  const client = new pg.Client({ connectionString: place.url });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [APPLICATION_NAME]);
    const backends = new Map<number, number>();
    for (const { pid } of rows.rows) {
      const ms = await processCpuMs(pid);
      if (ms !== undefined) backends.set(pid, ms);
    }
    return { server, backends };
  } finally {
    await client.end();
  }
}

/** CPU spent between two snapshots; a backend that started in between counts from zero. */
function cpuSpent(start: CpuSnapshot, end: CpuSnapshot): { server: number; database: number } {
  let database = 0;
  for (const [pid, ms] of end.backends) database += ms - (start.backends.get(pid) ?? 0);
  return { server: end.server - start.server, database };
}

/** One CPU profile per call (BENCH_PROFILE_DIR), each from its own server process, summed and printed. */
async function profile(place: Place, plan: Plan, profileDir: string): Promise<void> {
  const top = Number(process.env.BENCH_PROFILE_TOP ?? 25);
  // /api/me first: the reference the calls are compared with.
  for (const [index, call] of [ME, ...plan.calls].entries()) {
    const dir = path.join(profileDir, `${index}-${call.label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}`);
    await fs.rm(dir, { recursive: true, force: true });
    const server = await startServer(place, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    let result;
    try {
      const response = await fetch(`${server.address}${call.path}`, { headers: plan.headers });
      checkAnswer(call, response.status, await response.text());
      result = await measureLoad(`${server.address}${call.path}`, { ...load, headers: plan.headers });
    } finally {
      await server.stop();
    }
    const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
    console.log(`\n## ${call.label}: ${Math.round(result.requestsPerSecond)} req/s, ${result.requests} requests (with ${load.warmupSeconds} s of warm-up before them)`);
    for (const file of files) console.log(summarizeProfile(path.join(dir, file), { top, requests: result.requests }));
  }
}

/** Measures one prepared place: references, the calls, references again. */
async function run(label: string, place: Place, plan: Plan): Promise<ScaleRun> {
  const server = await startServer(place);
  try {
    // Checked over HTTP too, on the server process that is measured.
    for (const call of [HELLO, ME, ...plan.calls]) {
      const response = await fetch(`${server.address}${call.path}`, { headers: plan.headers });
      checkAnswer(call, response.status, await response.text());
    }
    const measure = async (call: BenchCall): Promise<MeasuredCall> => {
      let start: CpuSnapshot | undefined;
      let spent: { server: number; database: number } | undefined;
      const measured = async (phase: 'start' | 'end') => {
        const now = await cpuSnapshot(server.child.pid, place);
        if (phase === 'start') start = now;
        else if (start && now) spent = cpuSpent(start, now);
      };
      const result = await measureLoad(`${server.address}${call.path}`, { ...load, headers: plan.headers, measured });
      const cpu = spent && { server: spent.server / result.requests, database: spent.database / result.requests };
      console.log(`  ${call.label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms` +
        (cpu ? `, CPU per request: server ${cpu.server.toFixed(2)} ms, PostgreSQL ${cpu.database.toFixed(2)} ms` : ''));
      return { call, statements: plan.statements.get(call.label) ?? 0, result, ...(cpu ? { cpu } : {}) };
    };
    const before = { hello: await measure(HELLO), me: await measure(ME) };
    const calls: MeasuredCall[] = [];
    for (const call of plan.calls) calls.push(await measure(call));
    const after = { hello: await measure(HELLO), me: await measure(ME) };
    return { label, before, calls, after };
  } finally {
    await server.stop();
  }
}

/**
 * `--cluster`: the first page of the feed and `/api/me` from one server process, from the same process
 * behind nginx, and from two processes behind nginx, in one run on one database (docs/deploy.md).
 */
async function clusterRun(place: Place, plan: Plan): Promise<string> {
  const feed = plan.calls[0]!;
  const servers = [await startServer(place), await startServer(place)];
  const balancers: Awaited<ReturnType<typeof startNginx>>[] = [];
  try {
    balancers.push(await startNginx([servers[0]!.address]), await startNginx(servers.map((server) => server.address)));
    const ways: [string, string][] = [
      ['one process', servers[0]!.address],
      ['one process behind nginx', balancers[0]!.url],
      ['two processes behind nginx', balancers[1]!.url],
    ];
    const lines = ['| Served by | Call | req/s | p50 ms | p99 ms |', '| --- | --- | ---: | ---: | ---: |'];
    for (const [label, base] of ways) {
      for (const call of [ME, feed]) {
        const response = await fetch(`${base}${call.path}`, { headers: plan.headers });
        checkAnswer(call, response.status, await response.text());
        const result = await measureLoad(`${base}${call.path}`, { ...load, headers: plan.headers });
        console.log(`  ${label}, ${call.label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
        lines.push(`| ${label} | ${call.label} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ${result.p99} |`);
      }
    }
    return lines.join('\n');
  } finally {
    for (const balancer of balancers) await balancer.stop();
    for (const server of servers) await server.stop();
  }
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: serverDir, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown commit';
  }
}

function header(): string {
  const cpus = os.cpus();
  return `${os.type()} ${os.release()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; ` +
    `${load.connections} connections, ${load.seconds} s per call after ${load.warmupSeconds} s of warm-up; commit ${commit()}; ${new Date().toISOString()}`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const url = process.env.BENCH_DATABASE_URL || undefined;
  if (demo) {
    if (!url) throw new Error('--demo compares PGlite with PostgreSQL: set BENCH_DATABASE_URL');
    const places: [string, Place][] = [
      ['PGlite', { kind: 'pglite', dataDir: path.join(os.tmpdir(), 'wag-bench-demo-pglite') }],
      ['PostgreSQL', { kind: 'postgres', url: process.env.BENCH_DEMO_DATABASE_URL || siblingDatabaseUrl(url, derivedDatabaseName(url, 'demo')) }],
    ];
    const runs: ScaleRun[] = [];
    for (const [label, place] of places) {
      console.log(`${label} (${place.kind === 'postgres' ? new URL(place.url).pathname.slice(1) : place.dataDir}): demo world`);
      const plan = await prepare(place, 'demo');
      runs.push(await run(label, place, plan));
    }
    console.log(`\nThe demo world, embedded PGlite and PostgreSQL: ${header()}\n`);
    console.log(demoTable(runs[0]!, runs[1]!));
  } else {
    const defaultFraction = url ? 1 : 0.1;
    const fraction = Number(process.env.BENCH_SCALE ?? defaultFraction);
    if (!url && !process.env.BENCH_SCALE) {
      console.log('Embedded PGlite: the full scale runs at a tenth (10,000 people, 100,000 posts) and its tenth at a hundredth; BENCH_SCALE=1 for the full million posts (slow to seed), BENCH_DATABASE_URL for PostgreSQL.');
    }
    const places: [string, Place, number][] = url
      ? [
          ['full', { kind: 'postgres', url }, fraction],
          ['tenth', { kind: 'postgres', url: process.env.BENCH_TENTH_DATABASE_URL || siblingDatabaseUrl(url, derivedDatabaseName(url, 'tenth')) }, fraction / 10],
        ]
      : [
          ['full', { kind: 'pglite', dataDir: path.join(os.tmpdir(), `wag-bench-pglite-${fraction}`) }, fraction],
          ['tenth', { kind: 'pglite', dataDir: path.join(os.tmpdir(), `wag-bench-pglite-${fraction / 10}`) }, fraction / 10],
        ];
    if (oneScale) places.length = 1;
    const plans: Plan[] = [];
    for (const [label, place, scale] of places) {
      console.log(`${label} scale (${scale}) in ${place.kind === 'postgres' ? `PostgreSQL database ${new URL(place.url).pathname.slice(1)}` : place.dataDir}`);
      plans.push(await prepare(place, { fraction: scale }));
    }
    console.log(`Seeded or reused in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (cluster) {
      if (!url) throw new Error('--cluster runs several server processes on one database: set BENCH_DATABASE_URL');
      const table = await clusterRun(places[0]![1], plans[0]!);
      console.log(`\nOne and two server processes on PostgreSQL, scale ${fraction}: ${header()}\n`);
      console.log(table);
      return;
    }
    if (process.env.BENCH_PROFILE_DIR) {
      for (const [index, [, place]] of places.entries()) await profile(place, plans[index]!, path.resolve(process.env.BENCH_PROFILE_DIR));
      return;
    }
    const runs: ScaleRun[] = [];
    for (const [index, [label, place]] of places.entries()) {
      console.log(`Measuring at the ${label} scale`);
      runs.push(await run(label, place, plans[index]!));
    }
    console.log(`\n${url ? 'PostgreSQL' : 'Embedded PGlite'}, scale ${fraction}${oneScale ? '' : ` (tenth: ${fraction / 10})`}: ${header()}\n`);
    console.log(scaleTable(runs[0]!, runs[1]));
  }
  console.log(`\nTook ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

await main();
