import { CUSTOM_PLAN } from '../db/prepared-statements.js';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { QuickyRow } from './posts.repository.js';
import { postListedSql } from '../access/filters.js';
import { listedPostRows, type FoundPage } from './listed-post-rows.js';

/** Search plans depend on the words and tags asked for: planned afresh each time (db/prepared-statements.ts). */
const customPlan = sql.raw(CUSTOM_PLAN);

/** Where the previous page ended, in the sort key of its order. */
export type TagPageAfter = { order: 'recent'; at: string; id: string } | { order: 'popular'; likes: number; at: string; id: string };

export function createTagsRepository(db: Database) {
  return {
    /**
     * One page of a tag's ready posts the access rules list to the viewer (followers-only ones for
     * followers and the author; VIP ones listed, locked by the caller), newest first or most liked
     * first, through the GIN index on posts.tags. The ids come first; the columns are read for them.
     */
    async page(input: { tag: string; viewerId: string | null; now: Date; order: 'recent' | 'popular'; after?: TagPageAfter; limit: number }): Promise<FoundPage<QuickyRow>> {
      const { tag, viewerId, now, after, limit } = input;
      const newestFirst = sql`p.created_at DESC, p.id DESC`;
      const orderBy = input.order === 'popular' ? sql`p.likes_count DESC, ${newestFirst}` : newestFirst;
      const keyset =
        after?.order === 'popular'
          ? sql`AND (p.likes_count, p.created_at, p.id) < (${after.likes}::int, ${after.at}::timestamptz, ${after.id}::uuid)`
          : after?.order === 'recent'
            ? sql`AND (p.created_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : sql``;
      // The page's ids in order; then their rows (listedPostRows, a prepared statement).
      const found = await sql<{ id: string }>`${customPlan}
        SELECT p.id FROM posts p
        WHERE p.tags @> ARRAY[${tag}]::text[] AND p.status = 'ready'
          AND ${postListedSql(viewerId, now, 'p', { relations: 'array' })} ${keyset}
        ORDER BY ${orderBy}
        LIMIT ${limit}`.execute(db);
      return { rows: await listedPostRows(db, viewerId, now, found.rows.map((row) => row.id)), found: found.rows.length };
    },

    /** The number of posts anyone can find under a tag (0 for a tag never used). */
    async count(tag: string): Promise<number> {
      const row = await db.selectFrom('hashtags').select('posts_count').where('tag', '=', tag).executeTakeFirst();
      return row?.posts_count ?? 0;
    },

    /** Tags starting with `prefix` that anyone can find posts under, the most used first. */
    async suggest(prefix: string, limit: number): Promise<Array<{ tag: string; posts_count: number }>> {
      const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const result = await sql<{ tag: string; posts_count: number }>`${customPlan}
        SELECT tag, posts_count FROM hashtags
        WHERE tag LIKE ${pattern} AND posts_count > 0
        ORDER BY tag = ${prefix} DESC, posts_count DESC, tag
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type TagsRepository = ReturnType<typeof createTagsRepository>;
