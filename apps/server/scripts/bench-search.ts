/**
 * Benchmark of GET /api/search on a large database.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_search npx tsx apps/server/scripts/bench-search.ts
 *   (without it, an embedded PGlite database in a temp dir; seeding is much slower there)
 *
 * Seeds 100,000 users with Spanish names and 1,000,000 posts whose titles, descriptions and tags
 * are drawn from a Spanish vocabulary (so a common word such as "playa" matches tens of thousands
 * of posts), with varied media shapes, lengths, audiences and like counts. A database that already
 * holds the data is reused. Then, for each search, counts the SQL statements of one request and
 * runs autocannon with 50 connections for BENCH_SECONDS (10) seconds as a signed-in viewer who
 * follows 200 people, and last `/api/me` in the same run as the reference the search cases are
 * compared to.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { benchConfig, measureCalls, openBenchDatabase, registerViewer, statementCounter, time } from './bench-support.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);

const FIRST_NAMES = ['Valeria', 'Camila', 'Lucía', 'Martina', 'Sofía', 'Isabel', 'Ana', 'María', 'Daniela', 'Paula', 'Mateo', 'Diego', 'Álvaro', 'Javier', 'Andrés', 'Sebastián', 'Nicolás', 'Tomás', 'Iñaki', 'Raúl'];
const LAST_NAMES = ['Ríos', 'Ortega', 'Gómez', 'Fernández', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Núñez', 'Peñalver', 'Castillo', 'Romero', 'Herrera', 'Muñoz', 'Álvarez', 'Jiménez', 'Vargas', 'Domínguez', 'Ibáñez', 'Cortés'];
const TITLES = ['Atardecer en la playa', 'Domingo de montaña', 'Noche en la ciudad', 'Mi rincón favorito', 'Cardio al amanecer', 'Respira conmigo',
  'Playlist de pierna', 'Sesión de fotos', 'Bailando bajo la lluvia', 'Cena para dos', 'Ruta por la sierra', 'Olas del día', 'Café y palmeras',
  'Luces de neón', 'Entreno nocturno', 'Canción nueva', 'Yoga frente al mar', 'Mercado de abastos', 'Viaje a Tulum', 'Desierto de Atacama'];
const WORDS = ['playa', 'playas', 'sol', 'mar', 'arena', 'atardecer', 'amanecer', 'montaña', 'sierra', 'ciudad', 'noche', 'fiesta', 'música', 'canción',
  'bailar', 'bailando', 'baile', 'entreno', 'gimnasio', 'rutina', 'pierna', 'glúteo', 'cardio', 'yoga', 'respiración', 'calma', 'café', 'desayuno',
  'cena', 'receta', 'cocina', 'vino', 'cóctel', 'viaje', 'aventura', 'ruta', 'camino', 'bosque', 'lago', 'río', 'nieve', 'invierno', 'verano',
  'primavera', 'otoño', 'lluvia', 'tormenta', 'luz', 'sombra', 'color', 'moda', 'vestido', 'zapatillas', 'estilo', 'look', 'fotografía', 'retrato',
  'sesión', 'estudio', 'backstage', 'amigos', 'familia', 'perro', 'gato', 'casa', 'terraza', 'azotea', 'jardín', 'flores', 'mercado', 'calle', 'barrio',
  'concierto', 'escenario', 'guitarra', 'piano', 'vinilo', 'libro', 'lectura', 'pintura', 'arte', 'museo', 'surf', 'olas', 'tabla', 'bicicleta',
  'correr', 'corriendo', 'maratón', 'senderismo', 'escalada', 'meditación', 'descanso', 'domingo', 'lunes', 'sábado', 'madrid', 'barcelona', 'sevilla',
  'valencia', 'méxico', 'bogotá', 'medellín', 'tulum', 'caribe', 'canarias', 'patagonia', 'chile', 'argentina', 'lencería', 'boudoir', 'neón'];
const TAGS = ['fitness', 'viajes', 'playa', 'moda', 'musica', 'yoga', 'comida', 'noche', 'fotografia', 'surf', 'arte', 'vip', 'mañanas', 'verano',
  'motivacion', 'baile', 'cocteles', 'naturaleza', 'ciudad', 'retrato'];
const IMAGE_SIZES = [[1080, 1080], [1080, 1350], [1920, 1080], [640, 480], [480, 640], [2048, 1536]];
const VIDEO_SIZES = [[720, 1280], [1080, 1920], [1280, 720], [360, 640], [1920, 1080]];

const statements = statementCounter();

const { root, handle, db } = await openBenchDatabase('wag-bench-search-');

const existing = await sql<{ users: number; posts: number }>`
  SELECT (SELECT count(*) FROM users WHERE username LIKE 'bs\_%')::int AS users, (SELECT count(*) FROM posts WHERE slug LIKE 'bs-%')::int AS posts`.execute(db);
const seeded = existing.rows[0]!;
if (seeded.users >= USERS && seeded.posts >= POSTS) {
  console.log(`Reusing ${seeded.users} users and ${seeded.posts} posts already in the database.`);
} else {
  if (seeded.users > 0 || seeded.posts > 0) throw new Error('The database holds part of an earlier bench run: use an empty database.');
  console.log(`Seeding ${USERS} users and ${POSTS} posts…`);
  // Bulk loading is much faster with the post indexes built once at the end: keep their
  // definitions as the migrations made them, drop them, load, then create them again.
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename IN ('posts', 'post_media') AND indexname NOT LIKE '%_pkey' AND indexdef NOT LIKE 'CREATE UNIQUE%'`.execute(db);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(db);

  await time('users', () => sql`
    INSERT INTO users (username, email, password_hash, full_name, birth_date, is_verified, featured_rank, followers_count)
    SELECT 'bs_' || i, 'bs_' || i || '@bench.test', 'x',
           (${FIRST_NAMES}::text[])[1 + i % ${FIRST_NAMES.length}] || ' ' || (${LAST_NAMES}::text[])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           '1990-01-01', i % 100 = 0, CASE WHEN i <= 12 THEN i END, (random() * random() * 50000)::int
    FROM generate_series(1, ${USERS}) AS i`.execute(db));
  const shapes = [
    ...IMAGE_SIZES.map(([w, h], k) => sql`('image', ${k + 1}::int, ${w}::int, ${h}::int)`),
    ...VIDEO_SIZES.map(([w, h], k) => sql`('video', ${k + 1}::int, ${w}::int, ${h}::int)`),
  ];
  await time('posts', () => sql`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'bs\_%'),
    types AS (
      SELECT i, CASE WHEN i % 25 = 0 THEN 'vip' WHEN i % 4 = 0 THEN 'quicky' ELSE 'grid' END AS post_type,
             CASE WHEN i % 4 = 0 OR (i % 25 = 0 AND i % 2 = 0) THEN 'video' ELSE 'image' END AS content_type
      FROM generate_series(1, ${POSTS}) AS i
    ), g AS MATERIALIZED (
      SELECT t.*, 1 + floor(random() * CASE WHEN t.content_type = 'video' THEN ${VIDEO_SIZES.length}::int ELSE ${IMAGE_SIZES.length}::int END)::int AS shape
      FROM types t
    )
    INSERT INTO posts (slug, user_id, post_type, content_type, visibility, title, description, tags, status, likes_count, views_count, created_at,
                       media_width, media_height, media_duration_ms)
    SELECT 'bs-' || g.i, u.id, g.post_type, g.content_type,
           CASE WHEN g.post_type = 'vip' THEN 'subscribers' WHEN g.i % 10 = 0 THEN 'followers' ELSE 'public' END,
           CASE WHEN g.i % 3 = 0 THEN (${TITLES}::text[])[1 + (random() * ${TITLES.length - 1})::int] END,
           (SELECT string_agg((${WORDS}::text[])[1 + (random() * ${WORDS.length - 1})::int], ' ') FROM generate_series(1, 8) AS k WHERE k <= 8 + g.i * 0)
             || ' #' || (${TAGS}::text[])[1 + (random() * ${TAGS.length - 1})::int],
           ARRAY[(${TAGS}::text[])[1 + (random() * ${TAGS.length - 1})::int], (${TAGS}::text[])[1 + (random() * ${TAGS.length - 1})::int]],
           CASE WHEN g.i % 200 = 0 THEN 'processing' ELSE 'ready' END,
           (random() * random() * 5000)::int, (random() * 20000)::int,
           now() - (g.i * 30 || ' seconds')::interval,
           s.w, s.h, CASE WHEN g.content_type = 'video' THEN 5000 + (random() * random() * 900000)::int END
    FROM g JOIN u ON u.n = 1 + (g.i % ${USERS})
    JOIN (VALUES ${sql.join(shapes)}) AS s(kind, k, w, h) ON s.kind = g.content_type AND s.k = g.shape`.execute(db));
  // The first media repeats the shape and length drawn for the post (the trigger finds them equal).
  await time('post media', () => sql`
    INSERT INTO post_media (post_id, position, kind, width, height, duration_ms, image_key, thumb_key, video_key, poster_key)
    SELECT p.id, 0, p.content_type, p.media_width, p.media_height, p.media_duration_ms,
           CASE WHEN p.content_type = 'image' THEN 'u/' || substr(md5(p.id::text), 1, 20) || '/full.webp' END,
           'u/' || substr(md5(p.id::text), 1, 20) || '/thumb.webp',
           CASE WHEN p.content_type = 'video' THEN 'u/' || substr(md5(p.id::text), 1, 20) || '/video.mp4' END,
           CASE WHEN p.content_type = 'video' THEN 'u/' || substr(md5(p.id::text), 1, 20) || '/poster.webp' END
    FROM posts p WHERE p.slug LIKE 'bs-%'`.execute(db));
  await time('indexes', () =>
    db.connection().execute(async (connection) => {
      await sql`SET maintenance_work_mem = '512MB'`.execute(connection);
      for (const index of indexes.rows) await sql.raw(index.indexdef).execute(connection);
    }),
  );
  await time('analyze', () => sql`ANALYZE`.execute(db));
}

await sql`DELETE FROM users WHERE username = 'bench_viewer'`.execute(db);
const config = benchConfig(root);
const app = await buildApp({ config, db: db.withPlugin(statements.plugin) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = await registerViewer(app, 'bench_viewer');
await sql`
  INSERT INTO follows (follower_id, followee_id)
  SELECT v.id, u.id FROM users v, (SELECT id FROM users WHERE username LIKE 'bs\_%' ORDER BY username LIMIT 200) u
  WHERE v.username = 'bench_viewer'`.execute(db);

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
  ].map(([label, path]) => ({ label: label!, path: path!, describe: found }))
    // The reference of the same run: one authenticated indexed read (the targets are ratios to it).
    .concat([{ label: 'reference: /api/me', path: '/api/me', describe: () => 'the signed-in viewer' }]),
);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
