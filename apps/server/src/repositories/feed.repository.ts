import { pageLimit } from './page-limit.js';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { QuickyRow } from './posts.repository.js';
import type { PostFacts } from '../access/rules.js';
import { postFactsSql, postListedSql, postOpenSql, postPublicSql } from '../access/filters.js';

export interface FeedRow extends QuickyRow {
  is_liked: boolean;
  is_saved: boolean;
}

const feedColumns = (viewerId: string | null, now: Date) => sql`
  p.id, ${postFactsSql(viewerId, now, 'p')}, p.slug, p.post_type, p.content_type, p.title, p.description,
  p.likes_count, p.views_count, p.comments_count, p.created_at, p.created_at::text AS cursor_at,
  m.width, m.height, m.duration_ms, m.image_key, m.thumb_key, m.video_key, m.poster_key, m.stream_key,
  (SELECT count(*)::int FROM post_media c WHERE c.post_id = p.id) AS media_count,
  u.username, u.full_name, u.avatar_key,
  EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewerId}::uuid) AS is_liked,
  EXISTS (SELECT 1 FROM saved_posts sp WHERE sp.post_id = p.id AND sp.user_id = ${viewerId}::uuid) AS is_saved`;

/** What 'Para ti' ranks a candidate quicky by, with the access rules' facts. */
export interface ForYouCandidateRow extends PostFacts {
  id: string;
  created_at: Date;
  likes_count: number;
  comments_count: number;
  completed_views_count: number;
  seen_at: Date | null;
}

export interface ForYouCandidateLimits {
  /** Quickys posted after this instant... */
  recentSince: Date;
  /** ...at most this many of them, newest first... */
  recentLimit: number;
  /** ...and this many of the best engaged ever. */
  topLimit: number;
  /** Left out: what the viewer had on screen after this instant. */
  seenSince: Date;
}

export interface ForYouRanking {
  id: string;
  viewer_id: string | null;
  post_ids: string[];
  expires_at: Date;
}

/** A page of the viewer's home timeline and what the feed decides with it, read in one statement. */
export interface TimelinePage {
  /** The viewer follows someone (else the feed is the discovery one). */
  followsAnyone: boolean;
  /** The viewer's timeline exists (else it is built, once). */
  built: boolean;
  /** Below this (created_at, id) the timeline holds nothing reliable: the pull query continues. Null: since the beginning. */
  horizon: { at: string; id: string } | null;
  rows: FeedRow[];
}

/** How a timeline is built on its owner's first feed read. */
export interface TimelineBuildLimits {
  /** The newest entries kept (the cap of the database's trims, migration 2026-11-27T1200). */
  cap: number;
  /** Each followed person's newest posts read at most, so a build costs the same however prolific they are. */
  perAuthor: number;
}

type TimelineHeadRow = Partial<FeedRow> & { follows_any: boolean; built: boolean; horizon_at: string | null; horizon_id: string | null };

export function createFeedRepository(db: Database) {
  return {
    /**
     * One page of the viewer's home timeline (docs/decisions/0026-home-timelines.md), newest first,
     * after the cursor and not below the horizon, through its one index, with whether the viewer
     * follows anyone and whether the timeline exists: one statement. The rows carry the access
     * rules' facts like every feed row: being in a timeline decides nothing about who may see a post.
     */
    async timelinePage(viewerId: string, now: Date, limit: number, after?: { at: string; id: string }): Promise<TimelinePage> {
      const before = after ? sql`AND (t.created_at, t.post_id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
      const result = await sql<TimelineHeadRow>`
        WITH st AS (
          SELECT horizon_at, horizon_id, built_at FROM home_timeline_states WHERE owner_id = ${viewerId}
        ), k AS (
          SELECT t.post_id FROM st, home_timelines t
          WHERE t.owner_id = ${viewerId} ${before}
            AND (st.horizon_at IS NULL OR (t.created_at, t.post_id) >= (st.horizon_at, st.horizon_id))
          ORDER BY t.created_at DESC, t.post_id DESC
          LIMIT ${pageLimit(limit)}
        )
        SELECT h.follows_any, h.built, h.horizon_at, h.horizon_id, r.*
        FROM (
          SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewerId}) AS follows_any,
                 EXISTS (SELECT 1 FROM st WHERE st.built_at IS NOT NULL) AS built,
                 (SELECT horizon_at::text FROM st) AS horizon_at, (SELECT horizon_id FROM st) AS horizon_id
        ) h
        LEFT JOIN LATERAL (
          SELECT ${feedColumns(viewerId, now)}
          FROM k
          JOIN posts p ON p.id = k.post_id
          JOIN users u ON u.id = p.user_id
          LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        ) r ON true
        ORDER BY r.created_at DESC, r.id DESC`.execute(db);
      const head = result.rows[0]!;
      return {
        followsAnyone: head.follows_any,
        built: head.built,
        horizon: head.horizon_at !== null && head.horizon_id !== null ? { at: head.horizon_at, id: head.horizon_id } : null,
        rows: result.rows.filter((row) => row.id != null).map(({ follows_any: _f, built: _b, horizon_at: _a, horizon_id: _i, ...row }) => row as FeedRow),
      };
    },

    /**
     * Builds the viewer's timeline if it does not exist yet: the newest ready posts of the people they
     * follow and their own, each person's newest `perAuthor` at most and `cap` in all, with the horizon
     * below which that is no longer complete. Three short steps, none holding a lock while it reads:
     * the state row is committed first (from then on every fan-out and follow writes to it); then the
     * exclusive lock the database's fan-outs and follows take shared is taken and let go at once, a
     * barrier that waits for those that began before the state row was visible; then the fill reads
     * everything they committed (entries they also wrote are skipped) and marks the timeline built.
     * Until then the feed reads with the pull query. A build left unfinished (a crash) is taken up
     * again by a later read after a minute; a concurrent build of the same timeline stops at the first step.
     */
    async buildTimeline(viewerId: string, limits: TimelineBuildLimits): Promise<void> {
      const claimed = await sql`
        INSERT INTO home_timeline_states AS s (owner_id) VALUES (${viewerId})
        ON CONFLICT (owner_id) DO UPDATE SET created_at = now()
          WHERE s.built_at IS NULL AND s.created_at < now() - interval '1 minute'
        RETURNING owner_id`.execute(db);
      if (claimed.rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('home-timelines'))`.execute(trx);
      });
      await db.transaction().execute(async (trx) => {
        await sql`
          WITH authors AS (
            SELECT followee_id AS id FROM follows WHERE follower_id = ${viewerId}
            UNION SELECT ${viewerId}::uuid
          ), candidates AS (
            SELECT c.id, c.created_at, c.user_id,
              count(*) OVER (PARTITION BY c.user_id) AS read,
              row_number() OVER (PARTITION BY c.user_id ORDER BY c.created_at DESC, c.id DESC) AS position
            FROM authors a
            CROSS JOIN LATERAL (
              SELECT q.id, q.created_at, q.user_id FROM posts q
              WHERE q.user_id = a.id AND q.status = 'ready'
              ORDER BY q.created_at DESC, q.id DESC
              LIMIT ${limits.perAuthor}
            ) c
          ), horizon AS (
            -- The oldest post read of anyone who has more, and the cap-th newest of all: the later of them.
            SELECT created_at, id FROM (
              SELECT created_at, id FROM candidates WHERE read = ${limits.perAuthor} AND position = ${limits.perAuthor}
              UNION ALL
              (SELECT created_at, id FROM candidates ORDER BY created_at DESC, id DESC OFFSET ${limits.cap - 1} LIMIT 1)
            ) x
            ORDER BY created_at DESC, id DESC LIMIT 1
          ), raised AS (
            UPDATE home_timeline_states s SET horizon_at = h.created_at, horizon_id = h.id
            FROM horizon h WHERE s.owner_id = ${viewerId}
          )
          INSERT INTO home_timelines (owner_id, created_at, post_id, author_id)
          SELECT ${viewerId}, c.created_at, c.id, c.user_id FROM candidates c
          WHERE NOT EXISTS (SELECT 1 FROM horizon h WHERE (c.created_at, c.id) < (h.created_at, h.id))
          ON CONFLICT DO NOTHING`.execute(trx);
        await sql`UPDATE home_timeline_states SET built_at = now() WHERE owner_id = ${viewerId}`.execute(trx);
      });
    },

    /**
     * A page of the viewer's feed: the newest ready posts of everyone they follow and their own. Each
     * followed person contributes at most one page of candidates through the (user_id, created_at)
     * index alone, so the cost stays bounded however many people are followed or however long ago
     * they posted. One query. The rows carry what the access rules need: the service drops what the
     * viewer may not see, and pages on the rows read, so a dropped row never ends the feed early.
     * `below`: only posts older than that too (the horizon of a home timeline, where this continues it).
     */
    async followingPage(viewerId: string, now: Date, limit: number, after?: { at: string; id: string }, below?: { at: string; id: string }): Promise<FeedRow[]> {
      const before = sql`${after ? sql`AND (q.created_at, q.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ${below ? sql`AND (q.created_at, q.id) < (${below.at}::timestamptz, ${below.id}::uuid)` : sql``}`;
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

    /**
     * The candidates of 'Para ti': open, ready quickys of others the viewer has not seen lately, the
     * newest of the last days and the best engaged ever (the engagement index), each source capped,
     * so one bounded query whatever the size of the catalogue.
     */
    async forYouCandidates(viewerId: string | null, now: Date, limits: ForYouCandidateLimits): Promise<ForYouCandidateRow[]> {
      const eligible = sql`q.post_type = 'quicky' AND q.status = 'ready' AND q.user_id IS DISTINCT FROM ${viewerId}::uuid
        AND ${postOpenSql(viewerId, now, 'q')}
        AND NOT EXISTS (SELECT 1 FROM post_views sv WHERE sv.post_id = q.id AND sv.viewer_id = ${viewerId}::uuid AND sv.last_viewed_at > ${limits.seenSince})`;
      const result = await sql<ForYouCandidateRow>`
        WITH recent AS (
          SELECT q.id FROM posts q
          WHERE ${eligible} AND q.created_at > ${limits.recentSince}
          ORDER BY q.created_at DESC, q.id DESC
          LIMIT ${limits.recentLimit}
        ), top AS (
          SELECT q.id FROM posts q
          WHERE ${eligible}
          ORDER BY (q.likes_count + 3 * q.comments_count + 2 * q.completed_views_count) DESC, q.id
          LIMIT ${limits.topLimit}
        )
        SELECT p.id, ${postFactsSql(viewerId, now, 'p')}, p.created_at, p.likes_count, p.comments_count,
               p.completed_views_count, pv.last_viewed_at AS seen_at
        FROM (SELECT id FROM recent UNION SELECT id FROM top) k
        JOIN posts p ON p.id = k.id
        LEFT JOIN post_views pv ON pv.post_id = p.id AND pv.viewer_id = ${viewerId}::uuid`.execute(db);
      return result.rows;
    },

    /** The feed rows of the given posts (any order), those the access rules still open to the viewer. */
    async forYouItems(viewerId: string | null, now: Date, ids: readonly string[]): Promise<FeedRow[]> {
      if (ids.length === 0) return [];
      const result = await sql<FeedRow>`
        SELECT ${feedColumns(viewerId, now)}
        FROM posts p
        JOIN users u ON u.id = p.user_id
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE p.id = ANY(${[...ids]}::uuid[]) AND ${postOpenSql(viewerId, now, 'p')}`.execute(db);
      return result.rows;
    },

    /**
     * Keeps a ranking; in the same write, drops the expired ones and all but the newest few of this
     * viewer's, so the table holds only what someone may still be scrolling.
     */
    async saveRanking(ranking: ForYouRanking, at: Date, keepPerViewer: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`DELETE FROM for_you_rankings WHERE expires_at <= ${at}`.execute(trx);
        if (ranking.viewer_id !== null) {
          await sql`
            DELETE FROM for_you_rankings WHERE viewer_id = ${ranking.viewer_id} AND id NOT IN (
              SELECT id FROM for_you_rankings WHERE viewer_id = ${ranking.viewer_id}
              ORDER BY created_at DESC, id DESC LIMIT ${keepPerViewer - 1})`.execute(trx);
        }
        await sql`
          INSERT INTO for_you_rankings (id, viewer_id, post_ids, created_at, expires_at)
          VALUES (${ranking.id}, ${ranking.viewer_id}, ${ranking.post_ids}::uuid[], ${at}, ${ranking.expires_at})`.execute(trx);
      });
    },

    /** A ranking by id, if it has not expired at `now`. */
    async findRanking(id: string, now: Date): Promise<ForYouRanking | undefined> {
      const result = await sql<ForYouRanking>`
        SELECT id, viewer_id, to_json(post_ids) AS post_ids, expires_at FROM for_you_rankings
        WHERE id = ${id} AND expires_at > ${now}`.execute(db);
      return result.rows[0];
    },

    /** The newest guests' ranking made after `since` and not expired at `now`, to share. */
    async recentGuestRanking(since: Date, now: Date): Promise<ForYouRanking | undefined> {
      const result = await sql<ForYouRanking>`
        SELECT id, viewer_id, to_json(post_ids) AS post_ids, expires_at FROM for_you_rankings
        WHERE viewer_id IS NULL AND created_at > ${since} AND expires_at > ${now}
        ORDER BY created_at DESC, id DESC LIMIT 1`.execute(db);
      return result.rows[0];
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
