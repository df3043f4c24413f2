import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedItem, SavedResponse } from '@wag/contract/posts';
import { apiRequest } from '../../../lib/api-client';
import { postShadows } from '../../../lib/shadows';

/** The saved list's key: saving or unsaving anywhere marks it stale (lib/post-actions). */
export const savedRoot = 'saved';

postShadows.registerPagedList({ queryKey: [savedRoot], list: 'items', idOf: (item: FeedItem) => item.id, fields: { isLiked: 'isLiked', likes: 'likes', isSaved: 'isSaved' } });

/** GET /api/saved?cursor=: the viewer's saved posts, most recently saved first. */
export function useSaved() {
  return useInfiniteQuery({
    queryKey: [savedRoot],
    initialPageParam: null as string | null,
    getNextPageParam: (last: SavedResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => apiRequest<SavedResponse>(`/api/saved${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  });
}
