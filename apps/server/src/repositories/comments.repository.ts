import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { likeChange, type LikeChange } from './like-change.js';
import { commentFactsSql, commentVisibleSql, moderationReasonSql } from '../access/filters.js';
import type { CommentFacts } from '../access/rules.js';

export interface CommentRow {
  id: string;
  post_id: string;
  parent_id: string | null;
  text: string;
  likes_count: number;
  created_at: Date;
  cursor_at: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  is_liked: boolean;
  /** Held or taken down: only its author reads it (the access rules), with the reason they were told. */
  moderation?: 'pending' | 'removed' | null;
  moderation_reason?: string | null;
}

export interface ReplyRow extends CommentRow {
  replies_total: number;
}

export interface CommentsPageQuery {
  postId: string;
  viewerId: string | null;
  now: Date;
  /** asc: oldest first (Todos); desc: newest first (Más recientes). */
  order: 'asc' | 'desc';
  /** Only top-level comments (their replies come with them) or every comment in one flat list. */
  topLevelOnly: boolean;
  limit: number;
  after?: { at: string; id: string };
}

const commentColumns = (viewerId: string | null) => sql`
  c.id, c.post_id, c.parent_id, c.text, c.likes_count, c.created_at, c.created_at::text AS cursor_at,
  u.username, u.full_name, u.avatar_key, u.is_verified, c.moderation, ${moderationReasonSql('comment', 'c')} AS moderation_reason,
  EXISTS (SELECT 1 FROM comment_likes cl WHERE cl.comment_id = c.id AND cl.user_id = ${viewerId}::uuid) AS is_liked`;

export function createCommentsRepository(db: Database) {
  return {
    /** A page of a post's comments the access rules let the viewer see, in the order asked, keyset-paged on (created_at, id). */
    async listPage({ postId, viewerId, now, order, topLevelOnly, limit, after }: CommentsPageQuery): Promise<CommentRow[]> {
      const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
      const comparison = order === 'asc' ? sql`>` : sql`<`;
      const result = await sql<CommentRow>`
        SELECT ${commentColumns(viewerId)}
        FROM comments c
        JOIN users u ON u.id = c.user_id
        WHERE c.post_id = ${postId} AND ${commentVisibleSql(viewerId, now, 'c')}
          ${topLevelOnly ? sql`AND c.parent_id IS NULL` : sql``}
          ${after ? sql`AND (c.created_at, c.id) ${comparison} (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY c.created_at ${direction}, c.id ${direction}
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * A threaded page in one statement: the top-level comments the viewer may see, in the order
     * asked (`limit` of them: the caller asks one more than it shows, to know whether a page follows),
     * and the first `perParent` replies (oldest first) of each of the first `limit - 1`, with each
     * one's total of replies the viewer may see. Replies are judged by the same access rules as the
     * comments; the columns (author, like, moderation reason) are read only for the rows returned.
     * One statement rather than a page and then its replies: a round trip to the database is most of
     * what a short read costs here (docs/benchmarks.md, "API ratios").
     */
    async listThreadedPage({ postId, viewerId, now, order, limit, after }: Omit<CommentsPageQuery, 'topLevelOnly'>, perParent: number): Promise<{ comments: CommentRow[]; replies: ReplyRow[] }> {
      const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
      const comparison = order === 'asc' ? sql`>` : sql`<`;
      const result = await sql<CommentRow & { replies_total: number | null; reply: boolean; ord: string }>`
        WITH page AS (
          SELECT c.id, row_number() OVER (ORDER BY c.created_at ${direction}, c.id ${direction}) AS position
          FROM (
            SELECT c.id, c.created_at FROM comments c
            WHERE c.post_id = ${postId} AND c.parent_id IS NULL AND ${commentVisibleSql(viewerId, now, 'c')}
              ${after ? sql`AND (c.created_at, c.id) ${comparison} (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
            ORDER BY c.created_at ${direction}, c.id ${direction}
            LIMIT ${limit}
          ) c
        ), kept AS (
          SELECT r.id, r.replies_total FROM (
            SELECT c.id, row_number() OVER (PARTITION BY c.parent_id ORDER BY c.created_at, c.id) AS position,
                   count(*) OVER (PARTITION BY c.parent_id)::int AS replies_total
            FROM comments c
            WHERE c.parent_id IN (SELECT id FROM page WHERE position < ${limit}) AND ${commentVisibleSql(viewerId, now, 'c')}
          ) r
          WHERE r.position <= ${perParent}
        )
        SELECT ${commentColumns(viewerId)}, NULL::int AS replies_total, false AS reply, k.position AS ord
        FROM page k JOIN comments c ON c.id = k.id JOIN users u ON u.id = c.user_id
        UNION ALL
        SELECT ${commentColumns(viewerId)}, k.replies_total, true AS reply, row_number() OVER (ORDER BY c.created_at, c.id) AS ord
        FROM kept k JOIN comments c ON c.id = k.id JOIN users u ON u.id = c.user_id
        ORDER BY reply, ord`.execute(db);
      const comments: CommentRow[] = [];
      const replies: ReplyRow[] = [];
      for (const { reply, replies_total, ord: _ord, ...row } of result.rows) {
        if (reply) replies.push({ ...row, replies_total: replies_total ?? 0 });
        else comments.push(row);
      }
      return { comments, replies };
    },

    /** A comment with the access rules' facts for the viewer (its post is judged apart). */
    async findForViewer(commentId: string, viewerId: string | null, now: Date): Promise<(CommentFacts & { id: string; post_id: string; parent_id: string | null }) | undefined> {
      const result = await sql<CommentFacts & { id: string; post_id: string; parent_id: string | null }>`
        SELECT c.id, c.post_id, c.parent_id, ${commentFactsSql(viewerId, now, 'c')}
        FROM comments c WHERE c.id = ${commentId}`.execute(db);
      return result.rows[0];
    },

    /** Adds a comment and counts it on its post in one statement; returns it as lists show it. */
    async insert(input: { postId: string; userId: string; parentId: string | null; text: string; at: Date }): Promise<CommentRow> {
      const result = await sql<CommentRow>`
        WITH c AS (
          INSERT INTO comments (post_id, user_id, parent_id, text, created_at)
          VALUES (${input.postId}, ${input.userId}, ${input.parentId}, ${input.text}, ${input.at})
          RETURNING *
        ), counted AS (
          UPDATE posts SET comments_count = comments_count + 1 WHERE id = ${input.postId}
        )
        SELECT c.id, c.post_id, c.parent_id, c.text, c.likes_count, c.created_at, c.created_at::text AS cursor_at,
               u.username, u.full_name, u.avatar_key, u.is_verified, FALSE AS is_liked
        FROM c JOIN users u ON u.id = c.user_id`.execute(db);
      return result.rows[0]!;
    },

    async like(commentId: string, userId: string, at: Date): Promise<LikeChange> {
      const result = await sql<{ likes_count: number; changed: number }>`
        WITH inserted AS (
          INSERT INTO comment_likes (comment_id, user_id, created_at) VALUES (${commentId}, ${userId}, ${at})
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        UPDATE comments SET likes_count = likes_count + (SELECT count(*) FROM inserted)::int
        WHERE id = ${commentId}
        RETURNING likes_count, (SELECT count(*) FROM inserted)::int AS changed`.execute(db);
      return likeChange(result.rows[0]);
    },

    async unlike(commentId: string, userId: string): Promise<LikeChange> {
      const result = await sql<{ likes_count: number; changed: number }>`
        WITH deleted AS (
          DELETE FROM comment_likes WHERE comment_id = ${commentId} AND user_id = ${userId}
          RETURNING 1
        )
        UPDATE comments SET likes_count = GREATEST(likes_count - (SELECT count(*) FROM deleted)::int, 0)
        WHERE id = ${commentId}
        RETURNING likes_count, (SELECT count(*) FROM deleted)::int AS changed`.execute(db);
      return likeChange(result.rows[0]);
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
