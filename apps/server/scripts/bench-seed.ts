/**
 * The benchmark world: one seed for `npm run bench` (scripts/bench.ts) and the older bench-*.ts
 * scripts that measure on the same data (bench-search.ts, bench-posts.ts, bench-live.ts).
 *
 * At full scale (1): 100,000 people, 1,000,000 posts over two years with Spanish text and hashtags
 * (a common word such as "playa" matches tens of thousands), 5,000,000 follows (50 each) plus a
 * viewer who follows 2,000 accounts, 1,000,000 notifications (10 each) plus 50,000 for the viewer,
 * 100,000 comments, and a busy post (60 comments with 3 replies each) for the post page and its
 * comments. Another scale multiplies the people, posts, follows, notifications and comments: per
 * person everything stays the same (10 posts, 50 follows, 10 notifications, over the same two
 * years), and so does the viewer (2,000 follows, 50,000 notifications, the same busy post); only the
 * size of the tables changes. That is what "at a tenth of the data" compares.
 *
 * The seed is a list of steps, each one set-based SQL (generate_series) in its own transaction, and
 * recorded in `bench_seed` when done: a database that holds them is reused, a step added later (say,
 * filling home timelines) runs alone on an already seeded database, and a step cut halfway leaves
 * nothing behind. A database seeded at another scale, or holding other data, is refused.
 */
import { hash } from '@node-rs/argon2';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../src/db/database.js';
import type { DB } from '../src/db/schema.js';

/** Changes when the steps change what they write: a database seeded by another version is refused. */
export const BENCH_SEED_VERSION = 1;

export interface BenchScale {
  /** The fraction of the full scale (1 = 100,000 people and 1,000,000 posts). */
  fraction: number;
  users: number;
  posts: number;
  followsPerUser: number;
  viewerFollows: number;
  notificationsPerUser: number;
  viewerNotifications: number;
  /** One comment every this many posts, besides the busy post's thread. */
  postsPerComment: number;
  threadComments: number;
  repliesPerComment: number;
}

export function benchScale(fraction: number): BenchScale {
  if (!(fraction > 0 && fraction <= 10)) throw new Error(`a benchmark scale is a fraction above 0 (not: ${fraction})`);
  const users = Math.max(50, Math.round(100_000 * fraction));
  return {
    fraction,
    users,
    posts: Math.max(500, Math.round(1_000_000 * fraction)),
    followsPerUser: Math.min(50, users - 2),
    viewerFollows: Math.min(2_000, Math.floor(users / 2)),
    notificationsPerUser: 10,
    viewerNotifications: Math.min(50_000, users * 10),
    postsPerComment: 10,
    threadComments: 60,
    repliesPerComment: 3,
  };
}

export const BENCH_PASSWORD = 'bench-pass-2026';

/** The accounts and things the benchmark calls read, known from the scale alone. */
export function benchTargets(scale: BenchScale) {
  // The busy post: in the middle of the table, public, ready, a grid photo (see the posts step).
  let busy = Math.floor(scale.posts / 2) + 1;
  while (busy % 4 === 0 || busy % 10 === 0 || busy % 25 === 0 || busy % 200 === 0) busy += 1;
  return {
    viewer: { username: 'bench_viewer', email: 'bench_viewer@bench.test', password: BENCH_PASSWORD },
    /** A person with posts of every audience, whom the viewer does not follow. */
    profile: usernameOf(1),
    busyPostSlug: `b-${busy}`,
  };
}

// Accent-free first names for usernames ("camila_123"); full names carry the accents.
const FIRST = ['valeria', 'camila', 'lucia', 'martina', 'sofia', 'isabel', 'ana', 'maria', 'daniela', 'paula', 'mateo', 'diego', 'alvaro', 'javier', 'andres', 'sebastian', 'nicolas', 'tomas', 'inaki', 'raul'];
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
const IMAGE_SIZES = [[1080, 1080], [1080, 1350], [1920, 1080], [640, 480], [480, 640], [2048, 1536]] as const;
const VIDEO_SIZES = [[720, 1280], [1080, 1920], [1280, 720], [360, 640], [1920, 1080]] as const;

/** Person n's username: bench_viewer for 0, then camila_1, lucia_2… */
export function usernameOf(n: number): string {
  return n === 0 ? 'bench_viewer' : `${FIRST[n % FIRST.length]}_${n}`;
}

type Tx = Transaction<DB>;

export interface SeedStep {
  name: string;
  run(tx: Tx, scale: BenchScale): Promise<unknown>;
}

/** Bulk loads are much faster with secondary indexes built once at the end: drop them, load, build them again. */
async function withoutIndexes(tx: Tx, tables: string[], load: () => Promise<unknown>): Promise<void> {
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = ANY(${tables}::text[])
      AND indexname NOT LIKE '%_pkey' AND indexdef NOT LIKE 'CREATE UNIQUE%'`.execute(tx);
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(tx);
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(tx);
  await load();
  for (const index of indexes.rows) await sql.raw(index.indexdef).execute(tx);
}

/** Picks the k-th element of a text array by an arithmetic draw on i: deterministic and cheap. */
function pick(list: readonly string[], i: ReturnType<typeof sql>, prime: number, offset = 0) {
  return sql`(${list}::text[])[1 + ((${i}::bigint * ${prime} + ${offset}) % ${list.length})]`;
}

export const benchSeedSteps: SeedStep[] = [
  {
    name: 'users',
    run: async (tx, scale) => {
      const viewerHash = await hash(BENCH_PASSWORD);
      const n = sql`i`;
      await sql`
        INSERT INTO users (username, email, password_hash, full_name, bio, birth_date, is_verified, featured_rank)
        SELECT CASE WHEN i = 0 THEN 'bench_viewer' ELSE ${pick(FIRST, n, 1)} || '_' || i END,
               CASE WHEN i = 0 THEN 'bench_viewer' ELSE ${pick(FIRST, n, 1)} || '_' || i END || '@bench.test',
               CASE WHEN i = 0 THEN ${viewerHash} ELSE 'x' END,
               ${pick(FIRST_NAMES, n, 1)} || ' ' || ${pick(LAST_NAMES, sql`(i / ${FIRST_NAMES.length})`, 1)},
               'Hola, soy ' || ${pick(FIRST_NAMES, n, 1)}, '1990-01-01', i % 100 = 0, CASE WHEN i BETWEEN 1 AND 12 THEN i END
        FROM generate_series(0, ${scale.users - 1}) AS i`.execute(tx);
      // Person n's id, for the steps below.
      await sql`
        CREATE TABLE bench_user_numbers AS
        SELECT id, CASE WHEN username = 'bench_viewer' THEN 0 ELSE substring(username from '_([0-9]+)$')::int END AS n FROM users`.execute(tx);
      await sql`CREATE UNIQUE INDEX ON bench_user_numbers (n)`.execute(tx);
    },
  },
  {
    name: 'posts',
    run: async (tx, scale) => {
      const spanSeconds = Math.round((2 * 365 * 24 * 3600) / scale.posts);
      const i = sql`g.i`;
      const shapes = [
        ...IMAGE_SIZES.map(([w, h], k) => sql`('image', ${k}::int, ${w}::int, ${h}::int)`),
        ...VIDEO_SIZES.map(([w, h], k) => sql`('video', ${k}::int, ${w}::int, ${h}::int)`),
      ];
      await withoutIndexes(tx, ['posts', 'post_media'], async () => {
        // Every 4th a quicky (video), every 25th VIP for subscribers, every 10th for followers only,
        // every 200th still processing; authors spread evenly over everyone but the viewer.
        await sql`
          WITH g AS (
            SELECT i, CASE WHEN i % 25 = 0 THEN 'vip' WHEN i % 4 = 0 THEN 'quicky' ELSE 'grid' END AS post_type,
                   CASE WHEN i % 4 = 0 OR (i % 25 = 0 AND i % 2 = 0) THEN 'video' ELSE 'image' END AS content_type
            FROM generate_series(1::bigint, ${scale.posts}) AS i
          )
          INSERT INTO posts (slug, user_id, post_type, content_type, visibility, title, description, tags, status, likes_count, views_count, created_at,
                             media_width, media_height, media_duration_ms)
          SELECT 'b-' || g.i, u.id, g.post_type, g.content_type,
                 CASE WHEN g.post_type = 'vip' THEN 'subscribers' WHEN g.i % 10 = 0 THEN 'followers' ELSE 'public' END,
                 CASE WHEN g.i % 3 = 0 THEN ${pick(TITLES, i, 7)} END,
                 ${pick(WORDS, i, 7)} || ' ' || ${pick(WORDS, i, 13, 3)} || ' ' || ${pick(WORDS, i, 31, 5)} || ' ' || ${pick(WORDS, i, 53, 11)} || ' ' ||
                   ${pick(WORDS, i, 97, 17)} || ' ' || ${pick(WORDS, i, 101, 23)} || ' #' || ${pick(TAGS, i, 3)},
                 ARRAY[${pick(TAGS, i, 3)}, ${pick(TAGS, i, 11, 7)}],
                 CASE WHEN g.i % 200 = 0 THEN 'processing' ELSE 'ready' END,
                 (g.i * 7919) % 5000 * ((g.i * 31) % 3) / 2, (g.i * 104729) % 20000,
                 now() - (g.i * ${spanSeconds} || ' seconds')::interval,
                 s.w, s.h, CASE WHEN g.content_type = 'video' THEN 5000 + (g.i * 7919) % 900000 END
          FROM g JOIN bench_user_numbers u ON u.n = 1 + (g.i::bigint * 7919) % ${scale.users - 1}
          JOIN (VALUES ${sql.join(shapes)}) AS s(kind, k, w, h)
            ON s.kind = g.content_type AND s.k = g.i % CASE WHEN g.content_type = 'video' THEN ${VIDEO_SIZES.length}::int ELSE ${IMAGE_SIZES.length}::int END`.execute(tx);
        // The first media repeats the shape and length of the post (the search trigger finds them equal).
        await sql`
          INSERT INTO post_media (post_id, position, kind, width, height, duration_ms, image_key, thumb_key, video_key, poster_key)
          SELECT p.id, 0, p.content_type, p.media_width, p.media_height, p.media_duration_ms,
                 CASE WHEN p.content_type = 'image' THEN 'u/' || substr(md5(p.id::text), 1, 20) || '/full.webp' END,
                 'u/' || substr(md5(p.id::text), 1, 20) || '/thumb.webp',
                 CASE WHEN p.content_type = 'video' THEN 'u/' || substr(md5(p.id::text), 1, 20) || '/video.mp4' END,
                 CASE WHEN p.content_type = 'video' THEN 'u/' || substr(md5(p.id::text), 1, 20) || '/poster.webp' END
          FROM posts p`.execute(tx);
      });
    },
  },
  {
    name: 'follows',
    run: async (tx, scale) => {
      await withoutIndexes(tx, ['follows'], async () => {
        await sql`
          INSERT INTO follows (follower_id, followee_id, created_at)
          SELECT a.id, b.id, now() - (k || ' hours')::interval
          FROM bench_user_numbers a CROSS JOIN generate_series(1, ${scale.followsPerUser}) AS k
          JOIN bench_user_numbers b ON b.n = 1 + (a.n + k * 1999) % ${scale.users - 1}
          WHERE a.n > 0 AND a.id <> b.id
          ON CONFLICT DO NOTHING`.execute(tx);
        // The viewer follows accounts spread over everyone, not person 1 (the profile measured as a stranger's).
        await sql`
          INSERT INTO follows (follower_id, followee_id)
          SELECT a.id, b.id FROM bench_user_numbers a JOIN generate_series(1, ${scale.viewerFollows}) AS k ON true
          JOIN bench_user_numbers b ON b.n = 2 + (k::bigint * 37) % ${scale.users - 2}
          WHERE a.n = 0 ON CONFLICT DO NOTHING`.execute(tx);
      });
    },
  },
  {
    name: 'notifications',
    run: async (tx, scale) => {
      await withoutIndexes(tx, ['notifications'], async () => {
        await sql`
          INSERT INTO notifications (recipient_id, actor_id, type, created_at, read_at)
          SELECT r.id, a.id, CASE WHEN k % 3 = 0 THEN 'follow' WHEN k % 3 = 1 THEN 'comment' ELSE 'mention' END,
            now() - ((r.n + k * 977) || ' seconds')::interval, CASE WHEN k > 2 THEN now() END
          FROM bench_user_numbers r CROSS JOIN generate_series(1, ${scale.notificationsPerUser}) AS k
          JOIN bench_user_numbers a ON a.n = 1 + (r.n * 31 + k) % ${scale.users - 1}
          WHERE r.n > 0`.execute(tx);
        await sql`
          INSERT INTO notifications (recipient_id, actor_id, type, post_id, text, created_at, read_at)
          SELECT r.id, a.id, CASE WHEN k % 2 = 0 THEN 'comment' ELSE 'mention' END, p.id, 'Comentario ' || k,
            now() - (k || ' seconds')::interval, CASE WHEN k > 100 THEN now() END
          FROM bench_user_numbers r CROSS JOIN generate_series(1, ${scale.viewerNotifications}) AS k
          JOIN bench_user_numbers a ON a.n = 1 + (k * 13) % ${scale.users - 1}
          JOIN posts p ON p.slug = 'b-' || (1 + (k::bigint * 40) % ${scale.posts})
          WHERE r.n = 0`.execute(tx);
      });
    },
  },
  {
    name: 'comments',
    run: async (tx, scale) => {
      const { busyPostSlug } = benchTargets(scale);
      await withoutIndexes(tx, ['comments'], async () => {
        await sql`
          INSERT INTO comments (post_id, user_id, text, created_at)
          SELECT p.id, u.id, 'Comentario ' || g.i, p.created_at + interval '1 hour'
          FROM generate_series(1, ${scale.posts}, ${scale.postsPerComment}) AS g(i)
          JOIN posts p ON p.slug = 'b-' || g.i
          JOIN bench_user_numbers u ON u.n = 1 + (g.i::bigint * 13) % ${scale.users - 1}`.execute(tx);
        // The busy post's thread: top-level comments (with the one above), each with replies.
        await sql`
          INSERT INTO comments (post_id, user_id, text, created_at)
          SELECT p.id, u.id, 'Hilo ' || i, now() - (i || ' minutes')::interval
          FROM generate_series(1, ${scale.threadComments}) AS i JOIN posts p ON p.slug = ${busyPostSlug}
          JOIN bench_user_numbers u ON u.n = 1 + i % ${scale.users - 1}`.execute(tx);
        await sql`
          INSERT INTO comments (post_id, user_id, parent_id, text, created_at)
          SELECT c.post_id, u.id, c.id, 'Respuesta ' || k, c.created_at + (k || ' seconds')::interval
          FROM comments c JOIN posts p ON p.id = c.post_id AND p.slug = ${busyPostSlug}
          CROSS JOIN generate_series(1, ${scale.repliesPerComment}) AS k
          JOIN bench_user_numbers u ON u.n = 1 + (k * 7) % ${scale.users - 1}
          WHERE c.parent_id IS NULL`.execute(tx);
      });
    },
  },
  {
    name: 'counters',
    run: async (tx) => {
      await sql`UPDATE users u SET following_count = f.n FROM (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY follower_id) f WHERE f.follower_id = u.id`.execute(tx);
      await sql`UPDATE users u SET followers_count = f.n FROM (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY followee_id) f WHERE f.followee_id = u.id`.execute(tx);
      await sql`UPDATE users u SET posts_count = p.n FROM (SELECT user_id, count(*)::int AS n FROM posts GROUP BY user_id) p WHERE p.user_id = u.id`.execute(tx);
      await sql`UPDATE posts p SET comments_count = c.n FROM (SELECT post_id, count(*)::int AS n FROM comments GROUP BY post_id) c WHERE c.post_id = p.id`.execute(tx);
    },
  },
];

export interface SeedReport {
  reused: boolean;
  /** Each step that ran, with its seconds. */
  ran: { name: string; seconds: number }[];
}

/**
 * Seeds the benchmark world at `scale` into a migrated, empty database, or finishes one seeded at
 * the same scale (only the steps not yet recorded run). Prints each step's time through `log`.
 */
export async function seedBench(
  db: Database,
  scale: BenchScale,
  { steps = benchSeedSteps, log = (line: string) => console.log(line) }: { steps?: SeedStep[]; log?: (line: string) => void } = {},
): Promise<SeedReport> {
  await sql`CREATE TABLE IF NOT EXISTS bench_seed (step text PRIMARY KEY, version int NOT NULL, scale double precision NOT NULL, seconds double precision NOT NULL, done_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const done = (await sql<{ step: string; version: number; scale: number }>`SELECT step, version, scale FROM bench_seed`.execute(db)).rows;
  const other = done.find((row) => row.version !== BENCH_SEED_VERSION || row.scale !== scale.fraction);
  if (other) {
    throw new Error(`this database holds the benchmark world of version ${other.version} at scale ${other.scale}, not version ${BENCH_SEED_VERSION} at ${scale.fraction}: use another database or drop this one`);
  }
  if (done.length === 0) {
    const users = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db)).rows[0]!.n;
    if (users > 0) throw new Error(`this database holds ${users} accounts but no benchmark world: use an empty database`);
  }
  const names = new Set(done.map((row) => row.step));
  const ran: SeedReport['ran'] = [];
  const todo = steps.filter((step) => !names.has(step.name));
  if (todo.length > 0) log(`Seeding at scale ${scale.fraction}: ${scale.users.toLocaleString('en')} people, ${scale.posts.toLocaleString('en')} posts (steps: ${todo.map((step) => step.name).join(', ')})`);
  for (const step of todo) {
    const started = performance.now();
    await db.transaction().execute(async (tx) => {
      await step.run(tx, scale);
      const seconds = (performance.now() - started) / 1000;
      await sql`INSERT INTO bench_seed (step, version, scale, seconds) VALUES (${step.name}, ${BENCH_SEED_VERSION}, ${scale.fraction}, ${seconds})`.execute(tx);
    });
    const seconds = (performance.now() - started) / 1000;
    ran.push({ name: step.name, seconds });
    log(`  ${step.name}: ${seconds.toFixed(1)} s`);
  }
  if (todo.length > 0) {
    const started = performance.now();
    await sql`ANALYZE`.execute(db);
    log(`  analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { reused: todo.length === 0, ran };
}

/** What the database holds, for the benchmark's header. */
export async function benchTotals(db: Database): Promise<Record<string, number>> {
  const totals = await sql<Record<string, number>>`
    SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM posts)::int AS posts,
      (SELECT count(*) FROM follows)::int AS follows, (SELECT count(*) FROM notifications)::int AS notifications,
      (SELECT count(*) FROM comments)::int AS comments,
      (SELECT following_count FROM users WHERE username = 'bench_viewer')::int AS viewer_follows`.execute(db);
  return totals.rows[0]!;
}
