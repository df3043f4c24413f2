import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface FollowListRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  is_followed_by_me: boolean;
  /** When the follow began, as PostgreSQL prints it, for the page cursor. */
  cursor_at: string;
}

export interface FollowListQuery {
  userId: string;
  /** followers: who follows userId; following: whom userId follows. */
  direction: 'followers' | 'following';
  viewerId: string | null;
  /** Escaped LIKE pattern (case and accents are dropped in SQL), or null for everyone. */
  pattern: string | null;
  limit: number;
  after?: { at: string; id: string };
}

export function createFollowsRepository(db: Database) {
  return {
    async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Follows in one statement: the row is inserted at most once and both counters move only when
     * it was, so repeating the call changes nothing. Returns the followee's follower count.
     */
    async follow(followerId: string, followeeId: string, at: Date): Promise<number> {
      const result = await sql<{ followers_count: number }>`
        WITH inserted AS (
          INSERT INTO follows (follower_id, followee_id, created_at) VALUES (${followerId}, ${followeeId}, ${at})
          ON CONFLICT DO NOTHING
          RETURNING 1
        ), follower AS (
          UPDATE users SET following_count = following_count + (SELECT count(*) FROM inserted)::int
          WHERE id = ${followerId}
        )
        UPDATE users SET followers_count = followers_count + (SELECT count(*) FROM inserted)::int
        WHERE id = ${followeeId}
        RETURNING followers_count`.execute(db);
      return result.rows[0]?.followers_count ?? 0;
    },

    /** The reverse of follow: idempotent, counters never below zero. */
    async unfollow(followerId: string, followeeId: string): Promise<number> {
      const result = await sql<{ followers_count: number }>`
        WITH deleted AS (
          DELETE FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId}
          RETURNING 1
        ), follower AS (
          UPDATE users SET following_count = GREATEST(following_count - (SELECT count(*) FROM deleted)::int, 0)
          WHERE id = ${followerId}
        )
        UPDATE users SET followers_count = GREATEST(followers_count - (SELECT count(*) FROM deleted)::int, 0)
        WHERE id = ${followeeId}
        RETURNING followers_count`.execute(db);
      return result.rows[0]?.followers_count ?? 0;
    },

    /** A page of a followers or following list, newest follow first, in one query. */
    async list({ userId, direction, viewerId, pattern, limit, after }: FollowListQuery): Promise<FollowListRow[]> {
      const [anchor, other] = direction === 'followers' ? [sql.ref('f.followee_id'), sql.ref('f.follower_id')] : [sql.ref('f.follower_id'), sql.ref('f.followee_id')];
      const result = await sql<FollowListRow>`
        SELECT u.id, u.username, u.full_name, u.avatar_key, u.is_verified, f.created_at::text AS cursor_at,
               EXISTS (SELECT 1 FROM follows m WHERE m.follower_id = ${viewerId}::uuid AND m.followee_id = u.id) AS is_followed_by_me
        FROM follows f
        JOIN users u ON u.id = ${other}
        WHERE ${anchor} = ${userId}
          ${pattern ? sql`AND (wag_search_text(u.username) LIKE wag_search_text(${pattern}) OR wag_search_text(u.full_name) LIKE wag_search_text(${pattern}))` : sql``}
          ${after ? sql`AND (f.created_at, ${other}) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY f.created_at DESC, ${other} DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
