import { useCallback, useEffect, useRef } from 'react';

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

/**
 * A ref for the element at the end of a list: while `enabled`, `load` runs when it comes within
 * `rootMargin` of the screen. Enable it only when no page is on its way: the observer is made again
 * when that changes, so an end still in view after a short page asks for the next one too.
 */
export function useLoadWhenVisible(enabled: boolean, load: () => void, rootMargin = '600px') {
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
    }, { rootMargin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
