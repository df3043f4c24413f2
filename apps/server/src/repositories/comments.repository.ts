import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { likeChange, type LikeChange } from './like-change.js';
import { commentFactsSql, commentVisibleSql, moderationReasonSql } from '../access/filters.js';
import type { CommentFacts } from '../access/rules.js';
import { pageLimit } from './page-limit.js';

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
    /**
     * A page of a post's comments the access rules let the viewer see, in the order asked, keyset-paged
     * on (created_at, id): the walk goes along the index in order, each row it reaches judged by the
     * rules, and stops at the page's end, so its cost does not grow with the post's comments.
     */
    async listPage({ postId, viewerId, now, order, topLevelOnly, limit, after }: CommentsPageQuery): Promise<CommentRow[]> {
      const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
      const comparison = order === 'asc' ? sql`>` : sql`<`;
      const result = await sql<CommentRow>`
        SELECT ${commentColumns(viewerId)}
        FROM comments c
        JOIN users u ON u.id = c.user_id
        WHERE c.post_id = ${postId} AND ${commentVisibleSql(viewerId, now, 'c', { relations: 'array' })}
          ${topLevelOnly ? sql`AND c.parent_id IS NULL` : sql``}
          ${after ? sql`AND (c.created_at, c.id) ${comparison} (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY c.created_at ${direction}, c.id ${direction}
        LIMIT ${pageLimit(limit)}`.execute(db);
      return result.rows;
    },

    /**
     * The first `perParent` replies (oldest first) of each comment the access rules let the viewer
     * see: one query, each comment's replies walked in order on their index up to `perParent`, so a
     * comment with thousands of replies costs what one with a few does. The parents go as one array
     * parameter, so the statement's text is the same for a page of any length: prepared and planned
     * once per connection.
     */
    async listReplies(parentIds: string[], viewerId: string | null, now: Date, perParent: number): Promise<CommentRow[]> {
      if (parentIds.length === 0) return [];
      const result = await sql<CommentRow>`
        SELECT replies.* FROM unnest(${parentIds}::uuid[]) AS parent(id)
        CROSS JOIN LATERAL (
          SELECT ${commentColumns(viewerId)}
          FROM comments c
          JOIN users u ON u.id = c.user_id
          WHERE c.parent_id = parent.id AND ${commentVisibleSql(viewerId, now, 'c', { relations: 'array' })}
          ORDER BY c.created_at, c.id
          LIMIT ${pageLimit(perParent)}
        ) replies
        ORDER BY replies.created_at, replies.id`.execute(db);
      return result.rows;
    },

    /**
     * How many replies of each of these comments the viewer may see: read for the comments whose first
     * replies filled a page's share (fewer than that were all of them), so it costs what the busy
     * threads hold, counted on their index with the access rules' cheapest form.
     */
    async countReplies(parentIds: string[], viewerId: string | null, now: Date): Promise<Map<string, number>> {
      if (parentIds.length === 0) return new Map();
      const result = await sql<{ parent_id: string; replies: number }>`
        SELECT c.parent_id, count(*)::int AS replies
        FROM comments c
        WHERE c.parent_id = ANY(${parentIds}::uuid[]) AND ${commentVisibleSql(viewerId, now, 'c', { relations: 'array' })}
        GROUP BY c.parent_id`.execute(db);
      return new Map(result.rows.map((row) => [row.parent_id, row.replies]));
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
