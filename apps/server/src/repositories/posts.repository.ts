import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { MediaKind, PostType } from '../db/schema.js';
import type { PostFacts } from '../access/rules.js';
import type { ProfilePostRow } from './profiles.repository.js';
import { likeChange, type LikeChange } from './like-change.js';
import { postFactsSql, postPublicSql } from '../access/filters.js';

/** A post with what every check of "may this viewer see this post" needs (the access rules' facts). */
export interface PostAccessRow extends PostFacts {
  id: string;
  likes_count: number;
  views_count: number;
  comments_count: number;
  is_liked: boolean;
  is_saved: boolean;
}

export interface PostMediaJson {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  image_key: string | null;
  thumb_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  stream_key: string | null;
}

export interface PostDetailRow extends PostAccessRow {
  slug: string;
  post_type: PostType;
  content_type: MediaKind;
  title: string | null;
  description: string;
  tags: string[];
  created_at: Date;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  media: PostMediaJson[] | null;
}

export interface QuickyRow extends ProfilePostRow {
  username: string;
  full_name: string | null;
  avatar_key: string | null;
}

const accessColumns = (viewerId: string | null, now: Date) => sql`
  p.id, p.likes_count, p.views_count, p.comments_count, ${postFactsSql(viewerId, now, 'p')},
  EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewerId}::uuid) AS is_liked,
  EXISTS (SELECT 1 FROM saved_posts sp WHERE sp.post_id = p.id AND sp.user_id = ${viewerId}::uuid) AS is_saved`;

export function createPostsRepository(db: Database) {
  return {
    /** A post by slug with its author, its media in order and the viewer's relation: one query. */
    async findBySlug(slug: string, viewerId: string | null, now: Date): Promise<PostDetailRow | undefined> {
      const result = await sql<PostDetailRow>`
        SELECT ${accessColumns(viewerId, now)},
               p.slug, p.post_type, p.content_type, p.title, p.description, p.tags, p.created_at,
               u.username, u.full_name, u.avatar_key, u.is_verified,
               (SELECT json_agg(json_build_object(
                         'kind', m.kind, 'width', m.width, 'height', m.height, 'duration_ms', m.duration_ms,
                         'image_key', m.image_key, 'thumb_key', m.thumb_key, 'video_key', m.video_key, 'poster_key', m.poster_key,
                         'stream_key', m.stream_key)
                       ORDER BY m.position)
                FROM post_media m WHERE m.post_id = p.id) AS media
        FROM posts p
        JOIN users u ON u.id = p.user_id
        WHERE p.slug = ${slug}`.execute(db);
      return result.rows[0];
    },

    async findAccess(postId: string, viewerId: string | null, now: Date): Promise<PostAccessRow | undefined> {
      const result = await sql<PostAccessRow>`SELECT ${accessColumns(viewerId, now)} FROM posts p WHERE p.id = ${postId}`.execute(db);
      return result.rows[0];
    },

    /** What the view rule reads of a post: its kind and the length of its (first) video. */
    async viewFacts(postId: string): Promise<{ content_type: MediaKind; duration_ms: number | null } | undefined> {
      const result = await sql<{ content_type: MediaKind; duration_ms: number | null }>`
        SELECT p.content_type, m.duration_ms FROM posts p
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE p.id = ${postId}`.execute(db);
      return result.rows[0];
    },

    /**
     * Records that the viewer had the post on screen at `at`; the view counts (views_count) and
     * completes (completed_views_count) at most once per viewer, the counters moving in this same
     * transaction. Run inside a unit of work: the row lock orders two calls of one viewer, so a view
     * is never counted twice. Returns the post's view count.
     */
    async recordView(postId: string, viewerId: string, at: Date, progress: { counts: boolean; completes: boolean }): Promise<number> {
      await sql`
        INSERT INTO post_views (post_id, viewer_id, viewed_at, last_viewed_at) VALUES (${postId}, ${viewerId}, ${at}, ${at})
        ON CONFLICT DO NOTHING`.execute(db);
      const prior = await sql<{ counted: boolean; completed: boolean }>`
        SELECT counted_at IS NOT NULL AS counted, completed_at IS NOT NULL AS completed FROM post_views
        WHERE post_id = ${postId} AND viewer_id = ${viewerId} FOR UPDATE`.execute(db);
      const row = prior.rows[0];
      const counts = progress.counts && row !== undefined && !row.counted;
      const completes = progress.completes && row !== undefined && !row.completed;
      await sql`
        UPDATE post_views SET last_viewed_at = GREATEST(last_viewed_at, ${at}),
          counted_at = ${counts ? sql`${at}` : sql`counted_at`},
          completed_at = ${completes ? sql`${at}` : sql`completed_at`}
        WHERE post_id = ${postId} AND viewer_id = ${viewerId}`.execute(db);
      const result = await sql<{ views_count: number }>`
        UPDATE posts SET views_count = views_count + ${counts ? 1 : 0}, completed_views_count = completed_views_count + ${completes ? 1 : 0}
        WHERE id = ${postId}
        RETURNING views_count`.execute(db);
      return result.rows[0]?.views_count ?? 0;
    },

    /** Likes at most once; the counter moves only when a row was added. Returns the like count. */
    async like(postId: string, userId: string, at: Date): Promise<LikeChange> {
      const result = await sql<{ likes_count: number; changed: number }>`
        WITH inserted AS (
          INSERT INTO post_likes (post_id, user_id, created_at) VALUES (${postId}, ${userId}, ${at})
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        UPDATE posts SET likes_count = likes_count + (SELECT count(*) FROM inserted)::int
        WHERE id = ${postId}
        RETURNING likes_count, (SELECT count(*) FROM inserted)::int AS changed`.execute(db);
      return likeChange(result.rows[0]);
    },

    async unlike(postId: string, userId: string): Promise<LikeChange> {
      const result = await sql<{ likes_count: number; changed: number }>`
        WITH deleted AS (
          DELETE FROM post_likes WHERE post_id = ${postId} AND user_id = ${userId}
          RETURNING 1
        )
        UPDATE posts SET likes_count = GREATEST(likes_count - (SELECT count(*) FROM deleted)::int, 0)
        WHERE id = ${postId}
        RETURNING likes_count, (SELECT count(*) FROM deleted)::int AS changed`.execute(db);
      return likeChange(result.rows[0]);
    },

    /** Public, ready quickys of everyone, newest first (the explore grid), one query a page. */
    async listPublicQuickys(now: Date, limit: number, after?: { at: string; id: string }): Promise<QuickyRow[]> {
      const result = await sql<QuickyRow>`
        SELECT p.id, ${postFactsSql(null, now, 'p')}, p.slug, p.post_type, p.content_type, p.title, p.description,
               p.likes_count, p.views_count, p.comments_count, p.created_at, p.created_at::text AS cursor_at,
               m.width, m.height, m.duration_ms, m.image_key, m.thumb_key, m.video_key, m.poster_key, m.stream_key,
               1 AS media_count, u.username, u.full_name, u.avatar_key
        FROM posts p
        JOIN users u ON u.id = p.user_id
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE p.post_type = 'quicky' AND ${postPublicSql(now, 'p')}
          ${after ? sql`AND (p.created_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
