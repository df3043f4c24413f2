/**
 * What 1,000 blocks cost a viewer: the feed, a profile and a search, for a viewer with no blocks and
 * one with 1,000 (500 people they block, 500 who block them), measured in the same run, alternating.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_blocks npx tsx apps/server/scripts/bench-blocks.ts
 *   (without it, an embedded PGlite database in a temp dir)
 *
 * Seeds 20,000 users and BENCH_POSTS (200,000) posts, a fifth of them about "playa"; both viewers
 * follow the same 500 accounts, and the blocked accounts post like everyone else. Each round runs
 * every call for both viewers with 50 connections for BENCH_SECONDS (10) seconds; BENCH_ROUNDS (3)
 * rounds, then the medians. A database that already holds the data is reused.
 */
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { BENCH_SECONDS, benchConfig, openBenchDatabase, statementCounter, time } from './bench-support.js';

const USERS = 20_000;
const POSTS = Number(process.env.BENCH_POSTS ?? 200_000);
const FOLLOWED = 500;
const BLOCKS_EACH_WAY = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const statements = statementCounter();
const { root, handle, db } = await openBenchDatabase('wag-bench-blocks-');

const existing = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bb\\_%'`.execute(db);
if ((existing.rows[0]?.n ?? 0) < USERS) {
  console.log(`Seeding ${USERS} users, ${POSTS} posts, follows and ${BLOCKS_EACH_WAY * 2} blocks…`);
  // bb_0 blocks no one; bb_1 blocks bb_501 … bb_1000 and is blocked by bb_1001 … bb_1500.
  await time('users', () => sql`
    INSERT INTO users (username, email, password_hash, birth_date, full_name)
    SELECT 'bb_' || i, 'bb_' || i || '@bench.test', 'x', '1990-01-01', 'Persona ' || i FROM generate_series(0, ${USERS - 1}) AS i`.execute(db));
  await sql`CREATE TABLE bench_block_numbers AS SELECT id, substr(username, 4)::int AS n FROM users WHERE username LIKE 'bb\\_%'`.execute(db);
  await sql`CREATE UNIQUE INDEX ON bench_block_numbers (n)`.execute(db);
  await time('posts', () => sql`
    INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
    SELECT 'bb-' || i, u.id, 'grid', 'image', 'public',
      CASE WHEN i % 5 = 0 THEN 'Atardecer en la playa ' || i ELSE 'Publicación de montaña ' || i END,
      'ready', now() - ((i * 60) || ' seconds')::interval
    FROM generate_series(1, ${POSTS}) AS i JOIN bench_block_numbers u ON u.n = 2 + (i::bigint * 7919) % ${USERS - 2}`.execute(db));
  await time('post media', () => sql`
    INSERT INTO post_media (post_id, position, kind, width, height, image_key, thumb_key)
    SELECT id, 0, 'image', 1080, 1350, 'u/' || substr(md5(id::text), 1, 20) || '/full.webp', 'u/' || substr(md5(id::text), 1, 20) || '/thumb.webp'
    FROM posts WHERE slug LIKE 'bb-%'`.execute(db));
  await time('follows', () => sql`
    INSERT INTO follows (follower_id, followee_id)
    SELECT v.id, u.id FROM bench_block_numbers v JOIN bench_block_numbers u ON u.n BETWEEN 2 AND ${FOLLOWED + 1}
    WHERE v.n IN (0, 1)`.execute(db));
  await time('blocks', async () => {
    await sql`
      INSERT INTO blocks (blocker_id, blocked_id)
      SELECT v.id, u.id FROM bench_block_numbers v JOIN bench_block_numbers u ON u.n BETWEEN ${FOLLOWED + 2} AND ${FOLLOWED + 1 + BLOCKS_EACH_WAY}
      WHERE v.n = 1`.execute(db);
    await sql`
      INSERT INTO blocks (blocker_id, blocked_id)
      SELECT u.id, v.id FROM bench_block_numbers v JOIN bench_block_numbers u ON u.n BETWEEN ${FOLLOWED + 2 + BLOCKS_EACH_WAY} AND ${FOLLOWED + 1 + 2 * BLOCKS_EACH_WAY}
      WHERE v.n = 1`.execute(db);
  });
  await sql`UPDATE users u SET following_count = f.n FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) f WHERE f.follower_id = u.id`.execute(db);
  await sql`UPDATE users u SET followers_count = f.n FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) f WHERE f.followee_id = u.id`.execute(db);
  await time('analyze', () => sql`ANALYZE`.execute(db));
}
const totals = await sql<Record<string, number>>`
  SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts,
    (SELECT count(*) FROM blocks b JOIN users u ON u.id IN (b.blocker_id, b.blocked_id) WHERE u.username = 'bb_1')::int AS viewer_blocks`.execute(db);
console.log('Database:', totals.rows[0]);

const app = await buildApp({ config: benchConfig(root), db: db.withPlugin(statements.plugin) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function signIn(username: string): Promise<Record<string, string>> {
  const { hash } = await import('@node-rs/argon2');
  await db.updateTable('users').set({ password_hash: await hash('bench-pass-2026') }).where('username', '=', username).execute();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: `${username}@bench.test`, password: 'bench-pass-2026' } });
  return { authorization: `Bearer ${(login.json() as { token: string }).token}` };
}
const viewers = { 'no blocks': await signIn('bb_0'), '1,000 blocks': await signIn('bb_1') };
const calls = [
  { label: 'GET /api/feed', path: '/api/feed' },
  { label: 'GET /api/profile/{followed}', path: '/api/profile/bb_2' },
  { label: 'GET /api/search?q=playa', path: '/api/search?q=playa' },
];

// One request of each first: it must answer 200, and the blocked people must be missing from it.
const blockedNames = new Set(Array.from({ length: 2 * BLOCKS_EACH_WAY }, (_, i) => `bb_${FOLLOWED + 2 + i}`));
for (const [who, headers] of Object.entries(viewers)) {
  for (const call of calls) {
    statements.reset();
    const probe = await app.inject({ method: 'GET', url: call.path, headers });
    if (probe.statusCode !== 200) throw new Error(`${who} ${call.label}: ${probe.statusCode} ${probe.body}`);
    const leaked = [...probe.body.matchAll(/"username":"(bb_\d+)"/g)].filter((m) => blockedNames.has(m[1]!)).length;
    console.log(`${who} · ${call.label}: ${statements.count} SQL statements, ${probe.body.length} bytes, blocked people shown: ${who === 'no blocks' ? 'n/a' : leaked}`);
  }
}

const results = new Map<string, Array<{ rps: number; p50: number; p99: number }>>();
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const call of calls) {
    for (const [who, headers] of Object.entries(viewers)) {
      const result = await autocannon({ url: `${address}${call.path}`, connections: 50, duration: BENCH_SECONDS, headers });
      if (result.errors + result.non2xx > 0) throw new Error(`${who} ${call.label}: ${result.errors + result.non2xx} errors`);
      const key = `${call.label} · ${who}`;
      results.set(key, [...(results.get(key) ?? []), { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }]);
      console.log(`round ${round} · ${key}: ${Math.round(result.requests.average)} req/s, median ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    }
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
console.log(`\nMedians of ${ROUNDS} rounds (50 connections, ${BENCH_SECONDS} s each):`);
console.log('| Call | Viewer | req/s | median | p99 |\n|---|---|---|---|---|');
for (const [key, runs] of results) {
  const [label, who] = key.split(' · ');
  console.log(`| ${label} | ${who} | ${Math.round(median(runs.map((r) => r.rps)))} | ${median(runs.map((r) => r.p50))} ms | ${median(runs.map((r) => r.p99))} ms |`);
}

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
