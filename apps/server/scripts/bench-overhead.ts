/**
 * What one request costs, measured against its references in one run: a static hello route and an
 * unknown route of the same server, GET /api/me, a profile, a post page, its comments and the
 * viewer's notifications, each with 50 connections for BENCH_SECONDS (10) seconds, with the SQL
 * statements of one request and the ratio of its req/s to /api/me's and to the hello route's.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/scripts/bench-overhead.ts
 *
 * Uses the large world of bench-feed.ts (100,000 users, 1,000,000 posts, 5,000,000 follows, the
 * viewer bf_0): run that first on the same database (stopped after its posts, this adds what its
 * calls read: the viewer's follows and notifications). Adds, once, 60 comment threads with 3 replies
 * each and 200 likes to one post in the middle of the table. Also prints the server's CPU time per
 * request (app.inject, one at a time), steadier than req/s on a busy machine. BENCH_ROUNDS (1) repeats the whole
 * series; the table then shows each call's median.
 */
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { BENCH_SECONDS, benchConfig, openBenchDatabase, statementCounter } from './bench-support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const statements = statementCounter();
const { root, handle, db } = await openBenchDatabase('wag-bench-overhead-');

const seeded = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bf\\_%'`.execute(db);
if ((seeded.rows[0]?.n ?? 0) < 100_000) throw new Error('run scripts/bench-feed.ts on this database first (it seeds the large world)');

// What these calls read, when bench-feed.ts was stopped after its posts (its follows and
// notifications take the longest): the viewer's 2,000 follows, 50,000 notifications and the media of
// the posts read here.
const viewerFollows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM follows f JOIN users u ON u.id = f.follower_id WHERE u.username = 'bf_0'`.execute(db);
if ((viewerFollows.rows[0]?.n ?? 0) === 0) {
  console.log('Adding the viewer\'s follows and notifications…');
  await sql`
    INSERT INTO follows (follower_id, followee_id)
    SELECT a.id, b.id FROM users a JOIN generate_series(1, 2000) AS k ON true JOIN users b ON b.username = 'bf_' || (1 + (k * 37) % 99999)
    WHERE a.username = 'bf_0' ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO notifications (recipient_id, actor_id, type, post_id, text, created_at, read_at)
    SELECT r.id, a.id, CASE WHEN k % 2 = 0 THEN 'comment' ELSE 'mention' END, p.id, 'Comentario ' || k,
      now() - (k || ' seconds')::interval, CASE WHEN k > 100 THEN now() END
    FROM users r CROSS JOIN generate_series(1, 50000) AS k
    JOIN users a ON a.username = 'bf_' || (1 + (k * 13) % 99999)
    JOIN posts p ON p.slug = 'bf-' || (1 + k * 17 % 1000000)
    WHERE r.username = 'bf_0'`.execute(db);
  await sql`UPDATE users u SET following_count = (SELECT count(*) FROM follows WHERE follower_id = u.id) WHERE username = 'bf_0'`.execute(db);
  await sql`ANALYZE`.execute(db);
}

const target = await db.selectFrom('posts').select(['id', 'slug', 'user_id']).where('slug', '=', 'bf-500001').executeTakeFirstOrThrow();
const owner = await db.selectFrom('users').select('username').where('id', '=', target.user_id).executeTakeFirstOrThrow();
await sql`
  INSERT INTO post_media (post_id, position, kind, width, height, image_key, thumb_key)
  SELECT p.id, 0, p.content_type, 1080, 1920, 'u/' || substr(md5(p.id::text), 1, 20) || '/full.webp', 'u/' || substr(md5(p.id::text), 1, 20) || '/thumb.webp'
  FROM posts p WHERE (p.user_id = ${target.user_id} OR p.id = ${target.id}) AND NOT EXISTS (SELECT 1 FROM post_media m WHERE m.post_id = p.id)`.execute(db);
const hasComments = await db.selectFrom('comments').select('id').where('post_id', '=', target.id).executeTakeFirst();
if (!hasComments) {
  await sql`
    INSERT INTO comments (post_id, user_id, text, created_at)
    SELECT ${target.id}, u.id, 'Hilo ' || i, now() - (i || ' minutes')::interval
    FROM generate_series(1, 60) AS i JOIN users u ON u.username = 'bf_' || (1000 + i)`.execute(db);
  await sql`
    INSERT INTO comments (post_id, user_id, parent_id, text)
    SELECT ${target.id}, u.id, c.id, 'Respuesta ' || k
    FROM comments c CROSS JOIN generate_series(1, 3) AS k JOIN users u ON u.username = 'bf_' || (2000 + k)
    WHERE c.post_id = ${target.id} AND c.parent_id IS NULL`.execute(db);
  await sql`
    INSERT INTO post_likes (post_id, user_id) SELECT ${target.id}, u.id FROM generate_series(1, 200) AS i JOIN users u ON u.username = 'bf_' || (5000 + i)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    UPDATE posts SET comments_count = (SELECT count(*) FROM comments WHERE post_id = ${target.id}),
      likes_count = (SELECT count(*) FROM post_likes WHERE post_id = ${target.id}) WHERE id = ${target.id}`.execute(db);
  await sql`ANALYZE comments`.execute(db);
}

const app = await buildApp({ config: benchConfig(root), db: db.withPlugin(statements.plugin) });
// The reference: what the framework costs with nothing of ours behind it (this script's own route).
app.get('/bench-hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const { hash } = await import('@node-rs/argon2');
await db.updateTable('users').set({ password_hash: await hash('bench-pass-2026') }).where('username', '=', 'bf_0').execute();
const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'bf_0@bench.test', password: 'bench-pass-2026' } });
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

const calls = [
  { label: 'hello (static route)', path: '/bench-hello', status: 200, auth: false },
  { label: 'unknown route (404)', path: '/api/no-such-route', status: 404, auth: false },
  { label: 'GET /api/me', path: '/api/me', status: 200, auth: true },
  { label: `GET /api/profile/${owner.username}`, path: `/api/profile/${owner.username}`, status: 200, auth: true },
  { label: 'GET /api/posts/slug/{slug}', path: `/api/posts/slug/${target.slug}`, status: 200, auth: true },
  { label: 'GET /api/posts/{id}/comments', path: `/api/posts/${target.id}/comments`, status: 200, auth: true },
  { label: 'GET /api/notifications', path: '/api/notifications', status: 200, auth: true },
];

const counts = new Map<string, number>();
for (const call of calls) {
  // Twice: the first request of a call may fill a cache; the count is the steady one.
  for (let i = 0; i < 2; i += 1) {
    statements.reset();
    const probe = await app.inject({ method: 'GET', url: call.path, headers: call.auth ? headers : {} });
    if (probe.statusCode !== call.status) throw new Error(`${call.label}: ${probe.statusCode} ${probe.body}`);
  }
  counts.set(call.label, statements.count);
}

// This process's CPU time per request, through app.inject one request at a time (no HTTP parsing):
// what the server itself spends on a call, less sensitive than req/s to a busy machine.
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 500);
const cpuPerRequest = new Map<string, number>();
for (const call of calls) {
  for (let i = 0; i < 50; i += 1) await app.inject({ method: 'GET', url: call.path, headers: call.auth ? headers : {} });
  const started = process.cpuUsage();
  for (let i = 0; i < CPU_REQUESTS; i += 1) await app.inject({ method: 'GET', url: call.path, headers: call.auth ? headers : {} });
  const used = process.cpuUsage(started);
  cpuPerRequest.set(call.label, (used.user + used.system) / CPU_REQUESTS);
}

const results = new Map<string, { rps: number[]; p50: number[]; p99: number[] }>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const call of calls) {
    const result = await autocannon({ url: `${address}${call.path}`, connections: 50, duration: BENCH_SECONDS, headers: call.auth ? headers : {} });
    const wrong = result.errors + (call.status === 200 ? result.non2xx : result.requests.total - result.non2xx);
    if (wrong > 0) console.log(`  ${call.label}: ${wrong} answers were errors or not ${call.status === 200 ? '2xx' : call.status}`);
    const entry = results.get(call.label) ?? { rps: [], p50: [], p99: [] };
    entry.rps.push(result.requests.average);
    entry.p50.push(result.latency.p50);
    entry.p99.push(result.latency.p99);
    results.set(call.label, entry);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rpsOf = (label: string) => median(results.get(label)!.rps);
const me = rpsOf('GET /api/me');
const hello = rpsOf('hello (static route)');
console.log(`\n${ROUNDS} round(s) of ${BENCH_SECONDS} s, 50 connections; medians`);
console.log('| call | req/s | p50 ms | p99 ms | vs /api/me | vs hello | SQL statements | server CPU µs/request |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const call of calls) {
  const entry = results.get(call.label)!;
  const rps = median(entry.rps);
  console.log(
    `| ${call.label} | ${Math.round(rps)} | ${median(entry.p50)} | ${median(entry.p99)} | ${(rps / me).toFixed(2)} | ${(rps / hello).toFixed(3)} | ${counts.get(call.label)} | ${Math.round(cpuPerRequest.get(call.label)!)} |`,
  );
}

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
