import { COMMENTS_PAGE_SIZE, REPLIES_PER_COMMENT } from '@wag/contract/posts';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { createCommentsRepository } from '../../src/repositories/comments.repository.js';
import { createUser, type TestUser } from '../support/factories.js';
import { commentLater, report } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A post's comments page and its replies cost a page, not the post (docs/decisions/0040-comment-threads.md):
// on a post with hundreds of comments and a comment with hundreds of replies, the statements the server
// keeps prepared read about a page of rows, with the plan PostgreSQL keeps for them (the generic one).

let t: TestApp;
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t);
  reader = await createUser(t);
});
afterAll(() => t.close());

const TOP_LEVEL = 600;
const REPLIES = 400;
const QUIET_POSTS = 3000;

/**
 * A post with TOP_LEVEL top-level comments, the oldest of them with REPLIES replies written between
 * them (one after each of the first REPLIES comments, as a lively thread goes); answers the oldest's id.
 */
async function busyPost(): Promise<{ postId: string; oldest: string }> {
  const post = await insertPost(t, author.id);
  const commenters = [author.id, reader.id, (await createUser(t)).id];
  await sql`
    INSERT INTO comments (post_id, user_id, text, created_at)
    SELECT ${post.id}, (${commenters}::uuid[])[1 + i % 3], 'c' || i, ${t.clock.now()}::timestamptz - interval '1 day' + (2 * i || ' seconds')::interval
    FROM generate_series(1, ${TOP_LEVEL}) AS i`.execute(t.db);
  const oldest = await t.db.selectFrom('comments').select('id').where('post_id', '=', post.id).orderBy('created_at').orderBy('id').executeTakeFirstOrThrow();
  await sql`
    INSERT INTO comments (post_id, user_id, parent_id, text, created_at)
    SELECT ${post.id}, (${commenters}::uuid[])[1 + i % 3], ${oldest.id}, 'r' || i, ${t.clock.now()}::timestamptz - interval '1 day' + (2 * i + 1 || ' seconds')::interval
    FROM generate_series(1, ${REPLIES}) AS i`.execute(t.db);
  // Beside it, the many quiet posts of a real network (a comment each): PostgreSQL's statistics then
  // expect a post to hold a comment or two, as they do in service, and the plan it keeps is priced so.
  await sql`
    WITH quiet AS (
      INSERT INTO posts (slug, user_id, post_type, content_type, visibility, description, status, created_at)
      SELECT 'quiet-' || i || '-' || ${post.slug}, ${author.id}, 'grid', 'image', 'public', 'tranquilo', 'ready', ${t.clock.now()}
      FROM generate_series(1, ${QUIET_POSTS}) AS i
      RETURNING id)
    INSERT INTO comments (post_id, user_id, text, created_at) SELECT id, ${reader.id}, 'hola', ${t.clock.now()} FROM quiet`.execute(t.db);
  await sql`ANALYZE comments`.execute(t.db);
  return { postId: post.id, oldest: oldest.id };
}

interface Recorded {
  text: string;
  values: readonly unknown[];
}

/**
 * The statements `work` runs on `connection` through the Kysely it is given, as compiled for the
 * database (the text the server prepares, and its values).
 */
async function recordStatements(connection: Kysely<DB>, work: (db: Kysely<DB>) => Promise<unknown>): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      const compiled = connection.getExecutor().compileQuery(node, { queryId: `recorded-${recorded.length}` });
      recorded.push({ text: compiled.sql, values: compiled.parameters });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await work(connection.withPlugin(recorder));
  return recorded;
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? `{${value.join(',')}}` : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The rows of `comments` the statement reads with these values, run as the server's prepared statement
 * (on this connection) with the generic plan, the one PostgreSQL keeps for a prepared statement after
 * five executions: the rows returned plus those filtered out.
 */
async function commentRowsRead(connection: Kysely<DB>, statement: Recorded): Promise<number> {
  const prepared = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE statement = ${statement.text}`.execute(connection);
  expect(prepared.rows).toHaveLength(1);
  await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
  try {
    const explained = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${sql.raw(prepared.rows[0]!.name)}(${sql.raw(statement.values.map(literal).join(', '))})`.execute(connection);
    const plan = explained.rows[0]!['QUERY PLAN'];
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan as PlanNode;
    return nodes(root)
      .filter((node) => node['Relation Name'] === 'comments')
      .reduce((sum, node) => sum + Math.round((node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']), 0);
  } finally {
    await sql`RESET plan_cache_mode`.execute(connection);
  }
}

describe('a busy post\'s comments', () => {
  it('are paged, threaded and counted right, each statement reading about a page whatever the post holds', async () => {
    const { postId, oldest } = await busyPost();
    await t.db.connection().execute(async (connection) => {
      const repository = createCommentsRepository(connection);
      const now = t.clock.now();
      const read = (order: 'asc' | 'desc', topLevelOnly: boolean) =>
        repository.listPage({ postId, viewerId: reader.id, now, order, topLevelOnly, limit: COMMENTS_PAGE_SIZE + 1 });

      let threaded: Awaited<ReturnType<typeof read>> = [];
      let replies: Awaited<ReturnType<typeof repository.listReplies>> = [];
      // Six times each, so the statements are prepared and past PostgreSQL's first custom plans.
      for (let i = 0; i < 6; i += 1) {
        threaded = await read('asc', true);
        replies = await repository.listReplies(threaded.slice(0, COMMENTS_PAGE_SIZE).map((row) => row.id), reader.id, now, REPLIES_PER_COMMENT);
        await read('desc', true);
        await read('asc', false);
      }
      // What the page shows: the oldest top-level comments, the oldest's first replies.
      expect(threaded.map((row) => row.text)).toEqual(Array.from({ length: COMMENTS_PAGE_SIZE + 1 }, (_, i) => `c${i + 1}`));
      expect(threaded[0]!.id).toBe(oldest);
      expect(replies.map((row) => row.text)).toEqual(Array.from({ length: REPLIES_PER_COMMENT }, (_, i) => `r${i + 1}`));
      expect((await read('desc', true))[0]!.text).toBe(`c${TOP_LEVEL}`);
      expect((await read('asc', false)).map((row) => row.text).slice(0, 4)).toEqual(['c1', 'r1', 'c2', 'r2']);

      const middle = threaded[10]!;
      const after = { at: middle.cursor_at, id: middle.id };
      const statements = await recordStatements(connection, async (db) => {
        const recorded = createCommentsRepository(db);
        for (const [order, topLevelOnly] of [['asc', true], ['desc', true], ['asc', false]] as const) {
          await recorded.listPage({ postId, viewerId: reader.id, now, order, topLevelOnly, limit: COMMENTS_PAGE_SIZE + 1 });
          // A later page ("load more") is another statement: the keyset's condition is in its text.
          await recorded.listPage({ postId, viewerId: reader.id, now, order, topLevelOnly, limit: COMMENTS_PAGE_SIZE + 1, after });
        }
        await recorded.listPage({ postId, viewerId: null, now, order: 'asc', topLevelOnly: true, limit: COMMENTS_PAGE_SIZE + 1 });
        await recorded.listReplies(threaded.slice(0, COMMENTS_PAGE_SIZE).map((row) => row.id), reader.id, now, REPLIES_PER_COMMENT);
        await recorded.countReplies([oldest], reader.id, now);
      });
      expect(statements).toHaveLength(9);
      const rowsRead: number[] = [];
      for (const statement of statements) rowsRead.push(await commentRowsRead(connection, statement));
      // A page is COMMENTS_PAGE_SIZE + 1 rows (the extra one tells of a next page); the post holds
      // TOP_LEVEL + REPLIES comments. A threaded page steps over no reply; a later page starts at its
      // place; the replies' count per parent is rounded by EXPLAIN (at most one row per parent of the
      // page); the count of the busy comment's replies reads those replies, not the post's comments.
      const page = COMMENTS_PAGE_SIZE + 1;
      const [oldestFirst, oldestLater, newestFirst, newestLater, flat, flatLater, guest, firstReplies, replyCount] = rowsRead;
      expect({ oldestFirst, oldestLater, newestFirst, newestLater, flat, flatLater, guest }).toEqual({
        // Newest first after the eleventh oldest: the ten older ones are all there is.
        oldestFirst: page, oldestLater: page, newestFirst: page, newestLater: 10, flat: page, flatLater: page, guest: page,
      });
      expect(firstReplies).toBeGreaterThanOrEqual(REPLIES_PER_COMMENT);
      expect(firstReplies).toBeLessThanOrEqual(REPLIES_PER_COMMENT + COMMENTS_PAGE_SIZE);
      expect(replyCount).toBe(REPLIES);
    });
  }, 60_000);
});

describe('a comment\'s replies_count', () => {
  it('counts the replies the viewer may see, whether they fill the page\'s share or not', async () => {
    const post = await insertPost(t, author.id);
    const pest = await createUser(t);
    const viewer = await createUser(t);
    await t.request({ method: 'POST', url: `/api/blocks/${pest.username}`, token: viewer.token });
    const say = (who: TestUser, text: string, parentId?: string) => commentLater(t, who, post.id, text, parentId);
    const quiet = await say(reader, 'pocas respuestas');
    expect(quiet.replies_count).toBe(0);
    await say(pest, 'del bloqueado', quiet.id);
    const second = await say(author, 'otra', quiet.id);
    // A reply to a reply joins the top-level comment (one level) and is counted there.
    await say(reader, 'a la respuesta', second.id);
    const busy = await say(reader, 'muchas respuestas');
    await say(pest, 'del bloqueado', busy.id);
    for (let i = 0; i < REPLIES_PER_COMMENT + 4; i += 1) await say(author, `r${i}`, busy.id);

    type Page = { comments: Array<{ text: string; replies: unknown[]; replies_count: number }> };
    const read = async (who: TestUser | null) => {
      const response = await t.request({ method: 'GET', url: `/api/posts/${post.id}/comments`, token: who?.token });
      expect(response.statusCode).toBe(200);
      const page = response.json() as Page;
      return Object.fromEntries(page.comments.map((c) => [c.text, { shown: c.replies.length, count: c.replies_count }]));
    };
    expect(await read(null)).toEqual({
      'pocas respuestas': { shown: 3, count: 3 },
      'muchas respuestas': { shown: REPLIES_PER_COMMENT, count: REPLIES_PER_COMMENT + 5 },
    });
    // The person who blocked the pest sees neither the pest's replies nor them counted.
    expect(await read(viewer)).toEqual({
      'pocas respuestas': { shown: 2, count: 2 },
      'muchas respuestas': { shown: REPLIES_PER_COMMENT, count: REPLIES_PER_COMMENT + 4 },
    });
    // And the pest, blocked by that person, still sees everything else (blocks hide the two of them from each other only).
    expect((await read(pest))['muchas respuestas']).toEqual({ shown: REPLIES_PER_COMMENT, count: REPLIES_PER_COMMENT + 5 });

    // Blocks hide both ways: the blocker's reply is neither shown to the pest nor counted for them.
    await say(viewer, 'del que bloquea', busy.id);
    expect((await read(pest))['muchas respuestas']!.count).toBe(REPLIES_PER_COMMENT + 5);
    expect((await read(null))['muchas respuestas']!.count).toBe(REPLIES_PER_COMMENT + 6);
    // A reply held by moderation counts for its author alone.
    const held = await say(author, 'retenida', busy.id);
    await t.db.updateTable('comments').set({ moderation: 'pending' }).where('id', '=', held.id).execute();
    expect((await read(author))['muchas respuestas']!.count).toBe(REPLIES_PER_COMMENT + 7);
    expect((await read(null))['muchas respuestas']!.count).toBe(REPLIES_PER_COMMENT + 6);
    // A reply the reader reported is gone from what the reader sees, and from the count.
    const reported = await say(author, 'reportada', busy.id);
    expect((await report(t, reader, { subjectType: 'comment', subjectId: reported.id, reason: 'spam' })).statusCode).toBe(201);
    expect((await read(reader))['muchas respuestas']!.count).toBe(REPLIES_PER_COMMENT + 6);
    expect((await read(null))['muchas respuestas']!.count).toBe(REPLIES_PER_COMMENT + 7);
  });
});
