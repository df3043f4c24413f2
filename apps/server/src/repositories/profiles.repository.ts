import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { MediaKind, PostType } from '../db/schema.js';
import type { PersonFacts, PostFacts } from '../access/rules.js';
import { followsSql, personFactsSql, postFactsSql, postListedSql, storyVisibleSql } from '../access/filters.js';

/** A profile with the access rules' facts about its person (a hidden one is not found). */
export interface ProfileRow extends PersonFacts {
  username: string;
  full_name: string | null;
  bio: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  followers_count: number;
  following_count: number;
  posts_count: number;
  listed_posts_count: number;
  followers_posts_count: number;
  is_following: boolean;
  has_active_stories: boolean;
}

/** A post as grids list it, with the access rules' facts about it and its viewer. */
export interface ProfilePostRow extends PostFacts {
  id: string;
  slug: string;
  post_type: PostType;
  content_type: MediaKind;
  title: string | null;
  description: string;
  likes_count: number;
  views_count: number;
  comments_count: number;
  created_at: Date;
  /** created_at as PostgreSQL prints it (microseconds kept), for the page cursor. */
  cursor_at: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  image_key: string | null;
  thumb_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  /** A video's HLS master playlist, once its ladder is made. */
  stream_key: string | null;
  media_count: number;
}

export interface PostsPageQuery {
  ownerId: string;
  viewerId: string | null;
  now: Date;
  limit: number;
  after?: { at: string; id: string };
  postType?: PostType;
}

export function createProfilesRepository(db: Database) {
  return {
    /**
     * One user by username (any case) with what the viewer's profile page needs (the caller asks the
     * access rules whether the viewer may find them at all):
     * counters, whether the viewer follows them and whether they have active stories the viewer may
     * watch (the avatar ring).
     */
    async findProfile(username: string, viewerId: string | null, now: Date, activeSince: Date): Promise<ProfileRow | undefined> {
      const result = await sql<ProfileRow>`
        SELECT ${personFactsSql(viewerId, now, 'u')}, u.username, u.full_name, u.bio, u.avatar_key, u.is_verified,
               u.followers_count, u.following_count, u.posts_count, u.listed_posts_count, u.followers_posts_count,
               ${followsSql(viewerId, sql.ref('u.id'))} AS is_following,
               EXISTS (
                 SELECT 1 FROM stories s
                 WHERE s.user_id = u.id AND s.created_at > ${activeSince}
                   AND ${storyVisibleSql(viewerId, now, 's')}
               ) AS has_active_stories
        FROM users u
        WHERE lower(u.username) = lower(${username})`.execute(db);
      return result.rows[0];
    },

    /**
     * A page of a user's posts the viewer finds listed (the access rules: the owner's in any state,
     * others' ready ones of their audience, VIP ones to be shown locked), newest first. One query,
     * first media joined.
     */
    async listPosts({ ownerId, viewerId, now, limit, after, postType }: PostsPageQuery): Promise<ProfilePostRow[]> {
      const result = await sql<ProfilePostRow>`
        SELECT p.id, ${postFactsSql(viewerId, now, 'p')}, p.slug, p.post_type, p.content_type, p.title, p.description,
               p.likes_count, p.views_count, p.comments_count, p.created_at, p.created_at::text AS cursor_at,
               m.width, m.height, m.duration_ms, m.image_key, m.thumb_key, m.video_key, m.poster_key, m.stream_key,
               (SELECT count(*)::int FROM post_media c WHERE c.post_id = p.id) AS media_count
        FROM posts p
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE p.user_id = ${ownerId}
          AND ${postListedSql(viewerId, now, 'p')}
          ${postType ? sql`AND p.post_type = ${postType}` : sql``}
          ${after ? sql`AND (p.created_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
