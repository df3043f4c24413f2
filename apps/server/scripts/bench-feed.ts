/**
 * Benchmark of 'Tu Feed', the notifications list and live message delivery on a large database.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_feed npx tsx apps/server/scripts/bench-feed.ts
 *   (without it, an embedded PGlite database in a temp dir; seeding is much slower there)
 *
 * Seeds 100,000 users, 1,000,000 posts spread over two years, 5,000,000 follows (one viewer follows
 * 2,000 accounts) and 1,000,000 notifications (50,000 of them the viewer's). A database that
 * already holds the data is reused. Then, with 50 connections for BENCH_SECONDS (10) seconds each:
 * the viewer's first feed page, page 50 of it, and the first page of their notifications, with the
 * SQL statement count of one request of each. Finally two clients on the live channel (through
 * PostgreSQL LISTEN/NOTIFY when on a server) exchange 1,000 messages one at a time, timing each from
 * the moment it is sent to the moment the other client receives it.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { benchConfig, measureCalls, openBenchDatabase, statementCounter, time } from './bench-support.js';
import { createLocalBus, createPostgresBus } from '../src/lib/live-bus.js';
import { openLive } from '../test/support/live-client.js';

// BENCH_USERS and BENCH_FOLLOWS_PER_USER (with BENCH_POSTS) seed a smaller world, e.g. a tenth of it.
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const FOLLOWS_PER_USER = Number(process.env.BENCH_FOLLOWS_PER_USER ?? 50);
const VIEWER_FOLLOWS = 2_000;
const NOTIFICATIONS_PER_USER = 10;
const VIEWER_NOTIFICATIONS = 50_000;
const MESSAGES = 1_000;

const statements = statementCounter();

const { root, url, handle, db } = await openBenchDatabase('wag-bench-feed-');

const existing = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bf\\_%'`.execute(db);
if ((existing.rows[0]?.n ?? 0) < USERS) {
  console.log(`Seeding ${USERS} users, ${POSTS} posts, ${USERS * FOLLOWS_PER_USER + VIEWER_FOLLOWS} follows, ${USERS * NOTIFICATIONS_PER_USER + VIEWER_NOTIFICATIONS} notifications…`);
  // The viewer is bf_0; everyone else is bf_1 … bf_99999, numbered so follows can be computed.
  await time('users', () => sql`
    INSERT INTO users (username, email, password_hash, birth_date, full_name)
    SELECT 'bf_' || i, 'bf_' || i || '@bench.test', 'x', '1990-01-01', 'Persona ' || i FROM generate_series(0, ${USERS - 1}) AS i`.execute(db));
  await time('numbering', () => sql`CREATE TABLE bench_user_numbers AS SELECT id, substr(username, 4)::int AS n FROM users WHERE username LIKE 'bf\\_%'`.execute(db));
  await sql`CREATE UNIQUE INDEX ON bench_user_numbers (n)`.execute(db);
  // Posts spread over two years; every tenth for followers only, every twentieth VIP.
  await time('posts', () => sql`
    INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
    SELECT 'bf-' || i, u.id,
      CASE WHEN i % 20 = 0 THEN 'vip' WHEN i % 4 = 0 THEN 'quicky' ELSE 'grid' END,
      CASE WHEN i % 4 = 0 THEN 'video' ELSE 'image' END,
      CASE WHEN i % 20 = 0 THEN 'subscribers' WHEN i % 10 = 0 THEN 'followers' ELSE 'public' END,
      'Publicación ' || i, 'ready', now() - ((i * 63) || ' seconds')::interval
    FROM generate_series(1, ${POSTS}) AS i JOIN bench_user_numbers u ON u.n = 1 + (i::bigint * 7919) % ${USERS - 1}`.execute(db));
  await time('post media', () => sql`
    INSERT INTO post_media (post_id, position, kind, width, height, image_key, thumb_key)
    SELECT id, 0, content_type, 1080, 1920, 'u/' || substr(md5(id::text), 1, 20) || '/full.webp', 'u/' || substr(md5(id::text), 1, 20) || '/thumb.webp'
    FROM posts WHERE slug LIKE 'bf-%'`.execute(db));
  await time('follows', () => sql`
    INSERT INTO follows (follower_id, followee_id, created_at)
    SELECT a.id, b.id, now() - (k || ' hours')::interval
    FROM bench_user_numbers a CROSS JOIN generate_series(1, ${FOLLOWS_PER_USER}) AS k
    JOIN bench_user_numbers b ON b.n = 1 + (a.n + k * 1999) % ${USERS - 1}
    WHERE a.n > 0 AND a.id <> b.id
    ON CONFLICT DO NOTHING`.execute(db));
  await time('viewer follows', () => sql`
    INSERT INTO follows (follower_id, followee_id)
    SELECT a.id, b.id FROM bench_user_numbers a JOIN generate_series(1, ${VIEWER_FOLLOWS}) AS k ON true
    JOIN bench_user_numbers b ON b.n = 1 + (k * 37) % ${USERS - 1}
    WHERE a.n = 0 ON CONFLICT DO NOTHING`.execute(db));
  await time('notifications', () => sql`
    INSERT INTO notifications (recipient_id, actor_id, type, created_at, read_at)
    SELECT r.id, a.id, CASE WHEN k % 3 = 0 THEN 'follow' WHEN k % 3 = 1 THEN 'comment' ELSE 'mention' END,
      now() - ((r.n + k * 977) || ' seconds')::interval, CASE WHEN k > 2 THEN now() END
    FROM bench_user_numbers r CROSS JOIN generate_series(1, ${NOTIFICATIONS_PER_USER}) AS k
    JOIN bench_user_numbers a ON a.n = 1 + (r.n * 31 + k) % ${USERS - 1}
    WHERE r.n > 0`.execute(db));
  await time('viewer notifications', () => sql`
    INSERT INTO notifications (recipient_id, actor_id, type, post_id, text, created_at, read_at)
    SELECT r.id, a.id, CASE WHEN k % 2 = 0 THEN 'comment' ELSE 'mention' END, p.id, 'Comentario ' || k,
      now() - (k || ' seconds')::interval, CASE WHEN k > 100 THEN now() END
    FROM bench_user_numbers r CROSS JOIN generate_series(1, ${VIEWER_NOTIFICATIONS}) AS k
    JOIN bench_user_numbers a ON a.n = 1 + (k * 13) % ${USERS - 1}
    JOIN posts p ON p.slug = 'bf-' || (1 + k * 17 % ${POSTS})
    WHERE r.n = 0`.execute(db));
  await time('counters', async () => {
    await sql`UPDATE users u SET following_count = f.n FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) f WHERE f.follower_id = u.id`.execute(db);
    await sql`UPDATE users u SET followers_count = f.n FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) f WHERE f.followee_id = u.id`.execute(db);
  });
  await sql`VACUUM ANALYZE`.execute(db);
}
const totals = await sql<Record<string, number>>`
  SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts,
    (SELECT count(*) FROM follows)::int AS follows, (SELECT count(*) FROM notifications)::int AS notifications,
    (SELECT following_count FROM users WHERE username = 'bf_0') AS viewer_follows`.execute(db);
console.log('Database:', totals.rows[0]);

const config = benchConfig(root, { messagesPerMinute: 1_000_000 });
const liveBus = url ? await createPostgresBus(url) : createLocalBus();
const app = await buildApp({ config, db: db.withPlugin(statements.plugin), liveBus });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

/** Signs in as a seeded account by giving it a password (seeded hashes are placeholders). */
async function signIn(username: string): Promise<string> {
  const { hash } = await import('@node-rs/argon2');
  await db.updateTable('users').set({ password_hash: await hash('bench-pass-2026') }).where('username', '=', username).execute();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: `${username}@bench.test`, password: 'bench-pass-2026' } });
  return (login.json() as { token: string }).token;
}
const viewerToken = await signIn('bf_0');
const headers = { authorization: `Bearer ${viewerToken}` };

// Page 50 of the feed: follow the cursors from the first page.
let cursor: string | null = null;
for (let page = 1; page < 50; page += 1) {
  const response: { json(): unknown } = await app.inject({ method: 'GET', url: `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, headers });
  cursor = (response.json() as { nextCursor: string | null }).nextCursor;
  if (!cursor) throw new Error(`the feed ended at page ${page}`);
}

await measureCalls(
  app,
  address,
  statements,
  headers,
  [
    // The reference the feed's targets are ratios to (issue 17): one authenticated indexed read.
    { label: 'GET /api/me (reference)', path: '/api/me' },
    { label: 'GET /api/feed (first page, follows 2,000)', path: '/api/feed' },
    { label: 'GET /api/feed (page 50)', path: `/api/feed?cursor=${encodeURIComponent(cursor!)}` },
    { label: 'GET /api/notifications (first page of 50,000)', path: '/api/notifications' },
  ],
  { alone: true },
);

// Live delivery: bf_1 writes to bf_2, who is connected to the live channel.
const senderToken = await signIn('bf_1');
const recipientToken = await signIn('bf_2');
const recipient = await openLive(address, recipientToken);
await recipient.next('counts');
const latencies: number[] = [];
for (let i = 0; i < MESSAGES; i += 1) {
  const text = `mensaje ${i}`;
  const started = performance.now();
  const arrived = recipient.next('message', (event) => event.message?.text === text, 10_000);
  const sent = await fetch(`${address}/api/conversations/bf_2/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${senderToken}` },
    body: JSON.stringify({ text }),
  });
  if (sent.status !== 200) throw new Error(`send ${i}: ${sent.status} ${await sent.text()}`);
  await arrived;
  latencies.push(performance.now() - started);
  recipient.events.length = 0;
}
recipient.close();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
console.log(`Message delivery over the live channel (${liveBus.kind} bus), ${MESSAGES} messages: median ${at(0.5)} ms, p99 ${at(0.99)} ms (from send to receipt)`);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
