/**
 * Benchmark of the post page and comments calls on a large database, and of video processing.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx apps/server/scripts/bench-posts.ts
 *   (without it, an embedded PGlite database in a temp dir; seeding is much slower there)
 *
 * Seeds 1,000,000 posts, 5,000,000 likes and 1,000,000 comments, then runs autocannon with 50
 * connections for 10 s on GET /api/posts/slug/{slug} and GET /api/posts/{id}/comments, counting the
 * SQL statements of one request of each. Then times a 30 s 720x1280 upload from the end of the
 * upload to the post being playable.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { benchConfig, measureCalls, openBenchDatabase, registerViewer, statementCounter, time } from './bench-support.js';
import { runFfmpeg } from '../src/media/video-renditions.js';

const USERS = 20_000;
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const LIKES = POSTS * 5;
const COMMENTS = POSTS;

const statements = statementCounter();

const { root, handle, db } = await openBenchDatabase('wag-bench-posts-');

console.log(`Seeding ${USERS} users, ${POSTS} posts, ${LIKES} likes, ${COMMENTS} comments…`);
await time('users', () => sql`
  INSERT INTO users (username, email, password_hash, birth_date)
  SELECT 'bp_' || i, 'bp_' || i || '@bench.test', 'x', '1990-01-01' FROM generate_series(1, ${USERS}) AS i`.execute(db));
await time('posts', () => sql`
  WITH u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users)
  INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
  SELECT 'bp-' || i, u.id, CASE WHEN i % 4 = 0 THEN 'quicky' ELSE 'grid' END, CASE WHEN i % 4 = 0 THEN 'video' ELSE 'image' END,
         CASE WHEN i % 10 = 0 THEN 'followers' ELSE 'public' END, 'Post ' || i, 'ready', now() - (i || ' seconds')::interval
  FROM generate_series(1, ${POSTS}) AS i JOIN u ON u.n = 1 + (i % ${USERS})`.execute(db));
await time('post media', () => sql`
  INSERT INTO post_media (post_id, position, kind, width, height, image_key, thumb_key)
  SELECT id, 0, content_type, 1080, 1080, 'u/' || substr(md5(id::text), 1, 20) || '/full.webp', 'u/' || substr(md5(id::text), 1, 20) || '/thumb.webp' FROM posts`.execute(db));
await time('likes', () => sql`
  WITH p AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM posts), u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users)
  INSERT INTO post_likes (post_id, user_id)
  SELECT p.id, u.id FROM generate_series(0, 4) AS k CROSS JOIN p JOIN u ON u.n = 1 + ((p.n * 7 + k * 3001) % ${USERS})
  ON CONFLICT DO NOTHING`.execute(db));
await time('comments', () => sql`
  WITH p AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM posts), u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users)
  INSERT INTO comments (post_id, user_id, text, created_at)
  SELECT p.id, u.id, 'Comentario ' || p.n, now() - (p.n || ' seconds')::interval FROM p JOIN u ON u.n = 1 + ((p.n * 13) % ${USERS})`.execute(db));
await time('counters', async () => {
  await sql`UPDATE posts SET likes_count = l.n FROM (SELECT post_id, count(*)::int AS n FROM post_likes GROUP BY post_id) l WHERE l.post_id = posts.id`.execute(db);
  await sql`UPDATE posts SET comments_count = 1`.execute(db);
});
await sql`ANALYZE`.execute(db);
const totals = await sql<Record<string, number>>`
  SELECT (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM post_likes)::int AS likes, (SELECT count(*) FROM comments)::int AS comments`.execute(db);
console.log('Seeded:', totals.rows[0]);

// A busy post in the middle of the table: 60 top-level comments with replies.
const target = await db.selectFrom('posts').select(['id', 'slug']).where('slug', '=', `bp-${Math.floor(POSTS / 2) + 1}`).executeTakeFirstOrThrow();
await sql`
  INSERT INTO comments (post_id, user_id, text, created_at)
  SELECT ${target.id}, (SELECT id FROM users ORDER BY id LIMIT 1 OFFSET (i % 100)), 'Hilo ' || i, now() - (i || ' minutes')::interval
  FROM generate_series(1, 60) AS i`.execute(db);
await sql`
  INSERT INTO comments (post_id, user_id, parent_id, text)
  SELECT ${target.id}, (SELECT id FROM users ORDER BY id LIMIT 1 OFFSET (k % 100)), c.id, 'Respuesta ' || k
  FROM comments c CROSS JOIN generate_series(1, 3) AS k WHERE c.post_id = ${target.id} AND c.parent_id IS NULL`.execute(db);

const config = benchConfig(root);
const app = await buildApp({ config, db: db.withPlugin(statements.plugin) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = await registerViewer(app, 'bench_viewer');

await measureCalls(app, address, statements, headers, [
  { label: 'GET /api/posts/slug/{slug}', path: `/api/posts/slug/${target.slug}` },
  { label: 'GET /api/posts/{id}/comments', path: `/api/posts/${target.id}/comments` },
]);

// Upload to playable: a 30 s 720x1280 clip with sound.
const clip = path.join(root, 'clip.mp4');
await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=30', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=30',
  '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-shortest', clip]);
const boundary = '----wagbench';
const payload = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
  await fs.readFile(clip),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const uploaded = await app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
const { slug } = uploaded.json() as { slug: string };
const uploadDone = performance.now();
await app.services.jobs.drain();
const playable = await app.inject({ method: 'GET', url: `/api/posts/slug/${slug}`, headers });
const seconds = (performance.now() - uploadDone) / 1000;
console.log(`30 s 720x1280 video: status ${(playable.json() as { post: { status: string } }).post.status} ${seconds.toFixed(1)} s after the upload ended (${(seconds / 30).toFixed(2)}× its duration)`);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
