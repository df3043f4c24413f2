import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FeedItem, ForYouResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { startEarly, takeEarly } from '../../../lib/early';
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
    queryFn: ({ pageParam, signal }) =>
      (pageParam === null ? takeEarly<ForYouResponse>(earlyKey(viewer)) : undefined) ??
      api('forYou', { query: { cursor: pageParam ?? undefined } }, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });

const earlyKey = (viewer: string) => `for-you:${viewer}`;

/** Asks for 'Para ti''s first page before the app renders (lib/early.ts): its first fetch takes it. */
export function startForYouEarly(viewer: string): Promise<ForYouResponse> {
  return startEarly(earlyKey(viewer), () => api('forYou', { query: { cursor: undefined } }));
}

export function useForYou(enabled: boolean) {
  return useInfiniteQuery({ ...forYouQuery(useViewerKey()), enabled });
}

/** Throws away the ranking read so far and reads a new first page. */
export function useRestartForYou(): () => void {
  const client = useQueryClient();
  const viewer = useViewerKey();
  return useCallback(() => void client.resetQueries({ queryKey: forYouQuery(viewer).queryKey }), [client, viewer]);
}
