import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { isFolderKey, isFileKey, MEDIA_FILES, folderOfFileKey, mediaPath } from '../src/media/storage.js';
import { createLocalMediaStore } from '../src/media/local-store.js';
import { probeMedia } from '../src/media/video-renditions.js';
import { seedDemoWorld } from '../src/seed/demo-world.js';
import { createLimiter } from '../src/seed/limit.js';
import { DEMO_PASSWORD, TRY_ACCOUNT } from '../src/seed/world-data.js';
import { createFeedRepository } from '../src/repositories/feed.repository.js';
import { createFeedService } from '../src/services/feed.service.js';

const silentLog = { info: () => {}, warn: () => {} };
const SEED_TIMEOUT = 180_000;

async function openFresh(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'pglite' });
  await migrateToLatest(handle.db);
  return handle;
}

async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = [
    'users', 'follows', 'posts', 'post_media', 'post_likes', 'comments', 'comment_likes',
    'story_groups', 'stories', 'story_views', 'story_likes',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Every media folder, public (u/) and restricted (r/). */
/** The demo's media on the local disk; its working folders beside the media roots, removed with them. */
function localStore(mediaDir: string) {
  return createLocalMediaStore({ mediaDir, uploadDir: path.join(mediaDir, 'uploads') });
}

async function listFolders(mediaDir: string): Promise<string[]> {
  const folders: string[] = [];
  for (const root of ['u', 'r']) {
    const names = await fs.readdir(path.join(mediaDir, root)).catch(() => [] as string[]);
    folders.push(...names.map((name) => `${root}/${name}`));
  }
  return folders.sort();
}

/** Top-level MP4 box types in order, read from the start of the file. */
async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const types: string[] = [];
    let offset = 0;
    const header = Buffer.alloc(16);
    while (offset + 8 <= size && types.length < 20) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      types.push(header.toString('latin1', 4, 8));
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize < 8) break;
      offset += boxSize;
    }
    return types;
  } finally {
    await handle.close();
  }
}

describe('demo world', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let mediaDir: string;

  beforeAll(async () => {
    handle = await openFresh();
    db = handle.db;
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-seed-test-'));
    await seedDemoWorld({ db, store: localStore(mediaDir), log: silentLog });
  }, SEED_TIMEOUT);

  afterAll(async () => {
    await handle?.close();
    if (mediaDir) await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it('has at least twelve creators, six of them featured WAG Stars that are verified', async () => {
    const creators = await db
      .selectFrom('users')
      .select(['username', 'featured_rank', 'is_verified', 'bio', 'avatar_key'])
      .where('id', 'in', db.selectFrom('posts').select('user_id'))
      .execute();
    expect(creators.length).toBeGreaterThanOrEqual(12);
    for (const creator of creators) {
      expect(creator.bio?.length).toBeGreaterThan(10);
      expect(creator.avatar_key).not.toBeNull();
    }

    const featured = await db
      .selectFrom('users')
      .select(['featured_rank', 'is_verified'])
      .where('featured_rank', 'is not', null)
      .orderBy('featured_rank')
      .execute();
    expect(featured.map((u) => u.featured_rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(featured.every((u) => u.is_verified)).toBe(true);
  });

  it('gives every account a valid username, an adult birth date, its email and the demo password', async () => {
    const users = await db.selectFrom('users').select(['username', 'email', 'birth_date', 'password_hash', 'email_confirmed_at']).execute();
    // Every demo account's address is confirmed: no banner asks the moderator or a creator to confirm it.
    expect(users.filter((user) => user.email_confirmed_at === null).map((user) => user.username)).toEqual([]);
    const today = new Date();
    const adultLimit = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()));
    for (const user of users) {
      expect(user.username).toMatch(/^[A-Za-z0-9_]{3,20}$/);
      expect(new Date(`${user.birth_date}T00:00:00Z`).getTime()).toBeLessThanOrEqual(adultLimit.getTime());
      if (user.username !== 'demo') expect(user.email).toBe(`${user.username.toLowerCase()}@demo.wag.test`);
    }
    const demo = users.find((u) => u.username === 'demo');
    expect(demo?.email).toBe('demo@wag.test');
    expect(await verify(demo?.password_hash ?? '', DEMO_PASSWORD)).toBe(true);
    expect(await verify(users[0]?.password_hash ?? '', DEMO_PASSWORD)).toBe(true);

    const demoPosts = await db.selectFrom('posts').innerJoin('users', 'users.id', 'posts.user_id')
      .select('posts.id').where('users.username', '=', 'demo').execute();
    expect(demoPosts).toHaveLength(0);
  });

  it('has follows that are realistic: everyone follows someone, nobody follows everyone', async () => {
    // The moderator follows nobody: a staff account.
    const users = await db.selectFrom('users').select(['id', 'following_count', 'followers_count']).where('role', '=', 'user').execute();
    for (const user of users) {
      expect(user.following_count).toBeGreaterThan(0);
      expect(user.following_count).toBeLessThan(users.length - 1);
    }
  });

  it('has a moderator with the demo password and a few open reports on the desk, none of them urgent', async () => {
    const moderator = await db.selectFrom('users').select(['username', 'role', 'password_hash']).where('email', '=', 'moderacion@demo.wag.test').executeTakeFirstOrThrow();
    expect(moderator).toMatchObject({ username: 'moderacion', role: 'moderator' });
    expect(await verify(moderator.password_hash, DEMO_PASSWORD)).toBe(true);
    const open = await db.selectFrom('moderation_subjects').select(['subject_type', 'reasons', 'reports_count']).where('status', '=', 'open').orderBy('subject_type').execute();
    expect(open).toEqual([
      { subject_type: 'comment', reasons: ['spam'], reports_count: 2 },
      { subject_type: 'message', reasons: ['harassment'], reports_count: 1 },
      { subject_type: 'post', reasons: ['inappropriate'], reports_count: 1 },
    ]);
    const reports = await db.selectFrom('reports').select(['status', 'reason']).execute();
    expect(reports).toHaveLength(4);
    expect(reports.every((row) => row.status === 'open')).toBe(true);
    // Nothing is held: no report asks for that.
    for (const table of ['posts', 'comments', 'stories', 'messages'] as const) {
      expect(await db.selectFrom(table).select('id').where('moderation', 'is not', null).execute()).toEqual([]);
    }
    const events = await db.selectFrom('moderation_events').select('action').execute();
    expect(events.map((event) => event.action)).toEqual(['report', 'report', 'report', 'report']);
  });

  it('keeps every counter equal to the rows it counts', async () => {
    const mismatches = await sql<{ what: string; id: string }>`
      SELECT 'user' AS what, u.id::text AS id FROM users u
      WHERE u.followers_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)
         OR u.following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
         OR u.posts_count <> (SELECT count(*) FROM posts p WHERE p.user_id = u.id)
      UNION ALL
      SELECT 'post', p.id::text FROM posts p
      WHERE p.likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)
         OR p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)
      UNION ALL
      SELECT 'comment', c.id::text FROM comments c
      WHERE c.likes_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)
      UNION ALL
      SELECT 'story', s.id::text FROM stories s
      WHERE s.views_count <> (SELECT count(*) FROM story_views v WHERE v.story_id = s.id)
         OR s.likes_count <> (SELECT count(*) FROM story_likes l WHERE l.story_id = s.id)`.execute(db);
    expect(mismatches.rows).toEqual([]);

    const totals = await sql<{ followers: number; likes: number; comments: number; comment_likes: number; views: number; story_likes: number }>`
      SELECT (SELECT sum(followers_count) FROM users)::int AS followers,
             (SELECT sum(likes_count) FROM posts)::int AS likes,
             (SELECT sum(comments_count) FROM posts)::int AS comments,
             (SELECT sum(likes_count) FROM comments)::int AS comment_likes,
             (SELECT sum(views_count) FROM stories)::int AS views,
             (SELECT sum(likes_count) FROM stories)::int AS story_likes`.execute(db);
    for (const value of Object.values(totals.rows[0] ?? {})) expect(value).toBeGreaterThan(0);

    // Post views have no rows of their own; they are never below the likes.
    const views = await db.selectFrom('posts').select(['views_count', 'likes_count']).execute();
    expect(views.every((p) => p.views_count >= p.likes_count)).toBe(true);
    const completions = await db.selectFrom('posts').select(['views_count', 'completed_views_count', 'content_type']).execute();
    expect(completions.every((p) => p.completed_views_count <= p.views_count && (p.content_type === 'video' || p.completed_views_count === 0))).toBe(true);
    expect(completions.some((p) => p.completed_views_count > 0)).toBe(true);
  });

  it("gives 'Para ti' a ranked list of quickys from many creators, for the demo account and for guests", async () => {
    const feed = createFeedService({ feed: createFeedRepository(db), clock: { now: () => new Date() } });
    const tryer = await db.selectFrom('users').select(['id', 'username']).where('username', '=', TRY_ACCOUNT.username).executeTakeFirstOrThrow();
    const viewer = { userId: tryer.id, username: tryer.username, sessionId: 'seed-test', language: null };
    for (const who of [viewer, null]) {
      const first = await feed.forYou(who, undefined);
      const items = [...first.items, ...(first.nextCursor ? (await feed.forYou(who, first.nextCursor)).items : [])];
      expect(items.length).toBeGreaterThanOrEqual(10);
      expect(items.every((item) => item.post_type === 'quicky' && !item.locked)).toBe(true);
      const authors = items.map((item) => item.user.username);
      expect(new Set(authors).size).toBeGreaterThanOrEqual(5);
      for (let i = 2; i < authors.length; i += 1) expect(authors[i] === authors[i - 1] && authors[i] === authors[i - 2]).toBe(false);
    }
  });

  it('has photo, carousel, quicky and VIP posts with readable unique slugs and tags from their text', async () => {
    const posts = await db
      .selectFrom('posts')
      .select(['id', 'slug', 'post_type', 'content_type', 'visibility', 'description', 'tags', 'created_at', 'status'])
      .execute();
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    for (const post of posts) {
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-[a-z0-9]{4}$/);
      expect(post.status).toBe('ready');
      const tags = [...post.description.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => (m[1] ?? '').toLowerCase());
      expect(post.tags.length).toBeGreaterThan(0);
      expect([...post.tags].sort()).toEqual([...new Set(tags)].sort());
      if (post.post_type === 'quicky') expect(post.content_type).toBe('video');
      if (post.post_type === 'vip') expect(post.visibility).toBe('subscribers');
      else expect(post.visibility).not.toBe('subscribers');
    }
    expect(posts.some((p) => /@[A-Za-z0-9_]{3,20}/.test(p.description))).toBe(true);
    const byType = (type: string) => posts.filter((p) => p.post_type === type).length;
    expect(byType('grid')).toBeGreaterThanOrEqual(24);
    expect(byType('quicky')).toBeGreaterThanOrEqual(12);
    expect(byType('vip')).toBeGreaterThanOrEqual(2);
    expect(posts.filter((p) => p.visibility === 'followers').length).toBeGreaterThanOrEqual(2);

    const spread = posts.map((p) => new Date(p.created_at).getTime());
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(14 * 24 * 3_600_000);
    expect(Math.max(...spread)).toBeLessThanOrEqual(Date.now());

    const carousels = await db
      .selectFrom('post_media')
      .select(['post_id', db.fn.countAll<number>().as('n')])
      .groupBy('post_id')
      .having(db.fn.countAll(), '>', 1)
      .execute();
    expect(carousels.length).toBeGreaterThanOrEqual(3);
    expect(carousels.every((c) => Number(c.n) >= 2 && Number(c.n) <= 4)).toBe(true);
  });

  it('only lets people who can see a post like or comment on it, with replies one level deep', async () => {
    const outsiders = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT p.id, p.user_id, p.visibility, l.user_id AS actor FROM posts p JOIN post_likes l ON l.post_id = p.id
        UNION ALL
        SELECT p.id, p.user_id, p.visibility, c.user_id FROM posts p JOIN comments c ON c.post_id = p.id
      ) AS acts
      WHERE acts.actor <> acts.user_id AND (
        acts.visibility = 'subscribers' OR
        (acts.visibility = 'followers' AND NOT EXISTS (
          SELECT 1 FROM follows f WHERE f.follower_id = acts.actor AND f.followee_id = acts.user_id)))`.execute(db);
    expect(outsiders.rows[0]?.n).toBe(0);

    const deep = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM comments c JOIN comments parent ON parent.id = c.parent_id
      WHERE parent.parent_id IS NOT NULL OR parent.post_id <> c.post_id OR c.created_at < parent.created_at`.execute(db);
    expect(deep.rows[0]?.n).toBe(0);
    const replies = await db.selectFrom('comments').select('id').where('parent_id', 'is not', null).execute();
    expect(replies.length).toBeGreaterThan(5);

    const early = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM posts p
      WHERE EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.created_at < p.created_at)
         OR EXISTS (SELECT 1 FROM comments c WHERE c.post_id = p.id AND c.created_at < p.created_at)`.execute(db);
    expect(early.rows[0]?.n).toBe(0);
  });

  it('has the WAG Stars identity-verified with VIP prices, paying fans with a ledger entry per month, and the demo account subscribed to one of them', async () => {
    const stars = await db
      .selectFrom('users')
      .innerJoin('vip_plans', 'vip_plans.user_id', 'users.id')
      .select(['users.id', 'users.username', 'users.identity_verified_at', 'vip_plans.monthly_price'])
      .where('users.featured_rank', 'is not', null)
      .execute();
    expect(stars).toHaveLength(6);
    for (const star of stars) {
      expect(star.identity_verified_at).not.toBeNull();
      const vipStory = await db.selectFrom('stories').select(['audience', 'consent_confirmed_at']).where('user_id', '=', star.id).where('audience', '=', 'subscribers').execute();
      expect(vipStory.length).toBeGreaterThanOrEqual(1);
      expect(vipStory.every((story) => story.consent_confirmed_at !== null)).toBe(true);
    }
    const vipPosts = await db.selectFrom('posts').select('consent_confirmed_at').where('visibility', '=', 'subscribers').execute();
    expect(vipPosts.length).toBeGreaterThanOrEqual(6);
    expect(vipPosts.every((post) => post.consent_confirmed_at !== null)).toBe(true);

    const now = new Date();
    const subscriptions = await db.selectFrom('subscriptions').selectAll().execute();
    expect(subscriptions.length).toBeGreaterThanOrEqual(12);
    for (const subscription of subscriptions) {
      expect(new Date(subscription.access_until).getTime()).toBeGreaterThan(now.getTime());
      const entries = await db.selectFrom('ledger_entries').select(['kind', 'gross', 'fee', 'net', 'period_start']).where('subscription_id', '=', subscription.id).orderBy('period_start').execute();
      expect(entries[0]?.kind).toBe('subscription');
      expect(entries.slice(1).every((entry) => entry.kind === 'renewal')).toBe(true);
      expect(new Date(entries.at(-1)!.period_start!).getTime()).toBe(new Date(subscription.current_period_start).getTime());
      for (const entry of entries) expect(entry.gross).toBe(subscription.price);
    }
    const demo = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    const mine = subscriptions.filter((subscription) => subscription.subscriber_id === demo.id);
    expect(mine).toHaveLength(1);
    expect(stars.find((star) => star.id === mine[0]!.creator_id)?.username).toBe('valeria_rios');
  });

  it('writes its stories as an upload does: a poster in the story\'s folder, the image\'s being its 9:16 tile', async () => {
    const stories = await db.selectFrom('stories').select(['kind', 'image_key', 'video_key', 'poster_key']).execute();
    expect(stories.some((story) => story.kind === 'image')).toBe(true);
    for (const story of stories) {
      const main = (story.kind === 'image' ? story.image_key : story.video_key) as string;
      expect(story.poster_key).not.toBeNull();
      expect(folderOfFileKey(story.poster_key as string)).toBe(folderOfFileKey(main));
      if (story.kind === 'image') expect(story.poster_key).toBe(`${folderOfFileKey(main)}/${MEDIA_FILES.thumb}`);
      await expect(fs.stat(mediaPath(mediaDir, story.poster_key as string))).resolves.toBeTruthy();
    }
  });

  it('has active stories for about half the creators, highlights and named groups', async () => {
    const dayAgo = new Date(Date.now() - 24 * 3_600_000);
    const active = await db.selectFrom('stories').select('user_id').distinct().where('created_at', '>', dayAgo).execute();
    const creators = await db.selectFrom('posts').select('user_id').distinct().execute();
    expect(active.length).toBeGreaterThanOrEqual(Math.floor(creators.length / 3));
    expect(active.length).toBeLessThan(creators.length);

    const highlights = await db.selectFrom('stories').select(['created_at', 'highlighted_at', 'group_id', 'user_id'])
      .where('highlighted_at', 'is not', null).execute();
    expect(highlights.length).toBeGreaterThanOrEqual(6);
    for (const story of highlights) {
      expect(new Date(story.highlighted_at as Date).getTime()).toBeGreaterThanOrEqual(new Date(story.created_at).getTime());
    }
    const groups = await db.selectFrom('story_groups').select(['id', 'name', 'user_id']).execute();
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const grouped = highlights.filter((s) => s.group_id !== null);
    expect(grouped.length).toBeGreaterThan(0);
    for (const story of grouped) {
      expect(groups.find((g) => g.id === story.group_id)?.user_id).toBe(story.user_id);
    }
    expect(highlights.some((s) => s.group_id === null)).toBe(true);

    const ownViews = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM story_views v JOIN stories s ON s.id = v.story_id
      WHERE v.viewer_id = s.user_id OR v.viewed_at < s.created_at`.execute(db);
    expect(ownViews.rows[0]?.n).toBe(0);
  });

  it('stores every media key as documented, each folder holding its files, and no folder unreferenced', async () => {
    const expected = new Map<string, string[]>();
    const add = (folder: string, files: string[]) => expected.set(folder, [...(expected.get(folder) ?? []), ...files]);

    const users = await db.selectFrom('users').select('avatar_key').execute();
    for (const { avatar_key } of users) {
      expect(avatar_key && isFolderKey(avatar_key)).toBe(true);
      add(avatar_key as string, [MEDIA_FILES.avatarSmall, MEDIA_FILES.avatarLarge]);
    }
    const media = await db.selectFrom('post_media').selectAll().execute();
    for (const item of media) {
      expect(item.width).toBeGreaterThan(0);
      expect(item.height).toBeGreaterThan(0);
      expect(item.thumb_key && isFileKey(item.thumb_key)).toBe(true);
      const folder = folderOfFileKey(item.thumb_key as string);
      if (item.kind === 'image') {
        expect(item.image_key).toBe(`${folder}/${MEDIA_FILES.full}`);
        expect(item.thumb_key).toBe(`${folder}/${MEDIA_FILES.thumb}`);
        expect(item.width).toBeLessThanOrEqual(1080);
        add(folder, [MEDIA_FILES.full, MEDIA_FILES.thumb]);
      } else {
        expect(item.video_key).toBe(`${folder}/${MEDIA_FILES.video}`);
        expect(item.poster_key).toBe(`${folder}/${MEDIA_FILES.poster}`);
        expect(item.duration_ms).toBeGreaterThanOrEqual(3000);
        expect(item.duration_ms).toBeLessThanOrEqual(5000);
        add(folder, [MEDIA_FILES.video, MEDIA_FILES.poster, MEDIA_FILES.thumb]);
      }
    }
    const stories = await db.selectFrom('stories').selectAll().execute();
    for (const story of stories) {
      if (story.kind === 'image') {
        expect(story.image_key && isFileKey(story.image_key)).toBe(true);
        add(folderOfFileKey(story.image_key as string), [MEDIA_FILES.full]);
      } else {
        expect(story.video_key && isFileKey(story.video_key)).toBe(true);
        const folder = folderOfFileKey(story.video_key as string);
        expect(story.poster_key).toBe(`${folder}/${MEDIA_FILES.poster}`);
        add(folder, [MEDIA_FILES.video, MEDIA_FILES.poster]);
      }
    }

    for (const [folder, files] of expected) {
      const present = await fs.readdir(mediaPath(mediaDir, folder));
      for (const file of files) expect(present).toContain(file);
      // Nothing left behind under a temporary name.
      expect(present.filter((name) => name.startsWith('.'))).toEqual([]);
    }
    // One folder per media item: never shared, never orphaned.
    expect(await listFolders(mediaDir)).toEqual([...expected.keys()].sort());
    // Followers-only and VIP posts keep their media where only signed grants reach it.
    const restricted = await db
      .selectFrom('post_media')
      .innerJoin('posts', 'posts.id', 'post_media.post_id')
      .select(['posts.visibility', 'post_media.thumb_key'])
      .execute();
    expect(restricted.some((row) => row.visibility !== 'public')).toBe(true);
    for (const row of restricted) expect((row.thumb_key as string).startsWith(row.visibility === 'public' ? 'u/' : 'r/')).toBe(true);
  });

  it('encodes every video as H.264/AAC MP4 with the index first', async () => {
    const rows = await db.selectFrom('post_media').select('video_key').where('kind', '=', 'video').execute();
    const storyRows = await db.selectFrom('stories').select('video_key').where('kind', '=', 'video').execute();
    const keys = [...rows, ...storyRows].map((r) => r.video_key as string);
    expect(keys.length).toBeGreaterThanOrEqual(12);
    const limit = createLimiter(4);
    const probes = await Promise.all(keys.map((key) => limit(() => probeMedia(mediaPath(mediaDir, key)))));
    for (const probe of probes) {
      expect(probe.videoCodec).toBe('h264');
      expect(probe.audioCodec).toBe('aac');
      expect(probe.formatName).toContain('mp4');
      expect(probe.height).toBeGreaterThan(probe.width ?? 0);
      expect(probe.durationMs).toBeGreaterThanOrEqual(3000);
      expect(probe.durationMs).toBeLessThanOrEqual(5000);
    }
    for (const key of keys.slice(0, 5)) {
      const boxes = await topLevelBoxes(mediaPath(mediaDir, key));
      expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    }
  }, 60_000);

  it('writes WebP images without EXIF or other metadata', async () => {
    const files: string[] = [];
    for (const folder of await listFolders(mediaDir)) {
      for (const name of await fs.readdir(mediaPath(mediaDir, folder))) {
        if (name.endsWith('.webp')) files.push(path.join(mediaPath(mediaDir, folder), name));
      }
    }
    expect(files.length).toBeGreaterThan(100);
    const limit = createLimiter(8);
    const metas = await Promise.all(files.map((file) => limit(() => sharp(file).metadata())));
    for (const meta of metas) {
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(1080);
    }
  });

  it('gives the demo account an inbox: followers who notify it, conversations and one message request', async () => {
    const demo = await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    const notifications = await db.selectFrom('notifications').selectAll().where('recipient_id', '=', demo.id).execute();
    expect(notifications.length).toBeGreaterThanOrEqual(3);
    expect(notifications.filter((n) => n.read_at === null).length).toBeGreaterThan(0);
    const members = await db.selectFrom('conversation_members').selectAll().where('user_id', '=', demo.id).execute();
    expect(members.filter((m) => m.status === 'active').length).toBeGreaterThanOrEqual(2);
    expect(members.filter((m) => m.status === 'request')).toHaveLength(1);
    const selfNotified = await db.selectFrom('notifications').select('id').whereRef('recipient_id', '=', 'actor_id').execute();
    expect(selfNotified).toEqual([]);
    // Each grouped like line counts the people other than its owner who like the post.
    const wrongCounts = await sql`
      SELECT n.id FROM notifications n JOIN posts p ON p.id = n.post_id
      WHERE n.type = 'like' AND n.actors_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id AND l.user_id <> p.user_id)`.execute(db);
    expect(wrongCounts.rows).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    const before = await countRows(db);
    const foldersBefore = await listFolders(mediaDir);
    await seedDemoWorld({ db, store: localStore(mediaDir), log: silentLog });
    expect(await countRows(db)).toEqual(before);
    expect(await listFolders(mediaDir)).toEqual(foldersBefore);
  });
});

describe('demo world when the database refuses it', () => {
  it('rolls back every row and removes the media it wrote', async () => {
    const handle = await openFresh();
    const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-seed-fail-'));
    try {
      // The last table written refuses every row, after all the media exists.
      await sql`ALTER TABLE story_likes ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`.execute(handle.db);
      await expect(seedDemoWorld({ db: handle.db, store: localStore(mediaDir), log: silentLog })).rejects.toThrow();
      const counts = await countRows(handle.db);
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
      expect(await listFolders(mediaDir)).toEqual([]);
    } finally {
      await handle.close();
      await fs.rm(mediaDir, { recursive: true, force: true });
    }
  }, SEED_TIMEOUT);
});
