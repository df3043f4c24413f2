import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { waitsForTexts } from '../lib/lazy-screen';
import { routes } from './router';

function lazyRoutes(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
}

describe('the router', () => {
  const all = lazyRoutes(routes);

  it('makes every lazy screen but the index wait for the rest of the catalog', () => {
    const notWaiting = all.filter((route) => !waitsForTexts(route.lazy)).map((route) => (route.index ? 'index' : route.path));
    // The index (`/`) is a first screen: its texts are in the catalog's first part.
    expect(notWaiting).toEqual(['index']);
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((route) => waitsForTexts(route.lazy)).map((route) => route.path)).toEqual(
      expect.arrayContaining(['settings', 'legal/terms', 'login', 'settings/language', ':username']),
    );
  });
});
