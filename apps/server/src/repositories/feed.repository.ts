import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { QuickyRow } from './posts.repository.js';
import { postFactsSql, postListedSql, postPublicSql } from '../access/filters.js';

export interface FeedRow extends QuickyRow {
  is_liked: boolean;
  is_saved: boolean;
}

const feedColumns = (viewerId: string | null, now: Date) => sql`
  p.id, ${postFactsSql(viewerId, now, 'p')}, p.slug, p.post_type, p.content_type, p.title, p.description,
  p.likes_count, p.views_count, p.comments_count, p.created_at, p.created_at::text AS cursor_at,
  m.width, m.height, m.duration_ms, m.image_key, m.thumb_key, m.video_key, m.poster_key,
  (SELECT count(*)::int FROM post_media c WHERE c.post_id = p.id) AS media_count,
  u.username, u.full_name, u.avatar_key,
  EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewerId}::uuid) AS is_liked,
  EXISTS (SELECT 1 FROM saved_posts sp WHERE sp.post_id = p.id AND sp.user_id = ${viewerId}::uuid) AS is_saved`;

export function createFeedRepository(db: Database) {
  return {
    async followsAnyone(viewerId: string): Promise<boolean> {
      const row = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', viewerId).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A page of the viewer's feed: the newest ready posts of everyone they follow and their own. Each
     * followed person contributes at most one page of candidates through the (user_id, created_at)
     * index alone, so the cost stays bounded however many people are followed or however long ago
     * they posted. One query. The rows carry what the access rules need: the service drops what the
     * viewer may not see, and pages on the rows read, so a dropped row never ends the feed early.
     */
    async followingPage(viewerId: string, now: Date, limit: number, after?: { at: string; id: string }): Promise<FeedRow[]> {
      const before = after ? sql`AND (q.created_at, q.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
      const result = await sql<FeedRow>`
        WITH authors AS (
          SELECT followee_id AS id FROM follows WHERE follower_id = ${viewerId}
          UNION SELECT ${viewerId}::uuid
        ), candidates AS (
          SELECT c.id, c.created_at FROM authors a
          CROSS JOIN LATERAL (
            SELECT q.id, q.created_at FROM posts q
            WHERE q.user_id = a.id AND q.status = 'ready' ${before}
            ORDER BY q.created_at DESC, q.id DESC
            LIMIT ${limit}
          ) c
          ORDER BY c.created_at DESC, c.id DESC
          LIMIT ${limit}
        )
        SELECT ${feedColumns(viewerId, now)}
        FROM candidates k
        JOIN posts p ON p.id = k.id
        JOIN users u ON u.id = p.user_id
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        ORDER BY p.created_at DESC, p.id DESC`.execute(db);
      return result.rows;
    },

    async save(postId: string, userId: string, at: Date): Promise<void> {
      await sql`INSERT INTO saved_posts (user_id, post_id, saved_at) VALUES (${userId}, ${postId}, ${at}) ON CONFLICT DO NOTHING`.execute(db);
    },

    async unsave(postId: string, userId: string): Promise<void> {
      await db.deleteFrom('saved_posts').where('user_id', '=', userId).where('post_id', '=', postId).execute();
    },

    /** The viewer's saved posts, most recently saved first, those the access rules still list to them. */
    async savedPage(userId: string, now: Date, limit: number, after?: { at: string; id: string }): Promise<Array<FeedRow & { saved_cursor: string }>> {
      const result = await sql<FeedRow & { saved_cursor: string }>`
        SELECT ${feedColumns(userId, now)}, sp.saved_at::text AS saved_cursor
        FROM saved_posts sp
        JOIN posts p ON p.id = sp.post_id
        JOIN users u ON u.id = p.user_id
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE sp.user_id = ${userId} AND ${postListedSql(userId, now, 'p')}
          ${after ? sql`AND (sp.saved_at, sp.post_id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY sp.saved_at DESC, sp.post_id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** Discovery: recent public posts, newest first, on their own partial index. */
    async discoveryPage(viewerId: string | null, now: Date, limit: number, after?: { at: string; id: string }): Promise<FeedRow[]> {
      const result = await sql<FeedRow>`
        SELECT ${feedColumns(viewerId, now)}
        FROM posts p
        JOIN users u ON u.id = p.user_id
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE ${postPublicSql(now, 'p')} AND ${postListedSql(viewerId, now, 'p')}
          ${after ? sql`AND (p.created_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
