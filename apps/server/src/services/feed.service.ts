import { FEED_PAGE_SIZE, type FeedItem, type FeedResponse, type SavedResponse } from '@wag/contract/posts';
import { isListed } from '../access/rules.js';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import type { FeedRepository, FeedRow } from '../repositories/feed.repository.js';
import type { Viewer } from './auth.service.js';
import { postAccess } from './posts.service.js';
import { toPostSummary } from './post-summary.js';

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

  return {
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

    async page(viewer: Viewer | null, cursor: string | undefined): Promise<FeedResponse> {
      const after = cursor ? decodeTimeCursor(cursor) : undefined;
      const following = viewer !== null && (await feed.followsAnyone(viewer.userId));
      const rows = following
        ? await feed.followingPage(viewer.userId, clock.now(), FEED_PAGE_SIZE + 1, after)
        : await feed.discoveryPage(viewer?.userId ?? null, clock.now(), FEED_PAGE_SIZE + 1, after);
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
