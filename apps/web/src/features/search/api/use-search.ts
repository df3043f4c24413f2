import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@wag/contract/search';
import { apiRequest } from '../../../lib/api-client';
import { searchKey, useViewerKey } from '../../../lib/social-cache';
import { searchQueryString, type SearchParams } from '../search-params';

/**
 * GET /api/search, page after page: the server applies the text and every filter; people come
 * with the first page only.
 */
export function useSearch(search: SearchParams) {
  const viewer = useViewerKey();
  const queryString = searchQueryString(search);
  return useInfiniteQuery({
    queryKey: searchKey(viewer, queryString),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => {
      const parts = [queryString, pageParam ? `cursor=${encodeURIComponent(pageParam)}` : ''].filter(Boolean);
      return apiRequest<SearchResponse>(`/api/search${parts.length ? `?${parts.join('&')}` : ''}`, { signal });
    },
  });
}
