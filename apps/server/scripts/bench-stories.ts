/**
 * Benchmark of GET /api/stories/active/{username} with 10,000 users holding active stories.
 *
 *   npx tsx apps/server/scripts/bench-stories.ts             # embedded PGlite in a temp dir
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/scripts/bench-stories.ts
 *
 * Seeds 10,000 users with 3 active stories each (a tenth followers-only) and 100,000 follows, then
 * runs autocannon with 50 connections for 10 s as a signed-in follower, on one person's active stories
 * and on the story-avatar row of someone following 2,000 people with stories, counting SQL statements.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { benchConfig, measureCalls, openBenchDatabase, registerViewer, statementCounter } from './bench-support.js';

const USERS = 10_000;

const statements = statementCounter();

const { root, handle, db } = await openBenchDatabase('wag-bench-stories-');

const started = performance.now();
await sql`
  INSERT INTO users (username, email, password_hash, birth_date)
  SELECT 'bs_' || i, 'bs_' || i || '@bench.test', 'x', '1990-01-01' FROM generate_series(1, ${USERS}) AS i`.execute(db);
await sql`
  INSERT INTO stories (user_id, audience, kind, image_key, poster_key, created_at)
  SELECT u.id, CASE WHEN k = 3 AND random() < 0.3 THEN 'followers' ELSE 'public' END, 'image',
         'u/' || substr(md5(u.id::text || k), 1, 20) || '/full.webp', 'u/' || substr(md5(u.id::text || k), 1, 20) || '/thumb.webp',
         now() - ((k * 3) || ' hours')::interval
  FROM users u CROSS JOIN generate_series(1, 3) AS k`.execute(db);
await sql`
  WITH n AS (SELECT id, row_number() OVER (ORDER BY id) AS i FROM users)
  INSERT INTO follows (follower_id, followee_id)
  SELECT a.id, b.id FROM n a JOIN generate_series(1, 10) AS k ON TRUE JOIN n b ON b.i = 1 + ((a.i * 31 + k * 997) % ${USERS})
  WHERE a.id <> b.id ON CONFLICT DO NOTHING`.execute(db);
await sql`ANALYZE`.execute(db);
const totals = await sql<Record<string, number>>`
  SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM stories)::int AS stories, (SELECT count(*) FROM follows)::int AS follows`.execute(db);
console.log(`Seeded in ${Math.round(performance.now() - started)} ms:`, totals.rows[0]);

const config = benchConfig(root);
const app = await buildApp({ config, db: db.withPlugin(statements.plugin) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = await registerViewer(app, 'bench_fan');
await app.inject({ method: 'POST', url: '/api/follow/bs_5000', headers });
// The fan follows 2,000 of them, all with active stories, for the story-avatar row.
await sql`
  INSERT INTO follows (follower_id, followee_id)
  SELECT (SELECT f.id FROM users f WHERE f.username = 'bench_fan'), u.id FROM users u WHERE u.username LIKE 'bs\_%' ORDER BY u.id LIMIT 2000
  ON CONFLICT DO NOTHING`.execute(db);

await measureCalls(app, address, statements, headers, [
  { label: 'GET /api/stories/active/{username}', path: '/api/stories/active/bs_5000' },
  { label: 'GET /api/feed/stories (following 2,000 with stories)', path: '/api/feed/stories' },
]);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
