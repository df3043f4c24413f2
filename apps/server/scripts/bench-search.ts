/**
 * Benchmark of GET /api/search on the benchmark world (scripts/bench-seed.ts): ten searches, more
 * than the four of `npm run bench`, each with the SQL statements of one request and autocannon with
 * 50 connections for BENCH_SECONDS (10) seconds, as the seed's viewer (who follows 2,000 people).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npx tsx apps/server/scripts/bench-search.ts
 *   (without it, an embedded PGlite database in a temp dir, at BENCH_SCALE, 0.1 by default there)
 *
 * The world's posts have Spanish titles, descriptions and tags (a common word such as "playa"
 * matches tens of thousands of posts), varied media shapes, lengths, audiences and like counts. A
 * database that already holds it is reused.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { benchConfig, measureCalls, openBenchDatabase, statementCounter } from './bench-support.js';
import { benchScale, benchTargets, seedBench } from './bench-seed.js';

const statements = statementCounter();

const { root, url, handle, db } = await openBenchDatabase('wag-bench-search-');
const scale = benchScale(Number(process.env.BENCH_SCALE ?? (url ? 1 : 0.1)));
await seedBench(db, scale);

const config = benchConfig(root);
const app = await buildApp({ config, db: db.withPlugin(statements.plugin) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const { viewer } = benchTargets(scale);
const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: viewer.email, password: viewer.password } });
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

const totals = await sql<Record<string, number>>`
  SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts,
         (SELECT count(*) FROM posts WHERE search_document @@ plainto_tsquery('spanish', 'playa'))::int AS posts_matching_playa`.execute(db);
console.log('Database:', totals.rows[0]);

const second = (await app.inject({ method: 'GET', url: '/api/search?query=playa', headers })).json() as { nextCursor: string };
const found = (body: unknown) => {
  const { posts, users } = body as { posts: unknown[]; users: unknown[] };
  return `${posts.length} posts, ${users.length} people (1 SQL statement is the session)`;
};
await measureCalls(
  app,
  address,
  statements,
  headers,
  [
    ['relevance, one common word', '/api/search?query=playa'],
    ['relevance, two words', '/api/search?query=atardecer%20en%20la%20playa'],
    ['recent, category quickys', '/api/search?query=bailar&category=quickys&sort=recent'],
    ['popular, photos, horizontal HD', '/api/search?query=montañas&category=photos&sort=popular&orientation=horizontal&quality=hd'],
    ['relevance, videos up to 2 minutes', '/api/search?query=verano&duration=2'],
    ['relevance, page 2', `/api/search?query=playa&cursor=${encodeURIComponent(second.nextCursor)}`],
    ['browse recent, no text', '/api/search?category=photos'],
    ['browse popular, vertical', '/api/search?sort=popular&orientation=vertical'],
    ['people and posts by name', '/api/search?query=pe%C3%B1alver'],
    ['models only', '/api/search?query=camila&category=models'],
  ].map(([label, path]) => ({ label: label!, path: path!, describe: found })),
);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
