import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { likeSafeSearchText, nameMatches } from './search-text.js';
import { inTransaction } from './transaction.js';
import { followsSql, personVisibleSql } from '../access/filters.js';

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
  now: Date;
  /** Text to find in the username or full name (case and accents ignored, matched literally), or null for everyone. */
  text: string | null;
  limit: number;
  after?: { at: string; id: string };
}

/**
 * Locks both users' rows in id order before a follow changes them. Two people following each
 * other at the same moment would otherwise lock the same two rows in opposite orders and
 * deadlock. Returns the followee's follower count, or undefined when either user is gone.
 */
async function lockPair(trx: Database, followerId: string, followeeId: string): Promise<number | undefined> {
  const result = await sql<{ id: string; followers_count: number }>`
    SELECT id, followers_count FROM users WHERE id IN (${followerId}, ${followeeId})
    ORDER BY id
    FOR NO KEY UPDATE`.execute(trx);
  if (result.rows.length < 2) return undefined;
  return result.rows.find((row) => row.id === followeeId)?.followers_count;
}

/** Moves the follower's following count and the followee's followers count by one, never below zero. */
async function moveCounters(trx: Database, followerId: string, followeeId: string, delta: 1 | -1): Promise<number | undefined> {
  const result = await sql<{ id: string; followers_count: number }>`
    UPDATE users SET
      following_count = CASE WHEN id = ${followerId} THEN GREATEST(following_count + ${delta}::int, 0) ELSE following_count END,
      followers_count = CASE WHEN id = ${followeeId} THEN GREATEST(followers_count + ${delta}::int, 0) ELSE followers_count END
    WHERE id IN (${followerId}, ${followeeId})
    RETURNING id, followers_count`.execute(trx);
  return result.rows.find((row) => row.id === followeeId)?.followers_count;
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
     * Follows at most once: the row is inserted with ON CONFLICT DO NOTHING and both counters move
     * only when it was, in the same transaction, so repeating the call changes nothing. Returns the
     * followee's follower count, or undefined when either user no longer exists.
     */
    async follow(followerId: string, followeeId: string, at: Date): Promise<number | undefined> {
      return inTransaction(db, async (trx) => {
        const before = await lockPair(trx, followerId, followeeId);
        if (before === undefined) return undefined;
        const inserted = await sql`
          INSERT INTO follows (follower_id, followee_id, created_at) VALUES (${followerId}, ${followeeId}, ${at})
          ON CONFLICT DO NOTHING
          RETURNING 1`.execute(trx);
        return inserted.rows.length > 0 ? moveCounters(trx, followerId, followeeId, 1) : before;
      });
    },

    /** The reverse of follow: idempotent, and counters never go below zero. */
    async unfollow(followerId: string, followeeId: string): Promise<number | undefined> {
      return inTransaction(db, async (trx) => {
        const before = await lockPair(trx, followerId, followeeId);
        if (before === undefined) return undefined;
        const deleted = await sql`
          DELETE FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId}
          RETURNING 1`.execute(trx);
        return deleted.rows.length > 0 ? moveCounters(trx, followerId, followeeId, -1) : before;
      });
    },

    /** A page of a followers or following list, newest follow first, in one query. */
    async list({ userId, direction, viewerId, now, text, limit, after }: FollowListQuery): Promise<FollowListRow[]> {
      const [anchor, other] = direction === 'followers' ? [sql.ref('f.followee_id'), sql.ref('f.follower_id')] : [sql.ref('f.follower_id'), sql.ref('f.followee_id')];
      const result = await sql<FollowListRow>`
        SELECT u.id, u.username, u.full_name, u.avatar_key, u.is_verified, f.created_at::text AS cursor_at,
               ${followsSql(viewerId, sql.ref('u.id'))} AS is_followed_by_me
        FROM follows f
        JOIN users u ON u.id = ${other}
        WHERE ${anchor} = ${userId} AND ${personVisibleSql(viewerId, now, 'u')}
          ${text ? sql`AND ${nameMatches('u', likeSafeSearchText(text))}` : sql``}
          ${after ? sql`AND (f.created_at, ${other}) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY f.created_at DESC, ${other} DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;
