import { FEED_PAGE_SIZE, type FeedResponse } from '@wag/contract/posts';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import type { MediaGrants } from '../lib/media-grants.js';
import type { FeedRepository } from '../repositories/feed.repository.js';
import type { Viewer } from './auth.service.js';
import { toPostSummary } from './post-summary.js';

/**
 * 'Tu Feed': the posts of the people you follow and your own, newest first; a guest, or someone who
 * follows nobody yet, gets the discovery feed of recent public posts instead of an empty page.
 */
export function createFeedService({ feed, grants }: { feed: FeedRepository; grants: MediaGrants }) {
  return {
    async page(viewer: Viewer | null, cursor: string | undefined): Promise<FeedResponse> {
      const after = cursor ? decodeTimeCursor(cursor) : undefined;
      const following = viewer !== null && (await feed.followsAnyone(viewer.userId));
      const rows = following
        ? await feed.followingPage(viewer.userId, FEED_PAGE_SIZE + 1, after)
        : await feed.discoveryPage(viewer?.userId ?? null, FEED_PAGE_SIZE + 1, after);
      const page = rows.slice(0, FEED_PAGE_SIZE);
      const last = page.at(-1);
      return {
        kind: following ? 'following' : 'discovery',
        items: page.map((row) => ({ ...toPostSummary(row, row, viewer?.userId === row.user_id, grants), isLiked: row.is_liked })),
        nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
