import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isLazyRoute, type LazyRouteComponent } from '../lib/lazy-route';
import { waitsForTexts } from '../lib/lazy-screen';
import { routes } from './router';

function lazyRoutes(tree: RouteObject[]): (RouteObject & { Component: LazyRouteComponent })[] {
  return tree.flatMap((route) => [
    ...(isLazyRoute(route.Component) ? [route as RouteObject & { Component: LazyRouteComponent }] : []),
    ...lazyRoutes(route.children ?? []),
  ]);
}

describe('the router', () => {
  const all = lazyRoutes(routes);

  it('makes every lazy screen but the index wait for the rest of the catalog', () => {
    const notWaiting = all.filter((route) => !waitsForTexts(route.Component.loader)).map((route) => (route.index ? 'index' : route.path));
    // The index (`/`) is a first screen: its texts are in the catalog's first part.
    expect(notWaiting).toEqual(['index']);
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((route) => waitsForTexts(route.Component.loader)).map((route) => route.path)).toEqual(
      expect.arrayContaining(['settings', 'legal/terms', 'login', 'settings/language', ':username']),
    );
  });
});
