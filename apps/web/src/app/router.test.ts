import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isLazyRoute, type LazyRouteComponent } from '../lib/lazy-route';
import { textsAwaited, waitsForTexts } from '../lib/lazy-screen';
import { routes } from './router';

function lazyRoutes(tree: RouteObject[]): (RouteObject & { Component: LazyRouteComponent })[] {
  return tree.flatMap((route) => [
    ...(isLazyRoute(route.Component) ? [route as RouteObject & { Component: LazyRouteComponent }] : []),
    ...lazyRoutes(route.children ?? []),
  ]);
}

describe('the router', () => {
  const all = lazyRoutes(routes);

  it('makes every lazy screen but the index wait for its part of the catalog', () => {
    const notWaiting = all.filter((route) => !waitsForTexts(route.Component.loader)).map((route) => (route.index ? 'index' : route.path));
    // The index (`/`) is a first screen: its texts are in the catalog's first part.
    expect(notWaiting).toEqual(['index']);
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((route) => waitsForTexts(route.Component.loader)).map((route) => route.path)).toEqual(
      expect.arrayContaining(['settings', 'legal/terms', 'login', 'settings/language', ':username']),
    );
  });

  it("makes only the screens a page can open on wait for the screens' part, and the others for the rest", () => {
    // The pages the server names (apps/server/src/http/web-screens.ts) besides the home; their route
    // modules are the screens' part's entries (locales/catalog-parts.test.ts).
    const screens = all.filter((route) => textsAwaited(route.Component.loader) === 'screens').map((route) => route.path);
    expect(screens.sort()).toEqual([':username', 'post/:slug', 'profile/:username', 'quicky/:slug', 'quickys']);
    const rest = all.filter((route) => textsAwaited(route.Component.loader) === 'rest');
    expect(rest.length).toBe(all.length - screens.length - 1);
  });
});
