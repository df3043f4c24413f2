import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedItem, FeedResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { startEarly, takeEarly } from '../../../lib/early';
import { postShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';

const feedRoot = 'feed';

postShadows.registerPagedList({ queryKey: [feedRoot], list: 'items', idOf: (item: FeedItem) => item.id, fields: { isLiked: 'isLiked', likes: 'likes', isSaved: 'isSaved' } });

/** GET /api/feed?cursor=: 'Tu Feed' (or the discovery feed), page after page. */
export const feedQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [feedRoot, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      (pageParam === null ? takeEarly<FeedResponse>(earlyKey(viewer)) : undefined) ??
      api('feed', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

const earlyKey = (viewer: string) => `feed:${viewer}`;

/** Asks for the feed's first page before the app renders (lib/early.ts): its first fetch takes it. */
export function startFeedEarly(viewer: string): Promise<FeedResponse> {
  return startEarly(earlyKey(viewer), () => api('feed', { query: { cursor: undefined } }));
}

export function useFeed(enabled = true) {
  return useInfiniteQuery({ ...feedQuery(useViewerKey()), enabled });
}
