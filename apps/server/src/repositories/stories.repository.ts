import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Audience, MediaKind } from '../db/schema.js';
import { likeChange, type LikeChange } from './like-change.js';
import { personVisibleSql, storyFactsSql, storyVisibleSql } from '../access/filters.js';
import type { StoryFacts } from '../access/rules.js';

/** A story with its owner and the access rules' facts about it and its viewer. */
export interface StoryRow extends StoryFacts {
  id: string;
  kind: MediaKind;
  duration_ms: number | null;
  image_key: string | null;
  video_key: string | null;
  poster_key: string | null;
  highlighted_at: Date | null;
  group_id: string | null;
  views_count: number;
  likes_count: number;
  created_at: Date;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  is_liked: boolean;
  seen: boolean;
}

export interface StoryRowEntry {
  id: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  latest_at: Date | null;
  has_unseen: boolean;
  has_stories: boolean;
}

export interface GroupRow {
  id: string | null;
  name: string | null;
  count: number;
  cover_key: string | null;
}

export interface ViewerRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  viewed_at: Date;
}

export interface NewStory {
  userId: string;
  audience: Audience;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  imageKey: string | null;
  videoKey: string | null;
  posterKey: string | null;
  at: Date;
  /** When the creator confirmed everyone shown is an adult who agreed (subscribers-only stories). */
  consentConfirmedAt?: Date | null;
}

const storyColumns = (viewerId: string | null, now: Date) => sql`
  s.id, ${storyFactsSql(viewerId, now, 's')}, s.kind, s.duration_ms, s.image_key, s.video_key, s.poster_key,
  s.group_id, s.views_count, s.likes_count,
  u.username, u.full_name, u.avatar_key, u.is_verified,
  EXISTS (SELECT 1 FROM story_likes l WHERE l.story_id = s.id AND l.user_id = ${viewerId}::uuid) AS is_liked,
  EXISTS (SELECT 1 FROM story_views v WHERE v.story_id = s.id AND v.viewer_id = ${viewerId}::uuid) AS seen`;

export function createStoriesRepository(db: Database) {
  return {
    async insert(story: NewStory): Promise<{ id: string }> {
      return db
        .insertInto('stories')
        .values({
          user_id: story.userId,
          audience: story.audience,
          kind: story.kind,
          width: story.width,
          height: story.height,
          duration_ms: story.durationMs,
          image_key: story.imageKey,
          video_key: story.videoKey,
          poster_key: story.posterKey,
          status: 'ready',
          consent_confirmed_at: story.consentConfirmedAt ?? null,
          created_at: story.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    async ownerId(username: string): Promise<string | undefined> {
      const result = await sql<{ id: string }>`SELECT id FROM users WHERE lower(username) = lower(${username})`.execute(db);
      return result.rows[0]?.id;
    },

    /** Active stories (created after `since`) the viewer may watch at `now`, oldest first: one query. */
    async listActive(ownerId: string, viewerId: string | null, now: Date, since: Date): Promise<StoryRow[]> {
      const result = await sql<StoryRow>`
        SELECT ${storyColumns(viewerId, now)}
        FROM stories s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = ${ownerId} AND s.created_at > ${since} AND ${storyVisibleSql(viewerId, now, 's')}
        ORDER BY s.created_at, s.id`.execute(db);
      return result.rows;
    },

    async hasActive(ownerId: string, viewerId: string | null, now: Date, since: Date): Promise<boolean> {
      const result = await sql<{ found: boolean }>`
        SELECT EXISTS (
          SELECT 1 FROM stories s
          WHERE s.user_id = ${ownerId} AND s.created_at > ${since} AND ${storyVisibleSql(viewerId, now, 's')}
        ) AS found`.execute(db);
      return result.rows[0]?.found ?? false;
    },

    /**
     * The story-avatar row: people the viewer follows who have active stories the viewer may watch,
     * unseen ones first, then the most recent; for a guest, featured creators with public ones. One query.
     */
    async storyRow(viewerId: string | null, now: Date, since: Date, limit: number): Promise<StoryRowEntry[]> {
      const people = viewerId
        ? sql`SELECT f.followee_id AS id FROM follows f WHERE f.follower_id = ${viewerId}`
        : sql`SELECT id FROM users WHERE featured_rank IS NOT NULL`;
      const result = await sql<StoryRowEntry>`
        SELECT u.id, u.username, u.full_name, u.avatar_key, u.is_verified, max(s.created_at) AS latest_at, TRUE AS has_stories,
               bool_or(v.story_id IS NULL) AS has_unseen
        FROM (${people}) AS p
        JOIN users u ON u.id = p.id
        JOIN stories s ON s.user_id = u.id AND s.created_at > ${since} AND ${storyVisibleSql(viewerId, now, 's')}
        LEFT JOIN story_views v ON v.story_id = s.id AND v.viewer_id = ${viewerId}::uuid
        GROUP BY u.id
        ORDER BY has_unseen DESC, latest_at DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** The viewer's own entry of the row (it is there with or without stories, with the plus badge). */
    async ownRowEntry(viewerId: string, since: Date): Promise<StoryRowEntry | undefined> {
      const result = await sql<StoryRowEntry>`
        SELECT u.id, u.username, u.full_name, u.avatar_key, u.is_verified,
               (SELECT max(s.created_at) FROM stories s WHERE s.user_id = u.id AND s.created_at > ${since}) AS latest_at,
               FALSE AS has_unseen,
               EXISTS (SELECT 1 FROM stories s WHERE s.user_id = u.id AND s.created_at > ${since}) AS has_stories
        FROM users u WHERE u.id = ${viewerId}`.execute(db);
      return result.rows[0];
    },

    /** Highlights (the Quickyteca) the viewer may watch, most recently kept first. */
    async listHighlights(ownerId: string, viewerId: string | null, now: Date): Promise<StoryRow[]> {
      const result = await sql<StoryRow>`
        SELECT ${storyColumns(viewerId, now)}
        FROM stories s JOIN users u ON u.id = s.user_id
        WHERE s.user_id = ${ownerId} AND s.highlighted_at IS NOT NULL AND ${storyVisibleSql(viewerId, now, 's')}
        ORDER BY s.highlighted_at DESC, s.id DESC`.execute(db);
      return result.rows;
    },

    /**
     * The owner's groups with the count and cover of the highlights the viewer may see in each, and
     * the same for Recientes (highlights in no group) as the row with a null id: one query.
     */
    async groups(ownerId: string, viewerId: string | null, now: Date): Promise<GroupRow[]> {
      const result = await sql<GroupRow>`
        WITH visible AS (
          SELECT s.group_id, s.highlighted_at, coalesce(s.poster_key, s.image_key) AS cover_key
          FROM stories s
          WHERE s.user_id = ${ownerId} AND s.highlighted_at IS NOT NULL AND ${storyVisibleSql(viewerId, now, 's')}
        )
        SELECT NULL::uuid AS id, NULL::text AS name, count(v.*)::int AS count,
               (array_agg(v.cover_key ORDER BY v.highlighted_at DESC))[1] AS cover_key
        FROM visible v WHERE v.group_id IS NULL
        UNION ALL
        SELECT g.id, g.name, count(v.highlighted_at)::int,
               (array_agg(v.cover_key ORDER BY v.highlighted_at DESC) FILTER (WHERE v.cover_key IS NOT NULL))[1]
        FROM story_groups g LEFT JOIN visible v ON v.group_id = g.id
        WHERE g.user_id = ${ownerId}
        GROUP BY g.id, g.name, g.created_at`.execute(db);
      return result.rows;
    },

    async findForViewer(storyId: string, viewerId: string | null, now: Date): Promise<StoryRow | undefined> {
      const result = await sql<StoryRow>`
        SELECT ${storyColumns(viewerId, now)} FROM stories s JOIN users u ON u.id = s.user_id WHERE s.id = ${storyId}`.execute(db);
      return result.rows[0];
    },

    async addView(storyId: string, viewerId: string, at: Date): Promise<number> {
      const result = await sql<{ views_count: number }>`
        WITH inserted AS (
          INSERT INTO story_views (story_id, viewer_id, viewed_at) VALUES (${storyId}, ${viewerId}, ${at})
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        UPDATE stories SET views_count = views_count + (SELECT count(*) FROM inserted)::int
        WHERE id = ${storyId}
        RETURNING views_count`.execute(db);
      return result.rows[0]?.views_count ?? 0;
    },

    async like(storyId: string, userId: string, at: Date): Promise<LikeChange> {
      const result = await sql<{ likes_count: number; changed: number }>`
        WITH inserted AS (
          INSERT INTO story_likes (story_id, user_id, created_at) VALUES (${storyId}, ${userId}, ${at})
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        UPDATE stories SET likes_count = likes_count + (SELECT count(*) FROM inserted)::int
        WHERE id = ${storyId}
        RETURNING likes_count, (SELECT count(*) FROM inserted)::int AS changed`.execute(db);
      return likeChange(result.rows[0]);
    },

    async unlike(storyId: string, userId: string): Promise<LikeChange> {
      const result = await sql<{ likes_count: number; changed: number }>`
        WITH deleted AS (
          DELETE FROM story_likes WHERE story_id = ${storyId} AND user_id = ${userId}
          RETURNING 1
        )
        UPDATE stories SET likes_count = GREATEST(likes_count - (SELECT count(*) FROM deleted)::int, 0)
        WHERE id = ${storyId}
        RETURNING likes_count, (SELECT count(*) FROM deleted)::int AS changed`.execute(db);
      return likeChange(result.rows[0]);
    },

    /** A page of who viewed a story, newest first; one row more than asked tells whether there are more. */
    /** Who watched the owner's story, leaving out people the owner does not see (blocked either way, suspended). */
    async viewers(storyId: string, ownerId: string, now: Date, offset: number, limit: number): Promise<ViewerRow[]> {
      const result = await sql<ViewerRow>`
        SELECT u.id, u.username, u.full_name, u.avatar_key, v.viewed_at
        FROM story_views v JOIN users u ON u.id = v.viewer_id
        WHERE v.story_id = ${storyId} AND ${personVisibleSql(ownerId, now, 'u')}
        ORDER BY v.viewed_at DESC, v.viewer_id DESC
        OFFSET ${offset} LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    async delete(storyId: string): Promise<void> {
      await db.deleteFrom('stories').where('id', '=', storyId).execute();
    },

    async keep(storyId: string, groupId: string | null, at: Date, setGroup: boolean): Promise<void> {
      await db
        .updateTable('stories')
        .set((eb) => ({
          highlighted_at: eb.fn.coalesce('highlighted_at', sql<Date>`${at}::timestamptz`),
          ...(setGroup ? { group_id: groupId } : {}),
        }))
        .where('id', '=', storyId)
        .execute();
    },

    async groupOwner(groupId: string): Promise<string | undefined> {
      const row = await db.selectFrom('story_groups').select('user_id').where('id', '=', groupId).executeTakeFirst();
      return row?.user_id;
    },

    async createGroup(userId: string, name: string, at: Date): Promise<{ id: string; name: string }> {
      return db.insertInto('story_groups').values({ user_id: userId, name, created_at: at }).returning(['id', 'name']).executeTakeFirstOrThrow();
    },
  };
}

export type StoriesRepository = ReturnType<typeof createStoriesRepository>;
