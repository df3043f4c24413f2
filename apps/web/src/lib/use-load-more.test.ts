import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOAD_MORE_PAUSE_MS, useLoadMore, type PagedQuery } from './use-load-more';

function query(overrides: Partial<PagedQuery>): PagedQuery {
  return { hasNextPage: true, isFetchingNextPage: false, isFetchNextPageError: false, errorUpdatedAt: 0, fetchNextPage: vi.fn(async () => undefined), ...overrides };
}

describe('useLoadMore', () => {
  it('asks for the next page when there is one and none is on its way', () => {
    const q = query({});
    renderHook(() => useLoadMore(q)).result.current();
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('asks nothing at the end of the list or while a page is loading', () => {
    for (const q of [query({ hasNextPage: false }), query({ isFetchingNextPage: true })]) {
      renderHook(() => useLoadMore(q)).result.current();
      expect(q.fetchNextPage).not.toHaveBeenCalled();
    }
  });

  it('after a failed page waits before trying again, then tries', () => {
    const failedAt = 1_000_000;
    const q = query({ isFetchNextPageError: true, errorUpdatedAt: failedAt });
    renderHook(() => useLoadMore(q, () => failedAt + 10)).result.current();
    expect(q.fetchNextPage).not.toHaveBeenCalled();
    renderHook(() => useLoadMore(q, () => failedAt + LOAD_MORE_PAUSE_MS)).result.current();
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
