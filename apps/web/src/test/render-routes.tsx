import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useRoutes, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { AppScreens, prepareScreens, routes as appRoutes } from '../app/router';
import { HistoryRouter, type HistoryRouterProps } from '../lib/history-router';

type Entry = string | { pathname: string; state?: unknown };

/** `children` under the app's providers and router (its declarative mode) over a history in memory at `initialEntries`. */
function renderRouted(children: ReactNode, initialEntries: Entry[], prepare?: HistoryRouterProps['prepare']) {
  const history = createMemoryHistory({ initialEntries, v5Compat: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <Providers queryClient={queryClient}>
      <HistoryRouter history={history} prepare={prepare}>
        {children}
      </HistoryRouter>
    </Providers>,
  );
  return { history, queryClient, ...view };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders routes in memory with the app's providers; returns the history to inspect the location and the entries. */
export function renderRoutes(routes: RouteObject[], initialEntries: Entry[] = ['/']) {
  return renderRouted(<Routes routes={routes} />, initialEntries);
}

/** The app's screens (app/router.tsx: the shell, lazy screens, the error screen) at `initialEntries`, as app.tsx routes them. */
export function renderApp(initialEntries: Entry[] = ['/'], routes: RouteObject[] = appRoutes) {
  return renderRouted(<AppScreens routes={routes} />, initialEntries, (to) => prepareScreens(to, routes));
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
