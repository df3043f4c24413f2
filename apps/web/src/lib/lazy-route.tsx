import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type FunctionComponent } from 'react';
import { matchRoutes, useLocation, type Location, type Path, type RouteObject } from 'react-router';
import { useNavigationWaiting } from './history-router';

type State =
  | { status: 'idle' }
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'loaded'; Screen: ComponentType }
  // `shown`: the error screen has shown the failure; until then it is the answer, not asked for again.
  | { status: 'failed'; error: unknown; shown: boolean };

/** A route's screen whose module is fetched the first time the route is visited (`lazyRoute`). */
export interface LazyRouteComponent extends FunctionComponent {
  /** What fetches the screen's module, as it was given. */
  readonly loader: () => Promise<ComponentType>;
  /** Fetches the module, once (again after a failure that was shown); the promise settles either way, never rejects. */
  preload(): Promise<void>;
  /** Whether the screen renders at once: its module is there, or its failure is still to be shown. */
  readonly ready: boolean;
}

const lazyRoutes = new WeakSet<object>();

/**
 * A route's `Component` whose module loads only when the route is visited. `useShownLocation` fetches
 * it before the navigation is shown, so the screen renders synchronously: the old screen stays until
 * then (Preact has no transitions to do that with `React.lazy`). A module that fails to load (offline,
 * a chunk of an older deploy) makes the screen throw its error to the error boundary around it; the
 * next visit to the route asks for it again.
 */
export function lazyRoute(loader: () => Promise<ComponentType>): LazyRouteComponent {
  let state: State = { status: 'idle' };
  const preload = (): Promise<void> => {
    if (state.status === 'loaded' || (state.status === 'failed' && !state.shown)) return Promise.resolve();
    if (state.status === 'loading') return state.promise;
    const promise = loader().then(
      (Screen) => {
        state = { status: 'loaded', Screen };
      },
      (error: unknown) => {
        state = { status: 'failed', error, shown: false };
      },
    );
    state = { status: 'loading', promise };
    return promise;
  };
  function LazyRoute() {
    if (state.status === 'loaded') return <state.Screen />;
    if (state.status === 'failed') {
      state.shown = true;
      throw state.error;
    }
    // Only when rendered without `useShownLocation` in front: the Suspense boundary around the routes waits.
    throw preload();
  }
  Object.defineProperties(LazyRoute, {
    loader: { value: loader },
    preload: { value: preload },
    ready: { get: () => state.status === 'loaded' || (state.status === 'failed' && !state.shown) },
  });
  lazyRoutes.add(LazyRoute);
  return LazyRoute as unknown as LazyRouteComponent;
}

export function isLazyRoute(component: unknown): component is LazyRouteComponent {
  return typeof component === 'function' && lazyRoutes.has(component);
}

/** Addresses remembered per route table; past this many the table's memory starts afresh. */
const SHOWN_BY_PATH_LIMIT = 200;
const shownByPath = new WeakMap<RouteObject[], Map<string, LazyRouteComponent[]>>();

/**
 * The lazy screens an address shows, remembered per route table and path. React Router's
 * `matchRoutes` flattens and ranks the whole table and compiles every route's pattern on each call
 * (about 60 routes here): 26 ms of the first screen's render at 4x CPU slowdown, asked two
 * or three times per navigation. The table is fixed, so the answer for a path never changes.
 */
function lazyScreensAt(routes: RouteObject[], pathname: string): LazyRouteComponent[] {
  let byPath = shownByPath.get(routes);
  if (!byPath) shownByPath.set(routes, (byPath = new Map()));
  let screens = byPath.get(pathname);
  if (!screens) {
    screens = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.Component).filter(isLazyRoute);
    if (byPath.size >= SHOWN_BY_PATH_LIMIT) byPath.clear();
    byPath.set(pathname, screens);
  }
  return screens;
}

/**
 * The lazy screens `location` shows that are not loaded yet, each asked for: a promise that settles
 * once they all have (loaded or failed); null when there are none. HistoryRouter's `prepare`.
 */
export function loadsFor(routes: RouteObject[], location: Partial<Path>): Promise<unknown> | null {
  const missing = lazyScreensAt(routes, location.pathname ?? '/').filter((screen) => !screen.ready);
  return missing.length > 0 ? Promise.all(missing.map((screen) => screen.preload())) : null;
}

/**
 * The location to render the routes at: the router's, once every lazy screen it shows has loaded (or
 * failed to); until then the one shown before, still on the screen. Links and `navigate` wait for
 * those screens before they change the location (HistoryRouter's `prepare`); this covers the rest:
 * back and forward, whose address has already changed, and the first load, when `location` is null
 * until the first screen has loaded. `pending`: a navigation is under way (either kind).
 */
export function useShownLocation(routes: RouteObject[]): { location: Location | null; pending: boolean } {
  const location = useLocation();
  const navigationWaiting = useNavigationWaiting();
  // Renders again once the screens waited for have settled.
  const [, settled] = useState(0);
  const shownBefore = useRef<Location | null>(null);
  // Asked for here, while rendering (as React.lazy does), so the fetch starts with the navigation.
  const waiting = loadsFor(routes, location) !== null;
  const shown = waiting ? shownBefore.current : location;
  useLayoutEffect(() => {
    shownBefore.current = shown;
  });
  useEffect(() => {
    if (!waiting) return;
    const loads = loadsFor(routes, location);
    // Settled already, between the render that asked and this effect (a chunk fetched early, a fast
    // cache): render again now, or nothing would, and the old screen or the spinner would stay.
    if (!loads) {
      settled((count) => count + 1);
      return;
    }
    let current = true;
    void loads.then(() => {
      if (current) settled((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [routes, location, waiting]);
  return { location: shown, pending: navigationWaiting || (shown !== null && shown !== location) };
}
