import { FEED_PAGE_SIZE, type FeedItem, type FeedResponse, type ForYouResponse, type SavedResponse } from '@wag/contract/posts';
import { randomUUID } from 'node:crypto';
import { isListed, isOpen } from '../access/rules.js';
import type { Clock } from '../lib/clock.js';
import { decodeCursor, decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { isUuid } from '../lib/uuid.js';
import type { FeedRepository, FeedRow, ForYouRanking } from '../repositories/feed.repository.js';
import type { Viewer } from './auth.service.js';
import { rankForYou, SEEN_WINDOW_MS } from './for-you-ranking.js';
import { postAccess } from './posts.service.js';
import { toPostSummary } from './post-summary.js';

const DAY_MS = 86_400_000;

/** How 'Para ti' gathers and keeps its rankings (docs/decisions/0023-for-you.md). */
export const FOR_YOU = {
  /** Candidates: the quickys of the last two weeks, newest first, at most 300... */
  recentDays: 14,
  recentLimit: 300,
  /** ...and the 100 best engaged ever. */
  topLimit: 100,
  /** A ranking stays readable this long after its first page: a long session of scrolling. */
  rankingTtlMs: 2 * 3_600_000,
  /** Guests share the newest guests' ranking made within this time (none of them has a history). */
  guestShareMs: 5 * 60_000,
  /** A viewer's rankings kept at most (several tabs), older ones dropped when a new one is made. */
  keepPerViewer: 5,
} as const;

/**
 * How home timelines are built on their owner's first feed read. `cap` is the number of entries the
 * database keeps per timeline (migration 2026-11-27T1200-home-timelines: CAP), far past page 50.
 */
export const HOME_TIMELINE = { cap: 1500, perAuthor: 200 } as const;

/**
 * 'Tu Feed': the posts of the people you follow and your own, newest first; a guest, or someone who
 * follows nobody yet, gets the discovery feed of recent public posts instead of an empty page.
 */
export function createFeedService({ feed, clock }: { feed: FeedRepository; clock: Clock }) {
  const toItem = (row: FeedRow, viewer: Viewer | null): FeedItem => ({
    ...toPostSummary(row, row, postAccess(row, viewer)),
    isLiked: row.is_liked,
    isSaved: row.is_saved,
  });

  /** The ranking named by a 'Para ti' cursor and the position to read from, if it is the viewer's. */
  async function rankingOf(cursor: string, viewer: Viewer | null, now: Date): Promise<{ ranking: ForYouRanking; offset: number }> {
    const [id, position] = decodeCursor(cursor, 2) as [string, string];
    if (!isUuid(id) || !/^\d{1,4}$/.test(position)) throw new ValidationError(messages.badCursor);
    const ranking = await feed.findRanking(id, now);
    // Expired, unknown or another person's: the same answer, so a cursor tells nothing of others.
    if (!ranking || ranking.viewer_id !== (viewer?.userId ?? null)) throw new ValidationError(messages.forYouExpired);
    return { ranking, offset: Number(position) };
  }

  /** A new ranking for the viewer (or a guests' one shared for a few minutes), kept for its pages. */
  async function newRanking(viewer: Viewer | null, now: Date): Promise<ForYouRanking> {
    if (!viewer) {
      const shared = await feed.recentGuestRanking(new Date(now.getTime() - FOR_YOU.guestShareMs), now);
      if (shared) return shared;
    }
    const rows = await feed.forYouCandidates(viewer?.userId ?? null, now, {
      recentSince: new Date(now.getTime() - FOR_YOU.recentDays * DAY_MS),
      recentLimit: FOR_YOU.recentLimit,
      topLimit: FOR_YOU.topLimit,
      seenSince: new Date(now.getTime() - SEEN_WINDOW_MS),
    });
    const ids = rankForYou(
      rows
        .filter((row) => row.user_id !== viewer?.userId && isOpen(postAccess(row, viewer)))
        .map((row) => ({
          id: row.id,
          authorId: row.user_id,
          createdAt: new Date(row.created_at),
          likes: row.likes_count,
          comments: row.comments_count,
          completedViews: row.completed_views_count,
          followed: row.viewer_follows,
          seenAt: row.seen_at === null ? null : new Date(row.seen_at),
        })),
      now,
    );
    const ranking: ForYouRanking = { id: randomUUID(), viewer_id: viewer?.userId ?? null, post_ids: ids, expires_at: new Date(now.getTime() + FOR_YOU.rankingTtlMs) };
    if (ids.length > 0) await feed.saveRanking(ranking, now, FOR_YOU.keepPerViewer);
    return ranking;
  }

  return {
    /**
     * 'Para ti': quickys ranked for the viewer. The first page fixes the ranking; the cursor names it
     * and a position in it, so later pages neither repeat nor skip whatever changes meanwhile. Each
     * page is read afresh through the access rules: what became hidden since is left out (a page may
     * then be shorter), counts and likes are today's.
     */
    async forYou(viewer: Viewer | null, cursor: string | undefined): Promise<ForYouResponse> {
      const now = clock.now();
      const { ranking, offset } = cursor ? await rankingOf(cursor, viewer, now) : { ranking: await newRanking(viewer, now), offset: 0 };
      const ids = ranking.post_ids.slice(offset, offset + FEED_PAGE_SIZE);
      const rows = new Map((await feed.forYouItems(viewer?.userId ?? null, now, ids)).map((row) => [row.id, row]));
      const items = ids.flatMap((id) => {
        const row = rows.get(id);
        return row && isOpen(postAccess(row, viewer)) ? [toItem(row, viewer)] : [];
      });
      const next = offset + FEED_PAGE_SIZE;
      return { items, nextCursor: next < ranking.post_ids.length ? encodeCursor([ranking.id, String(next)]) : null };
    },

    /** The viewer's saved posts, most recently saved first; posts they may no longer see are left out. */
    async saved(viewer: Viewer, cursor: string | undefined): Promise<SavedResponse> {
      const rows = await feed.savedPage(viewer.userId, clock.now(), FEED_PAGE_SIZE + 1, cursor ? decodeTimeCursor(cursor) : undefined);
      const page = rows.slice(0, FEED_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) => toItem(row, viewer)),
        nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor([last.saved_cursor, last.id]) : null,
      };
    },

    /**
     * 'Tu Feed' from the viewer's home timeline (docs/decisions/0026-home-timelines.md): one statement
     * on every read but the first, which builds the timeline. Past the timeline's horizon (its cap)
     * the pull query continues with the same cursor, so nothing a person could scroll to disappears.
     * The rows are judged by the access rules here, as on every feed; pages go on the rows read.
     */
    async page(viewer: Viewer | null, cursor: string | undefined): Promise<FeedResponse> {
      const after = cursor ? decodeTimeCursor(cursor) : undefined;
      const now = clock.now();
      const limit = FEED_PAGE_SIZE + 1;
      let rows: FeedRow[] = [];
      let following = false;
      if (viewer) {
        let timeline = await feed.timelinePage(viewer.userId, now, limit, after);
        following = timeline.followsAnyone;
        if (following && !timeline.built) {
          await feed.buildTimeline(viewer.userId, HOME_TIMELINE);
          timeline = await feed.timelinePage(viewer.userId, now, limit, after);
        }
        // Another request's build still running: the pull query, until the timeline is complete.
        rows = following && !timeline.built ? await feed.followingPage(viewer.userId, now, limit, after) : timeline.rows;
        if (following && timeline.built && rows.length < limit && timeline.horizon) {
          rows = rows.concat(await feed.followingPage(viewer.userId, now, limit - rows.length, after, timeline.horizon));
        }
      }
      if (!following) rows = await feed.discoveryPage(viewer?.userId ?? null, now, limit, after);
      const page = rows.slice(0, FEED_PAGE_SIZE);
      const last = page.at(-1);
      return {
        kind: following ? 'following' : 'discovery',
        items: page.filter((row) => isListed(postAccess(row, viewer))).map((row) => toItem(row, viewer)),
        nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
