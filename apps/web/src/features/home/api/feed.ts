import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedItem, FeedResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
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
    queryFn: ({ pageParam, signal }) => api('feed', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useFeed(enabled = true) {
  return useInfiniteQuery({ ...feedQuery(useViewerKey()), enabled });
}
