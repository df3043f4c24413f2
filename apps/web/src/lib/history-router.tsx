import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPath, parsePath, Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType, type Navigator, type Path } from 'react-router';
import { LINK_MARK } from './app-link';

/** What `Router` needs of a history: React Router's browser history, or its memory history in tests. */
export type History = ReturnType<typeof createBrowserHistory>;

export function browserHistory(): History {
  return createBrowserHistory({ v5Compat: true });
}

/** The entries reached by a navigation asked to keep the scroll where it is (`preventScrollReset`), by location key. */
const keepingScroll = new Set<string>();

/** Whether the navigation to `location` asked to keep the scroll where it is (`navigate`'s `preventScrollReset`). */
export function keepsScroll(location: Location): boolean {
  return keepingScroll.has(location.key);
}

const WaitingContext = createContext(false);

/** Whether a navigation (a link, `navigate`) waits for its page's code before it takes place. */
export function useNavigationWaiting(): boolean {
  return useContext(WaitingContext);
}

export interface HistoryRouterProps {
  history: History;
  /**
   * What a page needs before it is shown (its screens' modules, lib/lazy-route.tsx), asked for when
   * a link or `navigate` goes to it: the navigation takes place (address, history entry) once that
   * has settled, as with React Router's data routers; null when there is nothing to wait for.
   */
  prepare?: (to: Partial<Path>) => Promise<unknown> | null;
  children: ReactNode;
}

/**
 * React Router's `BrowserRouter` (its declarative mode) over a history given to it, whose links (lib/app-link.tsx, followed
 * by one listener for the document) and `navigate` calls first wait for what the page needs (`prepare`): a newer navigation, or back and
 * forward meanwhile, cancels a waiting one. It also remembers which navigations asked for
 * `preventScrollReset` (an option `navigate` passes on that only a data router reads):
 * lib/scroll-restoration.ts needs it.
 */
export function HistoryRouter({ history, prepare, children }: HistoryRouterProps) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({ action: history.action, location: history.location }));
  const [waiting, setWaiting] = useState(false);
  // Set while the history makes the entry of a navigation that asked to keep the scroll.
  const keep = useRef(false);
  // The latest navigation asked for: one that waits takes place only if no other came after it.
  const latest = useRef(0);
  const navigator = useMemo<Navigator>(() => {
    const go =
      (method: 'push' | 'replace'): Navigator['push'] =>
      (to, entryState, options) => {
        const attempt = ++latest.current;
        const commit = () => {
          if (attempt !== latest.current) return;
          keep.current = options?.preventScrollReset === true;
          try {
            history[method](to, entryState);
          } finally {
            keep.current = false;
          }
        };
        const ready = prepare?.(typeof to === 'string' ? parsePath(to) : to);
        if (!ready) {
          commit();
          return;
        }
        setWaiting(true);
        void ready.then(commit);
      };
    return {
      createHref: history.createHref,
      createURL: history.createURL,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: go('push'),
      replace: go('replace'),
    };
  }, [history, prepare]);
  // The app's links (lib/app-link.tsx): one listener for the document follows them all, as each
  // `<Link>`'s own handler would: a plain left click on a marked `<a>` whose handlers did not prevent
  // it; a new tab, a download or another window's target is left to the browser.
  useLayoutEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(`a[${LINK_MARK}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const href = anchor.getAttribute('href') ?? '';
      // An app address from its root, resolving to this origin: not '//host' nor '/\host', which
      // browsers read as another site's.
      if (!href.startsWith('/') || new URL(anchor.href).origin !== window.location.origin) return;
      event.preventDefault();
      const to = parsePath(href);
      // As `<Link>`: a link to the page already shown replaces its entry rather than adding a twin.
      const replace = anchor.getAttribute(LINK_MARK) === 'replace' || createPath(history.location) === createPath({ pathname: '/', search: '', hash: '', ...to });
      navigator[replace ? 'replace' : 'push'](to);
    };
    document.addEventListener('click', follow);
    return () => document.removeEventListener('click', follow);
  }, [history, navigator]);
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // A new entry, or back and forward: any navigation still waiting is dropped.
        latest.current += 1;
        if (keep.current) keepingScroll.add(location.key);
        setWaiting(false);
        setState({ action, location });
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      <WaitingContext.Provider value={waiting}>{children}</WaitingContext.Provider>
    </Router>
  );
}
