import { randomUUID } from 'node:crypto';
import type { SearchResponse } from '@wag/contract/search';
import { SEARCH_PAGE_SIZE } from '@wag/contract/search-rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience, PostType } from '../../src/db/schema.js';
import { RELEVANCE_WINDOW } from '../../src/repositories/search.repository.js';
import { createUser, uniqueUsername, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

interface SearchPostInput {
  postType?: PostType;
  video?: boolean;
  visibility?: Audience;
  status?: 'ready' | 'processing';
  title?: string | null;
  description?: string;
  tags?: string[];
  width?: number;
  height?: number;
  durationMs?: number | null;
  likes?: number;
  createdAt?: Date;
}

/** A post with the fields search reads (text, tags, first media's size and length, likes), straight into the database. */
async function post(author: TestUser, input: SearchPostInput = {}): Promise<{ id: string; slug: string }> {
  const postType = input.postType ?? (input.video ? 'quicky' : 'grid');
  const video = input.video ?? postType === 'quicky';
  const slug = `post-${randomUUID().slice(0, 12)}`;
  const row = await t.db
    .insertInto('posts')
    .values({
      slug,
      user_id: author.id,
      post_type: postType,
      content_type: video ? 'video' : 'image',
      visibility: input.visibility ?? (postType === 'vip' ? 'subscribers' : 'public'),
      title: input.title ?? null,
      description: input.description ?? '',
      tags: input.tags ?? [],
      status: input.status ?? 'ready',
      likes_count: input.likes ?? 0,
      created_at: input.createdAt ?? t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = `u/${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  await t.db
    .insertInto('post_media')
    .values({
      post_id: row.id,
      position: 0,
      kind: video ? 'video' : 'image',
      width: input.width ?? (video ? 720 : 1080),
      height: input.height ?? (video ? 1280 : 1080),
      duration_ms: video ? (input.durationMs ?? 30_000) : null,
      image_key: video ? null : `${folder}/full.webp`,
      thumb_key: `${folder}/thumb.webp`,
      video_key: video ? `${folder}/video.mp4` : null,
      poster_key: video ? `${folder}/poster.webp` : null,
    })
    .execute();
  return { id: row.id, slug };
}

async function search(params: Record<string, string | number>, viewer?: TestUser | null): Promise<SearchResponse> {
  const response = await t.request({ method: 'GET', url: `/api/search?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`, token: viewer?.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
}

const slugs = (page: SearchResponse) => page.posts.map((item) => item.slug);

/** Every page of a search, following nextCursor. */
async function allPages(params: Record<string, string | number>, viewer?: TestUser | null): Promise<{ pages: SearchResponse[]; slugs: string[] }> {
  const pages: SearchResponse[] = [];
  let cursor: string | null = null;
  do {
    const page = await search(cursor ? { ...params, cursor } : params, viewer);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 60);
  return { pages, slugs: pages.flatMap(slugs) };
}

describe('GET /api/search: words', () => {
  it('finds Spanish word forms whatever the accents and case, in titles, tags and descriptions', async () => {
    const author = await createUser(t);
    const beach = await post(author, { title: 'Tarde de playa', description: 'Sol y mar' });
    const beaches = await post(author, { description: 'Las mejores PLAYAS del Caribe' });
    const tagged = await post(author, { description: 'Un día cualquiera', tags: ['playa', 'verano'] });
    const dancing = await post(author, { description: 'Bailando toda la noche', video: true });
    const song = await post(author, { title: 'Canción de invierno', description: 'Nueva música' });
    const other = await post(author, { description: 'Montaña y nieve' });

    const playas = slugs(await search({ query: 'playas' }));
    expect(playas).toEqual(expect.arrayContaining([beach.slug, beaches.slug, tagged.slug]));
    expect(playas).not.toContain(other.slug);
    expect(slugs(await search({ query: 'PLAYA' }))).toEqual(expect.arrayContaining([beach.slug, beaches.slug, tagged.slug]));
    expect(slugs(await search({ query: 'bailar' }))).toContain(dancing.slug);
    expect(slugs(await search({ query: 'cancion' }))).toEqual([song.slug]);
    expect(slugs(await search({ query: 'CANCIÓN' }))).toEqual([song.slug]);
    expect(slugs(await search({ query: 'montana' }))).toEqual([other.slug]);
    // Every word must match.
    expect(slugs(await search({ query: 'playa caribe' }))).toEqual([beaches.slug]);
    expect(slugs(await search({ query: 'CANCIONES' }))).toEqual([song.slug]);
    expect(slugs(await search({ query: 'montañas' }))).toEqual([other.slug]);
    expect(slugs(await search({ query: 'zzzqqq' }))).toEqual([]);
  });

  it('joins singular and plural where the Spanish stemmer splits them (-es after a consonant, z to -ces)', async () => {
    const author = await createUser(t);
    const sunset = await post(author, { title: 'Atardecer en Tulum' });
    const sunsets = await post(author, { description: 'Los mejores atardeceres del año' });
    const light = await post(author, { description: 'Una luz increíble' });
    const lights = await post(author, { tags: ['luces', 'neón'] });
    const sea = await post(author, { description: 'Mares del sur' });

    expect(slugs(await search({ query: 'atardecer' })).sort()).toEqual([sunset.slug, sunsets.slug].sort());
    expect(slugs(await search({ query: 'ATARDECERES' })).sort()).toEqual([sunset.slug, sunsets.slug].sort());
    expect(slugs(await search({ query: 'luces' })).sort()).toEqual([light.slug, lights.slug].sort());
    expect(slugs(await search({ query: 'luz' })).sort()).toEqual([light.slug, lights.slug].sort());
    expect(slugs(await search({ query: 'mar' }))).toContain(sea.slug);
    expect(slugs(await search({ query: 'mares' }))).toContain(sea.slug);
    // Every word still has to match, in one of its forms.
    expect(slugs(await search({ query: 'atardeceres tulum' }))).toEqual([sunset.slug]);
    // Stop words ("en", "con", "por", "sin", "del") are left out, never required in an invented plural.
    expect(slugs(await search({ query: 'atardecer en Tulum' }))).toEqual([sunset.slug]);
    expect(slugs(await search({ query: 'con luz' })).sort()).toEqual([light.slug, lights.slug].sort());
    expect(slugs(await search({ query: 'mares del sur' }))).toEqual([sea.slug]);
  });

  it('ranks the title above tags above the description, then newest first', async () => {
    const author = await createUser(t);
    const inDescription = await post(author, { description: 'Un cenote escondido', createdAt: new Date(Date.UTC(2026, 0, 3)) });
    const inTitle = await post(author, { title: 'Cenote', description: 'Agua clara', createdAt: new Date(Date.UTC(2026, 0, 1)) });
    const inTags = await post(author, { description: 'Agua turquesa', tags: ['cenote'], createdAt: new Date(Date.UTC(2026, 0, 2)) });
    expect(slugs(await search({ query: 'cenotes', sort: 'relevance' }))).toEqual([inTitle.slug, inTags.slug, inDescription.slug]);
    expect(slugs(await search({ query: 'cenotes' }))).toEqual([inDescription.slug, inTags.slug, inTitle.slug]);
    expect(slugs(await search({ query: 'cenotes', sort: 'recent' }))).toEqual([inDescription.slug, inTags.slug, inTitle.slug]);
  });

  it('takes any text literally: quotes, operators and symbols never break the query', async () => {
    const author = await createUser(t);
    const odd = await post(author, { description: 'Flamenco en Triana' });
    for (const query of ["flamenco'", 'flamenco & | ! ( ) :*', '"flamenco"', 'flamenco\\', 'flamenco %_']) {
      expect(slugs(await search({ query }))).toEqual([odd.slug]);
    }
    const symbols = await search({ query: '!!! ***' });
    expect(symbols.posts).toEqual([]);
  });
});

describe('GET /api/search: people', () => {
  it('finds people by username or full name, without accents or case, on the first page only', async () => {
    const username = uniqueUsername('marisol');
    const marisol = await createUser(t, { username });
    await t.db.updateTable('users').set({ full_name: 'Marisol Peñalver', is_verified: true }).where('id', '=', marisol.id).execute();
    const fan = await createUser(t, { username: uniqueUsername('penalverfan') });
    const author = await createUser(t);
    for (let i = 0; i < 14; i += 1) await post(author, { description: `Peñalver en concierto ${i}` });

    const byName = await search({ query: 'penalver' }, fan);
    expect(byName.users.map((user) => user.username)).toEqual([username, fan.username]);
    expect(byName.users[0]).toMatchObject({ full_name: 'Marisol Peñalver', verified: true, isFollowedByMe: false, followers: 0 });
    expect(byName.users[1]?.isFollowedByMe).toBe(false);
    expect(byName.posts).toHaveLength(12);
    expect(byName.nextCursor).not.toBeNull();
    const second = await search({ query: 'penalver', cursor: byName.nextCursor! }, fan);
    expect(second.users).toEqual([]);
    expect(second.posts).toHaveLength(2);

    const byUsername = await search({ query: username.toUpperCase() });
    expect(byUsername.users[0]?.username).toBe(username);

    await t.request({ method: 'POST', url: `/api/follow/${username}`, token: fan.token });
    const after = await search({ query: 'Peñalver', category: 'models' }, fan);
    expect(after.posts).toEqual([]);
    expect(after.nextCursor).toBeNull();
    expect(after.users[0]).toMatchObject({ username, isFollowedByMe: true, followers: 1 });
  });

  it('matches one or two letters against the start of usernames and names', async () => {
    const zoe = await createUser(t, { username: uniqueUsername('qxzoe') });
    await t.db.updateTable('users').set({ full_name: 'Ñandú Quiroga' }).where('id', '=', zoe.id).execute();
    expect((await search({ query: 'qx' })).users.map((user) => user.username)).toEqual([zoe.username]);
    expect((await search({ query: 'Na' })).users.map((user) => user.username)).toContain(zoe.username);
    // Inside a word, two letters are not enough.
    expect((await search({ query: 'xz' })).users).toEqual([]);
  });

  it('lists featured and most followed people for models without a text', async () => {
    const star = await createUser(t);
    await t.db.updateTable('users').set({ featured_rank: 1 }).where('id', '=', star.id).execute();
    const page = await search({ category: 'models' });
    expect(page.users[0]?.username).toBe(star.username);
    expect(page.posts).toEqual([]);
  });
});

describe('GET /api/search: filters and order', () => {
  let author: TestUser;
  const made: Record<string, { id: string; slug: string }> = {};
  const tag = `filtro${Date.now().toString(36)}`;
  beforeAll(async () => {
    author = await createUser(t);
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    made.wideHdPhoto = await post(author, { tags: [tag], width: 1920, height: 1080, likes: 5, createdAt: at(1) });
    made.tallSmallPhoto = await post(author, { tags: [tag], width: 480, height: 640, likes: 50, createdAt: at(2) });
    made.squarePhoto = await post(author, { tags: [tag], width: 1080, height: 1080, likes: 1, createdAt: at(3) });
    made.shortQuicky = await post(author, { tags: [tag], video: true, width: 720, height: 1280, durationMs: 45_000, likes: 20, createdAt: at(4) });
    made.longQuicky = await post(author, { tags: [tag], video: true, width: 1280, height: 720, durationMs: 9 * 60_000, likes: 7, createdAt: at(5) });
    made.sdQuicky = await post(author, { tags: [tag], video: true, width: 360, height: 640, durationMs: 3 * 60_000, likes: 0, createdAt: at(6) });
    made.vipVideo = await post(author, { tags: [tag], postType: 'vip', video: true, width: 1080, height: 1920, durationMs: 60_000, likes: 3, createdAt: at(7) });
  });

  const find = async (params: Record<string, string | number>) => slugs(await search({ query: tag, ...params }));
  const named = (...names: string[]) => names.map((name) => made[name]!.slug);

  it('category quickys: quicky posts only; photos: image posts only', async () => {
    expect(await find({ category: 'quickys', sort: 'recent' })).toEqual(named('sdQuicky', 'longQuicky', 'shortQuicky'));
    expect(await find({ category: 'photos', sort: 'recent' })).toEqual(named('squarePhoto', 'tallSmallPhoto', 'wideHdPhoto'));
  });

  it('sort recent and popular', async () => {
    expect(await find({ sort: 'recent' })).toEqual(
      named('vipVideo', 'sdQuicky', 'longQuicky', 'shortQuicky', 'squarePhoto', 'tallSmallPhoto', 'wideHdPhoto'),
    );
    expect(await find({ sort: 'popular' })).toEqual(
      named('tallSmallPhoto', 'shortQuicky', 'longQuicky', 'wideHdPhoto', 'vipVideo', 'squarePhoto', 'sdQuicky'),
    );
  });

  it('orientation and HD from the first media', async () => {
    expect(await find({ orientation: 'horizontal', sort: 'recent' })).toEqual(named('longQuicky', 'wideHdPhoto'));
    expect(await find({ orientation: 'vertical', sort: 'recent' })).toEqual(named('vipVideo', 'sdQuicky', 'shortQuicky', 'tallSmallPhoto'));
    expect(await find({ quality: 'hd', sort: 'recent' })).toEqual(named('vipVideo', 'longQuicky', 'shortQuicky', 'squarePhoto', 'wideHdPhoto'));
    expect(await find({ quality: 'hd', orientation: 'vertical', category: 'quickys' })).toEqual(named('shortQuicky'));
  });

  it('duration: videos up to that many minutes only; 0 means no limit', async () => {
    expect(await find({ duration: 1, sort: 'recent' })).toEqual(named('vipVideo', 'shortQuicky'));
    expect(await find({ duration: 5, sort: 'recent' })).toEqual(named('vipVideo', 'sdQuicky', 'shortQuicky'));
    expect(await find({ duration: 20, category: 'quickys', sort: 'popular' })).toEqual(named('shortQuicky', 'longQuicky', 'sdQuicky'));
    expect(await find({ duration: 0 })).toHaveLength(7);
  });

  it('follows the first media when its dimensions and length change later (the video job fills them in)', async () => {
    const late = await post(author, { tags: [tag], video: true, width: 360, height: 640, durationMs: 600_000, createdAt: new Date(Date.UTC(2025, 0, 8)) });
    expect(await find({ orientation: 'horizontal', quality: 'hd', duration: 1 })).not.toContain(late.slug);
    await t.db.updateTable('post_media').set({ width: 1920, height: 1080, duration_ms: 50_000 }).where('post_id', '=', late.id).execute();
    expect(await find({ orientation: 'horizontal', quality: 'hd', duration: 1 })).toEqual([late.slug]);
    await t.db.deleteFrom('posts').where('id', '=', late.id).execute();
  });

  it('browses without a text: filters alone, newest first by default', async () => {
    const page = await search({ category: 'quickys', orientation: 'horizontal' });
    expect(page.users).toEqual([]);
    expect(slugs(page)).toContain(made.longQuicky!.slug);
    expect(page.posts.every((item) => item.post_type === 'quicky' && item.width! > item.height!)).toBe(true);
    const times = page.posts.map((item) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('GET /api/search: audiences', () => {
  it('shows followers-only posts to followers and the author, VIP locked, never unready posts', async () => {
    const author = await createUser(t);
    const follower = await createUser(t);
    const stranger = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${author.username}`, token: follower.token });
    const word = `audiencia${Date.now().toString(36)}`;
    const open = await post(author, { description: word });
    const followersOnly = await post(author, { description: word, visibility: 'followers' });
    const vip = await post(author, { description: word, postType: 'vip' });
    await post(author, { description: word, status: 'processing' });

    for (const viewer of [null, stranger]) {
      const page = await search({ query: word }, viewer);
      expect(slugs(page).sort()).toEqual([open.slug, vip.slug].sort());
    }
    for (const viewer of [follower, author]) {
      const page = await search({ query: word }, viewer);
      expect(slugs(page).sort()).toEqual([open.slug, followersOnly.slug, vip.slug].sort());
    }
    const locked = (await search({ query: word }, follower)).posts.find((item) => item.slug === vip.slug)!;
    expect(locked).toMatchObject({ locked: true, image_url: null, media_url: null, thumbnail_url: null, cover_url: null });
    const own = (await search({ query: word }, author)).posts.find((item) => item.slug === vip.slug)!;
    expect(own.locked).toBe(false);
    expect(own.thumbnail_url).not.toBeNull();
  });
});

describe('GET /api/search: pages', () => {
  it('pages through every order by cursor without repeats or gaps', async () => {
    const author = await createUser(t);
    const word = `pagina${Date.now().toString(36)}`;
    const all: string[] = [];
    const same = new Date(Date.UTC(2025, 5, 1));
    for (let i = 0; i < 30; i += 1) {
      const made = await post(author, {
        title: i % 3 === 0 ? word : null,
        description: i % 3 === 0 ? 'x' : `${word} ${'relleno '.repeat(i % 5)}`,
        likes: i % 4,
        // Several posts share a timestamp: the id breaks ties.
        createdAt: i % 2 ? same : new Date(same.getTime() + i * 1000),
      });
      all.push(made.slug);
    }
    for (const sort of [undefined, 'recent', 'popular', 'relevance'] as const) {
      const params: Record<string, string> = sort ? { query: word, sort } : { query: word };
      const result = await allPages(params);
      expect(result.pages).toHaveLength(3);
      expect(result.pages.map((page) => page.posts.length)).toEqual([12, 12, 6]);
      expect(new Set(result.slugs).size).toBe(30);
      expect([...result.slugs].sort()).toEqual([...all].sort());
    }
    // Relevance: the posts with the word in the title come first.
    const first = await search({ query: word, sort: 'relevance' });
    const titled = first.posts.slice(0, 10);
    expect(titled.every((item) => item.title === word)).toBe(true);
  });

  it.each([RELEVANCE_WINDOW, RELEVANCE_WINDOW + 1])('finds every post of a word found in exactly %i posts, once', async (count) => {
    const author = await createUser(t);
    const word = `borde${count}${Date.now().toString(36)}`;
    await sql`
      INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
      SELECT ${word} || '-' || i, ${author.id}::uuid, 'grid', 'image', 'public', ${word}, 'ready', to_timestamp(${Date.UTC(2024, 0, 1) / 1000} - i * 60)
      FROM generate_series(0, ${count - 1}) AS i`.execute(t.db);
    const recent = await allPages({ query: word, sort: 'recent' });
    expect(recent.slugs).toHaveLength(count);
    expect(new Set(recent.slugs).size).toBe(count);
    expect(recent.slugs[0]).toBe(`${word}-0`);
    const relevance = await allPages({ query: word, sort: 'relevance' });
    expect(relevance.slugs).toHaveLength(RELEVANCE_WINDOW);
    expect(new Set(relevance.slugs).size).toBe(RELEVANCE_WINDOW);
  });

  it('pages a word found in more posts than relevance ranks, in every order, newest matches first', async () => {
    const author = await createUser(t);
    const word = `comun${Date.now().toString(36)}`;
    const count = RELEVANCE_WINDOW + 40;
    const start = Date.UTC(2024, 0, 1);
    // Straight into the database in one statement: newest is i = 0, likes repeat every 7.
    await sql`
      INSERT INTO posts (slug, user_id, post_type, content_type, visibility, title, description, tags, status, likes_count, created_at)
      SELECT 'comun-' || ${word} || '-' || i, ${author.id}::uuid, 'grid', 'image', 'public', NULL, ${word} || ' número ' || i, '{}', 'ready',
             i % 7, to_timestamp(${start / 1000} - i * 60)
      FROM generate_series(0, ${count - 1}) AS i`.execute(t.db);
    const newest = (i: number) => `comun-${word}-${i}`;

    const recent = await allPages({ query: word, sort: 'recent' });
    expect(recent.slugs).toHaveLength(count);
    expect(recent.slugs.slice(0, 3)).toEqual([newest(0), newest(1), newest(2)]);
    expect(new Set(recent.slugs).size).toBe(count);

    const popular = await allPages({ query: word, sort: 'popular' });
    expect(new Set(popular.slugs).size).toBe(count);
    const likes = popular.pages.flatMap((page) => page.posts.map((item) => item.likes));
    expect(likes).toEqual([...likes].sort((a, b) => b - a));

    // Relevance ranks the newest RELEVANCE_WINDOW matches (all equal here: newest first).
    const relevance = await allPages({ query: word, sort: 'relevance' });
    expect(relevance.slugs).toHaveLength(RELEVANCE_WINDOW);
    expect(relevance.slugs.slice(0, 2)).toEqual([newest(0), newest(1)]);
    expect(relevance.slugs).not.toContain(newest(RELEVANCE_WINDOW));
  });

  it('lists newest first, page after page, when relevance is asked for without a text (nothing to rank by)', async () => {
    const author = await createUser(t);
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i += 1) await post(author, { description: `sin texto ${i}` });
    const relevance = await allPages({ sort: 'relevance' });
    expect(relevance.pages.length).toBeGreaterThan(1);
    expect(new Set(relevance.slugs).size).toBe(relevance.slugs.length);
    expect(relevance.slugs).toEqual((await allPages({ sort: 'recent' })).slugs);
  });

  it('browses page by page without a text', async () => {
    const result = await allPages({ sort: 'popular' });
    expect(new Set(result.slugs).size).toBe(result.slugs.length);
    const likes = result.pages.flatMap((page) => page.posts.map((item) => item.likes));
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });
});

describe('GET /api/search: validation', () => {
  it('answers 400 with a Spanish message for unknown values, long texts and forged cursors', async () => {
    const bad = [
      'category=videos',
      'sort=oldest',
      'orientation=square',
      'quality=4k',
      'duration=21',
      'duration=-1',
      'duration=abc',
      `query=${'a'.repeat(101)}`,
      'cursor=nope',
      // A cursor of another order.
      `query=playa&sort=relevance&cursor=${Buffer.from(JSON.stringify(['recent', '2026-01-01 00:00:00+00', randomUUID()])).toString('base64url')}`,
      `sort=popular&cursor=${Buffer.from(JSON.stringify(['popular', 'x', '2026-01-01 00:00:00+00', randomUUID()])).toString('base64url')}`,
    ];
    for (const query of bad) {
      const response = await t.request({ method: 'GET', url: `/api/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(/[a-záéíóúñ]/) });
    }
    // Trimmed before the length check; a recent cursor continues a recent search.
    expect((await t.request({ method: 'GET', url: `/api/search?query=${encodeURIComponent(` ${'a'.repeat(100)} `)}` })).statusCode).toBe(200);
    const recent = `cursor=${Buffer.from(JSON.stringify(['recent', '2026-01-01 00:00:00+00', randomUUID()])).toString('base64url')}`;
    expect((await t.request({ method: 'GET', url: `/api/search?sort=recent&${recent}` })).statusCode).toBe(200);
  });
});

describe('relevance over a common word', () => {
  it('ranks the same newest matches whether the walk over the newest posts finds them or the text index does', async () => {
    const { createSearchRepository } = await import('../../src/repositories/search.repository.js');
    const author = await createUser(t);
    const word = `mitad${Date.now().toString(36)}`;
    const count = RELEVANCE_WINDOW + 60;
    // Every other post holds the word (one in three also in its title, which ranks higher); the rest hold another.
    await sql`
      INSERT INTO posts (slug, user_id, post_type, content_type, visibility, title, description, status, created_at)
      SELECT ${word} || '-' || i, ${author.id}::uuid, 'grid', 'image', 'public',
             CASE WHEN i % 6 = 0 THEN ${word} END, CASE WHEN i % 2 = 0 THEN ${word} ELSE 'otra cosa' END, 'ready',
             to_timestamp(${Date.UTC(2024, 0, 1) / 1000} - i * 60)
      FROM generate_series(0, ${2 * count - 1}) AS i`.execute(t.db);
    const repository = createSearchRepository(t.db);
    const page = (walk?: number) =>
      repository.posts({ viewerId: author.id, now: new Date(), words: [[word]], order: 'relevance', hd: false, limit: RELEVANCE_WINDOW + 10, walk }).then((found) => found.rows);
    // Walking every post finds the newest RELEVANCE_WINDOW matches; a walk of 100 posts finds 50 and
    // leaves them to the text index.
    const walked = await page();
    const indexed = await page(100);
    expect(walked).toHaveLength(RELEVANCE_WINDOW);
    expect(indexed.map((row) => [row.slug, row.rank])).toEqual(walked.map((row) => [row.slug, row.rank]));
    // The newest matches, titled ones first: the oldest matches are left out of the window.
    expect(walked[0]!.slug).toBe(`${word}-0`);
    expect(walked.map((row) => row.slug)).not.toContain(`${word}-${2 * RELEVANCE_WINDOW}`);
    expect(walked.map((row) => row.slug)).toContain(`${word}-${2 * (RELEVANCE_WINDOW - 1)}`);
  });
});

describe('a text, newest first (the default order)', () => {
  /**
   * A word in `count` posts of one author (every other post holds another word), three posts to a
   * timestamp, and in posts of a blocked and of a suspended author between them; what the viewer
   * must find, newest first with the id breaking ties, read back by a plain query.
   */
  async function world(count: number) {
    const viewer = await createUser(t);
    const [author, blocked, blocker, suspended] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    const word = `reciente${count}${Date.now().toString(36)}`;
    await t.db.insertInto('blocks').values([{ blocker_id: viewer.id, blocked_id: blocked.id }, { blocker_id: blocker.id, blocked_id: viewer.id }]).execute();
    await t.db.updateTable('users').set({ suspended_until: new Date(Date.now() + 86_400_000) }).where('id', '=', suspended.id).execute();
    const start = Date.UTC(2035, 0, 1) / 1000;
    for (const [user, offset] of [[author, 0], [blocked, 7], [blocker, 13], [suspended, 29]] as const) {
      await sql`
        INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
        SELECT ${word} || '-' || ${user.username} || '-' || i, ${user.id}::uuid, 'grid', 'image', 'public',
               CASE WHEN i % 2 = 0 THEN 'Un ' || ${word.toUpperCase()} || ' en la PLAYA' ELSE 'otra cosa' END, 'ready',
               to_timestamp(${start} - ((i + ${offset}) / 3) * 60)
        FROM generate_series(0, ${2 * count - 1}) AS i`.execute(t.db);
    }
    const expected = await sql<{ slug: string }>`
      SELECT slug FROM posts WHERE user_id = ${author.id}::uuid AND description LIKE 'Un %' AND slug LIKE ${`${word}-%`}
      ORDER BY created_at DESC, id DESC`.execute(t.db);
    return { viewer, word, expected: expected.rows.map((row) => row.slug) };
  }

  it('pages without repeats or gaps across equal timestamps, blocked and suspended authors left out, by whichever step finds the page', async () => {
    const { createSearchRepository } = await import('../../src/repositories/search.repository.js');
    const repository = createSearchRepository(t.db);
    // More matches than the text index is asked for (step 3 when the walk is short), then fewer (step 2).
    for (const count of [RELEVANCE_WINDOW + 30, 40]) {
      const { viewer, word, expected } = await world(count);
      expect(expected).toHaveLength(count);
      // A walk long enough to fill every page (step 1), and walks too short for any (steps 2 and 3).
      for (const walk of [undefined, 1, 5]) {
        const found: string[] = [];
        let after: { order: 'recent'; at: string; id: string } | undefined;
        for (let page = 0; page < 100; page += 1) {
          const { rows } = await repository.posts({ viewerId: viewer.id, now: new Date(), words: [[word]], order: 'recent', hd: false, limit: 25, after, walk });
          found.push(...rows.map((row) => row.slug));
          if (rows.length < 25) break;
          const last = rows.at(-1)!;
          after = { order: 'recent', at: last.cursor_at, id: last.id };
        }
        expect(found, `${count} matches, walk ${walk}`).toEqual(expected);
      }
    }
  });

  it('orders a text newest first through the API, accents and case folded, and a relevance cursor is refused', async () => {
    const { viewer, word, expected } = await world(30);
    const accented = word.replace('reciente', 'RECIÉNTE');
    for (const query of [word, accented, `${word} playas`]) {
      const result = await allPages({ query }, viewer);
      expect(result.slugs, query).toEqual(expected);
    }
    const guest = await allPages({ query: word }, null);
    // A guest is blocked by no one: only the suspended author's posts stay out.
    expect(guest.slugs).toHaveLength(3 * 30);
    expect(guest.slugs).toEqual(expect.arrayContaining(expected));
    const relevance = `cursor=${Buffer.from(JSON.stringify(['relevance', '0.1', '2026-01-01 00:00:00+00', randomUUID()])).toString('base64url')}`;
    expect((await t.request({ method: 'GET', url: `/api/search?query=${word}&${relevance}` })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/search?query=${word}&sort=relevance&${relevance}` })).statusCode).toBe(200);
  });
});
