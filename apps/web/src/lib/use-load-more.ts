import { useCallback } from 'react';

/** What `useLoadMore` reads of an infinite query (TanStack Query's own fields). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  errorUpdatedAt: number;
  fetchNextPage: () => Promise<unknown>;
}

/** How long after a failed page no automatic try is made. */
export const LOAD_MORE_PAUSE_MS = 5_000;

/**
 * The next page of an infinite list, asked for by something that fires often (a player nearing its
 * end, a sentinel in view). After a failed page it waits a little: a refused page asked for again
 * at every render would hammer the server while the person sees nothing change.
 */
export function useLoadMore(query: PagedQuery, now: () => number = Date.now): () => void {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, errorUpdatedAt, fetchNextPage } = query;
  return useCallback(() => {
    if (!hasNextPage || isFetchingNextPage) return;
    if (isFetchNextPageError && now() - errorUpdatedAt < LOAD_MORE_PAUSE_MS) return;
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, errorUpdatedAt, fetchNextPage, now]);
}
