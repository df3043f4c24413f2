/**
 * Benchmark of GET /api/profile/{username} on a large social graph.
 *
 *   npx tsx apps/server/scripts/bench-profile.ts            # embedded PGlite in a temp dir
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/scripts/bench-profile.ts
 *
 * Builds 10,000 users and 100,000 follows (one creator with 5,000 followers and 60 posts), then
 * runs autocannon with 50 connections for 10 s as a guest and as a signed-in follower, and counts
 * the SQL statements one request runs.
 */
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { benchConfig, openBenchDatabase, statementCounter } from './bench-support.js';

const USERS = 10_000;
const FOLLOWS = 100_000;
const STAR_FOLLOWERS = 5_000;
const STAR_POSTS = 60;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

const statements = statementCounter();

const { root, handle, db } = await openBenchDatabase('wag-bench-');

console.log(`Seeding ${USERS} users, ${FOLLOWS} follows…`);
const seedStarted = performance.now();
await sql`
  INSERT INTO users (username, email, password_hash, full_name, bio, birth_date, is_verified)
  SELECT 'bench_' || i, 'bench_' || i || '@bench.test', 'x', 'Usuario ' || i, 'Bio ' || i, '1990-01-01', i % 50 = 0
  FROM generate_series(1, ${USERS}) AS i
  ON CONFLICT DO NOTHING`.execute(db);
await sql`
  WITH numbered AS (SELECT id, row_number() OVER (ORDER BY username) AS n FROM users WHERE username LIKE 'bench\_%')
  INSERT INTO follows (follower_id, followee_id, created_at)
  SELECT f.id, s.id, now() - (g.i || ' seconds')::interval
  FROM generate_series(2, ${STAR_FOLLOWERS + 1}) AS g(i)
  JOIN numbered f ON f.n = g.i
  JOIN numbered s ON s.n = 1
  ON CONFLICT DO NOTHING`.execute(db);
await sql`
  WITH numbered AS (SELECT id, row_number() OVER (ORDER BY username) AS n FROM users WHERE username LIKE 'bench\_%')
  INSERT INTO follows (follower_id, followee_id, created_at)
  SELECT f.id, e.id, now() - (g.i || ' seconds')::interval
  FROM generate_series(1, ${FOLLOWS - STAR_FOLLOWERS + 50}) AS g(i)
  JOIN numbered f ON f.n = 1 + (g.i % ${USERS})
  JOIN numbered e ON e.n = 2 + ((g.i * 7919 + g.i / ${USERS}) % (${USERS} - 1))
  WHERE f.id <> e.id
  ON CONFLICT DO NOTHING`.execute(db);
await sql`
  UPDATE users u SET
    followers_count = (SELECT count(*) FROM follows WHERE followee_id = u.id),
    following_count = (SELECT count(*) FROM follows WHERE follower_id = u.id)`.execute(db);
const star = await db.selectFrom('users').select(['id', 'username']).where('username', '=', 'bench_1').executeTakeFirstOrThrow();
await sql`
  INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
  SELECT 'bench-post-' || i, ${star.id}, CASE WHEN i % 3 = 0 THEN 'quicky' ELSE 'grid' END,
         CASE WHEN i % 3 = 0 THEN 'video' ELSE 'image' END,
         CASE WHEN i % 10 = 0 THEN 'followers' WHEN i % 15 = 0 THEN 'subscribers' ELSE 'public' END,
         'Post ' || i, 'ready', now() - (i || ' minutes')::interval
  FROM generate_series(1, ${STAR_POSTS}) AS i`.execute(db);
await sql`
  INSERT INTO post_media (post_id, position, kind, width, height, image_key, thumb_key, video_key, poster_key)
  SELECT id, 0, content_type, 720, 1280,
         CASE WHEN content_type = 'image' THEN 'bench/' || slug ELSE NULL END,
         'bench/' || slug, CASE WHEN content_type = 'video' THEN 'bench/' || slug ELSE NULL END,
         CASE WHEN content_type = 'video' THEN 'bench/' || slug ELSE NULL END
  FROM posts WHERE user_id = ${star.id}`.execute(db);
await sql`UPDATE users SET posts_count = ${STAR_POSTS} WHERE id = ${star.id}`.execute(db);
await sql`ANALYZE`.execute(db);
const totals = await sql<{ users: number; follows: number }>`
  SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM follows)::int AS follows`.execute(db);
console.log(`Seeded in ${Math.round(performance.now() - seedStarted)} ms:`, totals.rows[0]);

const config = benchConfig(root);
const app = await buildApp({ config, db: db.withPlugin(statements.plugin) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// A signed-in follower of the star.
const password = 'bench-pass-2026';
const fan = 'bench_fan';
await app.inject({ method: 'POST', url: '/api/register', payload: { username: fan, email: 'fan@bench.test', password, birth_date: '1990-01-01' } });
const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'fan@bench.test', password } });
const token = (login.json() as { token: string }).token;
await app.inject({ method: 'POST', url: `/api/follow/${star.username}`, headers: { authorization: `Bearer ${token}` } });

const profilePath = `/api/profile/${star.username}`;
const viewers = [
  ['guest', {}],
  ['follower', { authorization: `Bearer ${token}` }],
] as const;

// Statement counts first, one request at a time, before any load is running.
const statementsPerRequest = new Map<string, number>();
for (const [label, headers] of viewers) {
  statements.reset();
  const probe = await app.inject({ method: 'GET', url: profilePath, headers });
  if (probe.statusCode !== 200) throw new Error(`GET ${profilePath} answered ${probe.statusCode}: ${probe.body}`);
  statementsPerRequest.set(label, statements.count);
}

for (const [label, headers] of viewers) {
  const result = await autocannon({ url: `${address}${profilePath}`, connections: CONNECTIONS, duration: DURATION_S, headers });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${label}: SQL statements per request ${statementsPerRequest.get(label)}; ${result.requests.total} requests, ` +
      `${Math.round(result.requests.average)} req/s, latency median ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, max ${result.latency.max} ms; errors/non-2xx ${non2xx}`,
  );
}

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
