import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { JobData, LadderTarget } from '../jobs/job-types.js';
import { AVATAR_RENDITIONS, writeImageRenditions } from '../media/image-renditions.js';
import type { MediaStore } from '../media/media-store.js';
import { fileKey, MEDIA_FILES } from '../media/storage.js';
import { findLabelFont, generateClip, type Clip } from './clips.js';
import { createLimiter, settleAll } from './limit.js';
import { seedInbox } from './inbox.js';
import { seedModeration } from './moderation.js';
import { seedPayments } from './payments.js';
import { planWorld, type AvatarSlot, type ImageSlot, type VideoSlot, type World } from './plan-world.js';
import { createRandom } from './random.js';
import { avatarSvg, sceneSvg } from './scenes.js';
import { DEMO_PASSWORD, type ClipId } from './world-data.js';

/**
 * The demo world of a fresh install: fourteen creators (six featured WAG Stars), one plain account to
 * try things with, a moderator with a few open reports (seed/moderation.ts), their follows, photo, carousel, quicky and VIP posts, likes, comments, stories,
 * highlights and groups, with generated pictures and short videos. Every account's password is
 * DEMO_PASSWORD ('wag-demo-2026'); the plain account is demo@wag.test.
 *
 * Runs only on an empty database (no users), in one transaction; media is written first and removed
 * again if anything fails.
 */
export async function seedDemoWorld(options: {
  db: Database;
  /** Where the media folders go (media/media-store.ts): the local disk or the bucket. */
  store: MediaStore;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Promise<void> {
  const { db, store, log } = options;
  const startedAt = performance.now();
  const elapsed = () => `${Math.round(performance.now() - startedAt)} ms`;

  if (await hasUsers(db)) {
    log.info('Demo: la base de datos ya tiene usuarios, no se genera el mundo de ejemplo');
    return;
  }
  log.info('Demo: generando el mundo de ejemplo…');

  const now = new Date();
  const world = planWorld(createRandom(20261122), now);
  const createdFolders: string[] = [];
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-demo-'));
  try {
    const passwordHashes = settleAll(world.users.map(() => hash(DEMO_PASSWORD)));
    // Awaited after the media; until then a failure must not surface as an unhandled rejection.
    passwordHashes.catch(() => undefined);
    await produceMedia(world, { store, staging, createdFolders, log, elapsed });
    const hashes = await passwordHashes;

    const inserted = await db.transaction().execute(async (trx) => {
      // Another process may have seeded while the media was being made: then this run stands down.
      if (await hasUsers(trx)) return false;
      await insertWorld(trx, world, hashes);
      await seedInbox(trx, now);
      await seedModeration(trx, now);
      await seedPayments(trx, now);
      await refreshCounters(trx);
      return true;
    });
    if (!inserted) {
      await removeFolders(store, createdFolders);
      log.info('Demo: otro proceso ya creó usuarios; se descarta el mundo generado');
      return;
    }
  } catch (error) {
    await removeFolders(store, createdFolders);
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }

  const images = world.slots.filter((s) => s.type === 'image').length;
  const videos = world.slots.filter((s) => s.type === 'video').length;
  log.info(
    `Demo: mundo listo en ${elapsed()}: ${world.users.length} cuentas, ${world.follows.length} follows, ` +
      `${world.posts.length} posts, ${world.postLikes.length} likes, ${world.comments.length} comentarios, ` +
      `${world.stories.length} historias; ${images} imágenes y ${videos} vídeos (contraseña: ${DEMO_PASSWORD})`,
  );
}

async function hasUsers(db: Database | Transaction<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

async function removeFolders(store: MediaStore, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => store.removeFolder(key)));
}

// Media ----------------------------------------------------------------------------------------

interface MediaContext {
  store: MediaStore;
  staging: string;
  createdFolders: string[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  elapsed: () => string;
}

/**
 * Makes every media item of the world. The few distinct clips are encoded two at a time while the
 * pictures are drawn; each quicky or video story then gets its own folder holding a copy of its clip.
 */
async function produceMedia(world: World, ctx: MediaContext): Promise<void> {
  const font = findLabelFont();
  if (!font) ctx.log.warn('Demo: no se encontró ninguna fuente; los vídeos irán sin texto');

  const videoSlots = world.slots.filter((s): s is VideoSlot => s.type === 'video');
  const usage = new Map<ClipId, number>();
  for (const slot of videoSlots) usage.set(slot.clip, (usage.get(slot.clip) ?? 0) + 1);
  // The most used clips first, so their copies can start early.
  const clipIds = [...usage.keys()].sort((a, b) => (usage.get(b) ?? 0) - (usage.get(a) ?? 0));

  const encoder = createLimiter(2);
  const painter = createLimiter(2);
  const copier = createLimiter(4);

  const clips = new Map<ClipId, Promise<Clip>>();
  clipIds.forEach((id, i) => {
    clips.set(id, encoder(() => generateClip(id, ctx.staging, font, createRandom(9000 + i))));
  });
  const clipsDone = settleAll([...clips.values()]).then(() => ctx.log.info(`Demo: ${clips.size} vídeos base listos (${ctx.elapsed()})`));

  // Each item is made in a working folder and published whole, as uploads are.
  const newFolder: NewFolder = async (restricted, write) => {
    const work = await ctx.store.workFolder();
    try {
      const value = await write(work.dir);
      const key = await ctx.store.publish(work.dir, { restricted });
      ctx.createdFolders.push(key);
      return { key, value };
    } finally {
      await work.discard();
    }
  };

  const tasks: Array<Promise<unknown>> = [clipsDone];
  for (const slot of world.slots) {
    if (slot.type === 'avatar') tasks.push(painter(() => makeAvatar(slot, newFolder)));
    else if (slot.type === 'image') tasks.push(painter(() => makeImage(slot, newFolder)));
    else {
      const clip = clips.get(slot.clip) as Promise<Clip>;
      tasks.push(clip.then((ready) => copier(() => copyClip(slot, ready, newFolder))));
    }
  }
  await settleAll(tasks);
  ctx.log.info(`Demo: ${world.slots.length} elementos multimedia listos (${ctx.elapsed()})`);
}

type NewFolder = <T>(restricted: boolean, write: (dir: string) => Promise<T>) => Promise<{ key: string; value: T }>;

async function rasterise(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

async function makeAvatar(slot: AvatarSlot, newFolder: NewFolder): Promise<void> {
  const { data, raw } = await rasterise(avatarSvg(slot.initials, slot.hue, createRandom(slot.seed)));
  const folder = await newFolder(false, (dir) => writeImageRenditions(data, dir, AVATAR_RENDITIONS, { input: { raw }, effort: 2 }));
  slot.out = { key: folder.key };
}

async function makeImage(slot: ImageSlot, newFolder: NewFolder): Promise<void> {
  const svg = sceneSvg(slot.theme, slot.width, slot.height, createRandom(slot.seed), { caption: slot.caption });
  const { data, raw } = await rasterise(svg);
  const folder = await newFolder(slot.restricted === true, (dir) => writeImageRenditions(data, dir, slot.renditions, { input: { raw }, quality: 80, effort: 2 }));
  const result = folder.value;
  const full = result.renditions.find((r) => r.file === MEDIA_FILES.full);
  slot.out = { key: folder.key, width: full?.width ?? result.width, height: full?.height ?? result.height };
}

async function copyClip(slot: VideoSlot, clip: Clip, newFolder: NewFolder): Promise<void> {
  const folder = await newFolder(slot.restricted === true, (dir) =>
    Promise.all(
      [MEDIA_FILES.video, MEDIA_FILES.poster, MEDIA_FILES.thumb].map((file) =>
        fs.copyFile(path.join(clip.dir, file), path.join(dir, file), fs.constants.COPYFILE_FICLONE),
      ),
    ),
  );
  slot.out = { key: folder.key, width: clip.width, height: clip.height, durationMs: clip.durationMs };
}

// Database -------------------------------------------------------------------------------------

function mediaColumns(slot: ImageSlot | VideoSlot) {
  const out = slot.out;
  if (!out) throw new Error('Demo media missing');
  if (slot.type === 'image') {
    return {
      width: out.width,
      height: out.height,
      duration_ms: null,
      image_key: fileKey(out.key, MEDIA_FILES.full),
      thumb_key: fileKey(out.key, MEDIA_FILES.thumb),
      video_key: null,
      poster_key: null,
    };
  }
  const video = slot.out as NonNullable<VideoSlot['out']>;
  return {
    width: video.width,
    height: video.height,
    duration_ms: video.durationMs,
    image_key: null,
    thumb_key: fileKey(out.key, MEDIA_FILES.thumb),
    video_key: fileKey(out.key, MEDIA_FILES.video),
    poster_key: fileKey(out.key, MEDIA_FILES.poster),
  };
}

/** Inserts in slices, keeping each statement well under PostgreSQL's 65,535 parameters. */
async function inSlices<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  const size = 1000;
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function insertWorld(trx: Transaction<DB>, world: World, passwordHashes: string[]): Promise<void> {
  const users = world.users.map((user, i) => ({
    ...user.row,
    password_hash: passwordHashes[i] as string,
    avatar_key: user.avatar.out?.key ?? null,
  }));
  const postMedia = world.postMedia.map(({ row, slot }) => ({ ...row, ...mediaColumns(slot) }));
  const stories = world.stories.map(({ row, slot }) => {
    const { thumb_key: thumb, ...columns } = mediaColumns(slot);
    // As an upload writes a story (stories.service.ts): an image's poster is its 9:16 tile.
    return { ...row, ...columns, poster_key: columns.poster_key ?? thumb };
  });
  // Replies point at top-level comments: those go first.
  const comments = [...world.comments].sort((a, b) => Number(a.parent_id != null) - Number(b.parent_id != null));

  await inSlices(users, (rows) => trx.insertInto('users').values(rows).execute());
  await inSlices(world.follows, (rows) => trx.insertInto('follows').values(rows).execute());
  await inSlices(world.posts, (rows) => trx.insertInto('posts').values(rows).execute());
  await inSlices(postMedia, (rows) => trx.insertInto('post_media').values(rows).execute());
  // The videos' HLS ladders are made by the worker once the server listens, as for an upload: making
  // them here would hold up the first start by several seconds, and the MP4s play meanwhile. The
  // posts of one clip share a file, so their ladder is made once and copied (a job per clip).
  const byClip = new Map<string, LadderTarget[]>();
  world.postMedia.forEach(({ slot }, i) => {
    const row = postMedia[i]!;
    if (slot.type !== 'video' || !row.video_key || row.position !== 0) return;
    byClip.set(slot.clip, [...(byClip.get(slot.clip) ?? []), { postId: row.post_id, videoKey: row.video_key }]);
  });
  const ladders = [...byClip.values()].map(([first, ...sameVideo]): JobData<'video.ladder'> => ({ ...first!, sameVideo }));
  if (ladders.length > 0) await trx.insertInto('jobs').values(ladders.map((data) => ({ name: 'video.ladder', data: JSON.stringify(data) }))).execute();
  await inSlices(world.postLikes, (rows) => trx.insertInto('post_likes').values(rows).execute());
  await inSlices(comments, (rows) => trx.insertInto('comments').values(rows).execute());
  await inSlices(world.commentLikes, (rows) => trx.insertInto('comment_likes').values(rows).execute());
  await inSlices(world.storyGroups, (rows) => trx.insertInto('story_groups').values(rows).execute());
  await inSlices(stories, (rows) => trx.insertInto('stories').values(rows).execute());
  await inSlices(world.storyViews, (rows) => trx.insertInto('story_views').values(rows).execute());
  await inSlices(world.storyLikes, (rows) => trx.insertInto('story_likes').values(rows).execute());
}

/**
 * Sets every counter column from the rows it counts. Post views have no rows of their own (a view is
 * a bare increment), so they keep the numbers the plan gave them.
 */
async function refreshCounters(trx: Transaction<DB>): Promise<void> {
  await sql`
    UPDATE users AS u
    SET followers_count = coalesce(fr.n, 0),
        following_count = coalesce(fg.n, 0),
        posts_count = coalesce(p.n, 0)
    FROM users AS x
    LEFT JOIN (SELECT followee_id AS id, count(*)::int AS n FROM follows GROUP BY followee_id) AS fr ON fr.id = x.id
    LEFT JOIN (SELECT follower_id AS id, count(*)::int AS n FROM follows GROUP BY follower_id) AS fg ON fg.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*)::int AS n FROM posts GROUP BY user_id) AS p ON p.id = x.id
    WHERE u.id = x.id`.execute(trx);
  await sql`
    UPDATE posts AS p
    SET likes_count = coalesce(l.n, 0),
        comments_count = coalesce(c.n, 0)
    FROM posts AS x
    LEFT JOIN (SELECT post_id AS id, count(*)::int AS n FROM post_likes GROUP BY post_id) AS l ON l.id = x.id
    LEFT JOIN (SELECT post_id AS id, count(*)::int AS n FROM comments GROUP BY post_id) AS c ON c.id = x.id
    WHERE p.id = x.id`.execute(trx);
  await sql`
    UPDATE comments AS c
    SET likes_count = coalesce(l.n, 0)
    FROM comments AS x
    LEFT JOIN (SELECT comment_id AS id, count(*)::int AS n FROM comment_likes GROUP BY comment_id) AS l ON l.id = x.id
    WHERE c.id = x.id`.execute(trx);
  await sql`
    UPDATE stories AS s
    SET views_count = coalesce(v.n, 0),
        likes_count = coalesce(l.n, 0)
    FROM stories AS x
    LEFT JOIN (SELECT story_id AS id, count(*)::int AS n FROM story_views GROUP BY story_id) AS v ON v.id = x.id
    LEFT JOIN (SELECT story_id AS id, count(*)::int AS n FROM story_likes GROUP BY story_id) AS l ON l.id = x.id
    WHERE s.id = x.id`.execute(trx);
}
