import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType, type Navigator } from 'react-router';

/** What `Router` needs of a history: React Router's browser history, or its memory history in tests. */
export type History = ReturnType<typeof createBrowserHistory>;

export function browserHistory(): History {
  return createBrowserHistory({ v5Compat: true });
}

/** The entries reached by a navigation asked to keep the scroll where it is (`preventScrollReset`), by location key. */
const keepingScroll = new Set<string>();

/** Whether the navigation to `location` asked to keep the scroll where it is (`navigate`'s and `<Link>`'s `preventScrollReset`). */
export function keepsScroll(location: Location): boolean {
  return keepingScroll.has(location.key);
}

/**
 * React Router's `BrowserRouter` (its declarative mode), over a history given to it, that also
 * remembers which navigations asked for `preventScrollReset`: `navigate` and `<Link>` pass that option
 * on to the history, which only a data router reads; lib/scroll-restoration.ts needs it.
 */
export function HistoryRouter({ history, children }: { history: History; children: ReactNode }) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({ action: history.action, location: history.location }));
  // Set while the history makes the entry of a navigation that asked to keep the scroll.
  const keep = useRef(false);
  const navigator = useMemo<Navigator>(() => {
    const go =
      (method: 'push' | 'replace'): Navigator['push'] =>
      (to, entryState, options) => {
        keep.current = options?.preventScrollReset === true;
        try {
          history[method](to, entryState);
        } finally {
          keep.current = false;
        }
      };
    return { createHref: history.createHref, createURL: history.createURL, encodeLocation: history.encodeLocation, go: history.go, push: go('push'), replace: go('replace') };
  }, [history]);
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        if (keep.current) keepingScroll.add(location.key);
        setState({ action, location });
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
