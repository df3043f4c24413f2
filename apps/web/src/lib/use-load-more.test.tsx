import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOAD_MORE_PAUSE_MS, useLoadMore, useLoadWhenVisible, type PagedQuery } from './use-load-more';

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

describe('useLoadWhenVisible', () => {
  /** jsdom has no IntersectionObserver: a minimal one that the test drives by hand. */
  class FakeObserver {
    static made: FakeObserver[] = [];
    observed: Element[] = [];
    disconnected = false;
    constructor(
      readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void,
      readonly options: { rootMargin?: string },
    ) {
      FakeObserver.made.push(this);
    }
    observe(element: Element) {
      this.observed.push(element);
    }
    disconnect() {
      this.disconnected = true;
    }
  }

  function List({ enabled, load }: { enabled: boolean; load: () => void }) {
    const ref = useLoadWhenVisible(enabled, load, '300px');
    return <div ref={ref} data-testid="end" />;
  }

  it('loads when the end of the list comes near the screen, only while enabled', () => {
    FakeObserver.made = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const load = vi.fn();
    const view = render(<List enabled load={load} />);
    const observer = FakeObserver.made[0]!;
    expect(observer.options.rootMargin).toBe('300px');
    expect(observer.observed).toEqual([screen.getByTestId('end')]);
    observer.callback([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    observer.callback([{ isIntersecting: true }]);
    expect(load).toHaveBeenCalledTimes(1);

    // A page on its way: no observer; enabled again, a new one (an end still in view asks again).
    view.rerender(<List enabled={false} load={load} />);
    expect(observer.disconnected).toBe(true);
    expect(FakeObserver.made).toHaveLength(1);
    view.rerender(<List enabled load={load} />);
    expect(FakeObserver.made).toHaveLength(2);
    vi.unstubAllGlobals();
  });
});
