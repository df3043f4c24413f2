import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FeedItem, SavedResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { postShadows } from '../../../lib/shadows';

/** The saved list's key: saving or unsaving anywhere marks it stale (lib/post-actions). */
export const savedRoot = 'saved';

postShadows.registerPagedList({ queryKey: [savedRoot], list: 'items', idOf: (item: FeedItem) => item.id, fields: { isLiked: 'isLiked', likes: 'likes', isSaved: 'isSaved' } });

/** GET /api/saved?cursor=: the viewer's saved posts, most recently saved first. */
export const savedQuery = () =>
  infiniteQueryOptions({
    queryKey: [savedRoot],
    initialPageParam: null as string | null,
    getNextPageParam: (last: SavedResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('saved', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useSaved() {
  return useInfiniteQuery(savedQuery());
}
