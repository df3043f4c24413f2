import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FeedItem, ForYouResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { postShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';

const forYouRoot = 'for-you';

postShadows.registerPagedList({ queryKey: [forYouRoot], list: 'items', idOf: (item: FeedItem) => item.id, fields: { isLiked: 'isLiked', likes: 'likes', isSaved: 'isSaved' } });

/**
 * GET /api/feed/for-you?cursor=: 'Para ti', ranked on the server. The ranking is read once per visit
 * (the cursor keeps it stable); coming back to the home later asks for a fresh one, without what was
 * seen meanwhile.
 */
export const forYouQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [forYouRoot, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: ForYouResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('forYou', { query: { cursor: pageParam ?? undefined } }, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });

export function useForYou(enabled: boolean) {
  return useInfiniteQuery({ ...forYouQuery(useViewerKey()), enabled });
}

/** Throws away the ranking read so far and reads a new first page. */
export function useRestartForYou(): () => void {
  const client = useQueryClient();
  const viewer = useViewerKey();
  return useCallback(() => void client.resetQueries({ queryKey: forYouQuery(viewer).queryKey }), [client, viewer]);
}
