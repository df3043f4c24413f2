import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FollowListResponse } from '@wag/contract/profiles';
import { apiRequest } from '../../../lib/api-client';
import { followListKey, useViewerKey, type FollowListKind } from '../../../lib/social-cache';

/** GET /api/users/{username}/followers|following?q=&cursor=, page after page. */
export function useFollowList(username: string, kind: FollowListKind, q: string) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: followListKey(username, kind, viewer, q),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowListResponse) => last.nextCursor,
    // While a new search runs, the rows already here stay (filtered locally) instead of a spinner.
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiRequest<FollowListResponse>(
        `/api/users/${encodeURIComponent(username)}/${kind}${query ? `?${query}` : ''}`,
        { signal },
      );
    },
  });
}
