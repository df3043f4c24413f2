import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { createFeedRepository } from '../../src/repositories/feed.repository.js';
import { createPostWritesRepository } from '../../src/repositories/post-writes.repository.js';
import { FEED_PAGE_SIZE } from '@wag/contract/posts';
import { HOME_TIMELINE } from '../../src/services/feed.service.js';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Home timelines (docs/decisions/0026-home-timelines.md): 'Tu Feed' read from entries written when
// posts become ready, filled on follow, trimmed on unfollow and block; access still judged per read.

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(() => t.close());

type Page = { kind: string; items: Array<{ slug: string; locked: boolean }>; nextCursor: string | null };

async function feed(user: TestUser, cursor?: string): Promise<Page> {
  const response = await t.request({ method: 'GET', url: `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token: user.token });
  expect(response.statusCode).toBe(200);
  return response.json() as Page;
}

/** Every slug of the viewer's feed, following the cursors to the end. */
async function wholeFeed(user: TestUser): Promise<string[]> {
  const slugs: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await feed(user, cursor);
    slugs.push(...page.items.map((item) => item.slug));
    if (!page.nextCursor) return slugs;
    cursor = page.nextCursor;
  }
}

const follow = (who: TestUser, other: TestUser) => t.request({ method: 'POST', url: `/api/follow/${other.username}`, token: who.token });
const unfollow = (who: TestUser, other: TestUser) => t.request({ method: 'DELETE', url: `/api/follow/${other.username}`, token: who.token });

/** The post ids in a person's timeline (undefined: they have none yet). */
async function entries(owner: TestUser): Promise<string[] | undefined> {
  const state = await t.db.selectFrom('home_timeline_states').select('owner_id').where('owner_id', '=', owner.id).executeTakeFirst();
  if (!state) return undefined;
  const rows = await t.db.selectFrom('home_timelines').select('post_id').where('owner_id', '=', owner.id).orderBy('created_at', 'desc').orderBy('post_id', 'desc').execute();
  return rows.map((row) => row.post_id);
}

const minutes = (n: number) => new Date(Date.UTC(2026, 6, 1, 0, n));

describe('home timelines', () => {
  it('are built on the first feed read only, and get posts as they become ready, the video job included', async () => {
    const me = await createUser(t);
    const author = await createUser(t);
    const idle = await createUser(t);
    await follow(me, author);
    await follow(idle, author);
    const old = await insertPost(t, author.id, { createdAt: minutes(1) });
    expect(await entries(me)).toBeUndefined();
    expect((await feed(me)).items.map((item) => item.slug)).toEqual([old.slug]);
    expect(await entries(me)).toEqual([old.id]);

    // A new post, and a video that the transcode job makes ready later (through its own write).
    const fresh = await insertPost(t, author.id, { createdAt: minutes(2) });
    const video = await insertPost(t, author.id, { postType: 'quicky', status: 'processing', createdAt: minutes(3) });
    const mine = await insertPost(t, me.id, { createdAt: minutes(4) });
    expect(await entries(me)).toEqual([mine.id, fresh.id, old.id]);
    await createPostWritesRepository(t.db).markVideoReady(video.id, {
      kind: 'video', width: 720, height: 1280, durationMs: 5000, imageKey: null, thumbKey: 'u/x/thumb.webp', videoKey: 'u/x/video.mp4', posterKey: 'u/x/poster.webp',
    });
    expect(await entries(me)).toEqual([mine.id, video.id, fresh.id, old.id]);
    expect((await feed(me)).items.map((item) => item.slug)).toEqual([mine.slug, video.slug, fresh.slug, old.slug]);
    // Someone who never opened their feed has no timeline and costs no fan-out.
    expect(await entries(idle)).toBeUndefined();
    // Their first read builds it, with the same posts as the pull would give.
    expect((await feed(idle)).items.map((item) => item.slug)).toEqual([video.slug, fresh.slug, old.slug]);

    // A post that leaves ready leaves the timelines; deleting a post removes it everywhere.
    await t.db.updateTable('posts').set({ status: 'failed' }).where('id', '=', video.id).execute();
    expect(await entries(me)).toEqual([mine.id, fresh.id, old.id]);
    const deleted = await t.request({ method: 'DELETE', url: `/api/posts/${fresh.id}`, token: author.token });
    expect(deleted.statusCode).toBe(200);
    expect(await entries(me)).toEqual([mine.id, old.id]);
    expect(await entries(idle)).toEqual([old.id]);
  });

  it('fill on follow with the newest posts of the followed person and lose them on unfollow', async () => {
    const me = await createUser(t);
    const first = await createUser(t);
    const second = await createUser(t);
    await follow(me, first);
    const a = await insertPost(t, first.id, { createdAt: minutes(10) });
    await feed(me);
    const b1 = await insertPost(t, second.id, { createdAt: minutes(5) });
    const b2 = await insertPost(t, second.id, { createdAt: minutes(15), visibility: 'followers' });
    expect(await entries(me)).toEqual([a.id]);
    await follow(me, second);
    expect(await entries(me)).toEqual([b2.id, a.id, b1.id]);
    expect((await feed(me)).items.map((item) => item.slug)).toEqual([b2.slug, a.slug, b1.slug]);
    await unfollow(me, second);
    expect(await entries(me)).toEqual([a.id]);
    expect((await feed(me)).items.map((item) => item.slug)).toEqual([a.slug]);
    // Unfollowing everyone: the discovery feed, as for anyone who follows nobody.
    await unfollow(me, first);
    expect((await feed(me)).kind).toBe('discovery');
  });

  it('lose the other person\'s posts both ways on a block, and everything of a deleted account', async () => {
    const me = await createUser(t);
    const friend = await createUser(t);
    const other = await createUser(t);
    await follow(me, friend);
    await follow(friend, me);
    await follow(me, other);
    const mine = await insertPost(t, me.id, { createdAt: minutes(20) });
    const theirs = await insertPost(t, friend.id, { createdAt: minutes(21) });
    const others = await insertPost(t, other.id, { createdAt: minutes(22) });
    await feed(me);
    await feed(friend);
    expect(await entries(me)).toEqual([others.id, theirs.id, mine.id]);
    expect(await entries(friend)).toEqual([theirs.id, mine.id]);
    expect((await t.request({ method: 'POST', url: `/api/blocks/${friend.username}`, token: me.token })).statusCode).toBe(200);
    expect(await entries(me)).toEqual([others.id, mine.id]);
    expect(await entries(friend)).toEqual([theirs.id]);

    await t.db.deleteFrom('users').where('id', '=', other.id).execute();
    expect(await entries(me)).toEqual([mine.id]);
  });

  it('never decide who sees a post: taken-down, suspended, blocked and followers-only rows in a timeline stay hidden', async () => {
    const me = await createUser(t);
    const author = await createUser(t);
    const stranger = await createUser(t);
    await follow(me, author);
    const visible = await insertPost(t, author.id, { createdAt: minutes(30) });
    const takenDown = await insertPost(t, author.id, { createdAt: minutes(31) });
    const vip = await insertPost(t, author.id, { postType: 'vip', createdAt: minutes(32) });
    const strangers = await insertPost(t, stranger.id, { visibility: 'followers', createdAt: minutes(33) });
    await feed(me);
    await t.db.updateTable('posts').set({ moderation: 'removed' }).where('id', '=', takenDown.id).execute();
    // An entry the timeline should never hold (a followers-only post of someone not followed): still hidden.
    await sql`INSERT INTO home_timelines (owner_id, created_at, post_id, author_id) VALUES (${me.id}, ${minutes(33)}, ${strangers.id}, ${stranger.id})`.execute(t.db);
    const page = await feed(me);
    expect(page.items.map((item) => item.slug)).toEqual([vip.slug, visible.slug]);
    expect(page.items[0]!.locked).toBe(true);

    await t.db.updateTable('users').set({ suspended_until: new Date(Date.UTC(2099, 0, 1)) }).where('id', '=', author.id).execute();
    expect((await feed(me)).items).toEqual([]);
    await t.db.updateTable('users').set({ suspended_until: null }).where('id', '=', author.id).execute();
    // A block by the author (the follow goes, and with it the entries) or a block row alone: hidden.
    await sql`INSERT INTO home_timelines (owner_id, created_at, post_id, author_id) VALUES (${me.id}, ${minutes(34)}, ${visible.id}, ${author.id}) ON CONFLICT DO NOTHING`.execute(t.db);
    await t.db.insertInto('blocks').values({ blocker_id: author.id, blocked_id: me.id }).execute();
    expect((await feed(me)).items.map((item) => item.slug)).not.toContain(visible.slug);
  });

  it('read with the pull query while a build is unfinished, and take up a build left unfinished for a minute', async () => {
    const me = await createUser(t);
    const author = await createUser(t);
    await follow(me, author);
    const first = await insertPost(t, author.id, { createdAt: minutes(10) });
    // Another request has claimed the build and not finished it: the feed is complete all the same.
    await t.db.insertInto('home_timeline_states').values({ owner_id: me.id }).execute();
    const second = await insertPost(t, author.id, { createdAt: minutes(11) });
    expect((await feed(me)).items.map((item) => item.slug)).toEqual([second.slug, first.slug]);
    const state = () => t.db.selectFrom('home_timeline_states').select(['built_at']).where('owner_id', '=', me.id).executeTakeFirstOrThrow();
    expect((await state()).built_at).toBeNull();
    // A claim older than a minute was left by a build that died: the next read builds it.
    await sql`UPDATE home_timeline_states SET created_at = now() - interval '2 minutes' WHERE owner_id = ${me.id}`.execute(t.db);
    expect((await feed(me)).items.map((item) => item.slug)).toEqual([second.slug, first.slug]);
    expect((await state()).built_at).not.toBeNull();
    expect(await entries(me)).toEqual([second.id, first.id]);
  });

  it('are capped, and the feed goes on past the cap with the same cursors, built before or after the posts', async () => {
    const author = await createUser(t);
    const before = await createUser(t);
    const after = await createUser(t);
    await follow(before, author);
    await follow(after, author);
    await feed(before); // built while the author has nothing yet: everything comes by fan-out
    const count = HOME_TIMELINE.cap + 100;
    // One statement, like any bulk write: the database fans it out and trims.
    const { rows } = await sql<{ id: string; slug: string }>`
      INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
      SELECT 'cap-' || ${author.id}::text || '-' || i, ${author.id}, 'grid', 'image', 'public', 'Publicación ' || i, 'ready',
        ${minutes(100)}::timestamptz + (i || ' seconds')::interval
      FROM generate_series(1, ${count}) AS i
      RETURNING id, slug`.execute(t.db);
    const expected = rows.map((row) => row.slug).reverse();
    const kept = (await entries(before))!.length;
    expect(kept).toBeGreaterThanOrEqual(HOME_TIMELINE.cap);
    expect(kept).toBeLessThan(count);
    const state = await t.db.selectFrom('home_timeline_states').selectAll().where('owner_id', '=', before.id).executeTakeFirstOrThrow();
    expect(state.horizon_id).not.toBeNull();

    expect(await wholeFeed(before)).toEqual(expected);
    // Built after the posts: each person's newest `perAuthor` only, the rest from the pull.
    expect(await wholeFeed(after)).toEqual(expected);
    expect((await entries(after))!.length).toBe(HOME_TIMELINE.perAuthor);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the home timeline page as a prepared statement (PostgreSQL)', () => {
  // With its LIMIT a parameter, PostgreSQL priced the generic plan of a full timeline's page for a
  // tenth of the timeline's rows, found it dearer than the custom plans and planned the statement
  // again on every read: the feed's database time more than doubled (docs/benchmarks.md, "API ratios").
  it('is planned once per connection for a full timeline: a generic plan, not a plan per read', async () => {
    const owner = await createUser(t);
    const author = await createUser(t);
    const post = await insertPost(t, author.id);
    await sql`INSERT INTO home_timeline_states (owner_id, built_at) VALUES (${owner.id}, now())`.execute(t.db);
    await sql`
      INSERT INTO home_timelines (owner_id, created_at, post_id, author_id)
      SELECT ${owner.id}, ${minutes(0)}::timestamptz + (i || ' seconds')::interval, ${post.id}, ${author.id}
      FROM generate_series(1, ${HOME_TIMELINE.cap}) AS i`.execute(t.db);
    await sql`ANALYZE home_timelines, home_timeline_states`.execute(t.db);
    // A connection of its own, as a server process starts with: the suite's pooled connections ran the
    // timeline's page with other timelines before, and a statement's plan choice follows its history.
    const own = await openDatabase({ kind: 'postgres', url: t.databaseUrl!, poolSize: 1 });
    const held = await own.db.connection().execute(async (connection) => {
      const repository = createFeedRepository(connection);
      for (let i = 0; i < 10; i += 1) {
        const page = await repository.timelinePage(owner.id, t.clock.now(), FEED_PAGE_SIZE + 1);
        expect(page.rows).toHaveLength(FEED_PAGE_SIZE + 1);
      }
      const statements = await sql<{ name: string; parameters: number; generic_plans: number }>`
        SELECT name, cardinality(parameter_types) AS parameters, generic_plans::int AS generic_plans FROM pg_prepared_statements
        WHERE statement LIKE '%FROM st, home_timelines t%'`.execute(connection);
      expect(statements.rows).toHaveLength(1);
      const { name, parameters, generic_plans } = statements.rows[0]!;
      // The generic plan as PostgreSQL prices it (values unknown, so NULLs: nothing runs).
      await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
      try {
        const explained = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) EXECUTE ${sql.raw(name)}(${sql.raw(Array(parameters).fill('NULL').join(', '))})`.execute(connection);
        return { generic_plans, plan: explained.rows[0]!['QUERY PLAN'] };
      } finally {
        await sql`RESET plan_cache_mode`.execute(connection);
      }
    }).finally(() => own.close());
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] };
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const root = (held.plan as Array<{ Plan: PlanNode }>)[0]!.Plan;
    // The page's LIMIT over the timeline's index: priced for a page, so its generic plan is no dearer than a custom one.
    const limit = nodes(root).find((node) => node['Node Type'] === 'Limit' && nodes(node).some((inner) => inner['Relation Name'] === 'home_timelines'));
    expect(limit).toBeDefined();
    expect(limit!['Plan Rows']).toBeLessThanOrEqual(FEED_PAGE_SIZE + 1);
    // PostgreSQL tries five custom plans before it weighs the generic one; then it keeps the generic one.
    expect(held.generic_plans).toBeGreaterThanOrEqual(5);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('home timelines under concurrent writes (PostgreSQL)', () => {
  it('posts, follows and unfollows of the same people at the same moment never deadlock', async () => {
    const authors = [await createUser(t), await createUser(t)];
    const fans = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    for (const fan of fans) {
      for (const author of authors) await follow(fan, author);
      await feed(fan);
    }
    const writes = createPostWritesRepository(t.db);
    const posts: Array<Promise<unknown>> = [];
    const toggles: Array<Promise<{ statusCode: number }>> = [];
    for (let round = 0; round < 6; round += 1) {
      for (const [index, author] of authors.entries()) {
        posts.push(writes.insert({
          slug: `race-${round}-${index}-${author.id.slice(0, 8)}`, userId: author.id, postType: 'grid', contentType: 'image', visibility: 'public',
          description: 'carrera', tags: [], at: minutes(400 + round),
          media: [{ kind: 'image', width: 10, height: 10, durationMs: null, imageKey: 'u/x/full.webp', thumbKey: 'u/x/thumb.webp', videoKey: null, posterKey: null }],
        }));
      }
      for (const fan of fans) toggles.push(round % 2 === 0 ? unfollow(fan, authors[round % 4 < 2 ? 0 : 1]!) : follow(fan, authors[round % 4 < 2 ? 0 : 1]!));
    }
    await Promise.all(posts);
    for (const response of await Promise.all(toggles)) expect(response.statusCode).toBe(200);
  });

  it('a build never misses a post made ready by a transaction still open while it runs', async () => {
    const me = await createUser(t);
    const author = await createUser(t);
    await follow(me, author);
    const post = await insertPost(t, author.id, { status: 'processing', createdAt: minutes(200) });
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE posts SET status = 'ready' WHERE id = $1`, [post.id]);
      // The build waits for that transaction: its fan-out saw no timeline, the build's read comes after it.
      const reading = feed(me);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('COMMIT');
      expect((await reading).items.map((item) => item.slug)).toEqual([post.slug]);
      expect(await entries(me)).toEqual([post.id]);
    } finally {
      await client.end();
    }
  });

  it('a follow never misses a post made ready by a transaction still open while it runs, nor the other way round', async () => {
    const me = await createUser(t);
    const author = await createUser(t);
    const other = await createUser(t);
    await follow(me, other);
    await feed(me);
    const first = await insertPost(t, author.id, { status: 'processing', createdAt: minutes(300) });
    const second = await insertPost(t, author.id, { status: 'processing', createdAt: minutes(301) });
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE posts SET status = 'ready' WHERE id = $1`, [first.id]);
      const following = follow(me, author);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('COMMIT');
      expect((await following).statusCode).toBe(200);
      expect(await entries(me)).toEqual([first.id]);

      // An unfollow while a post of the person is being made ready: no entry stays behind.
      await client.query('BEGIN');
      await client.query(`UPDATE posts SET status = 'ready' WHERE id = $1`, [second.id]);
      const leaving = unfollow(me, author);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('COMMIT');
      expect((await leaving).statusCode).toBe(200);
      expect(await entries(me)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
