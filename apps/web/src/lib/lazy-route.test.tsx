import type * as ReactRouter from 'react-router';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute, loadsFor } from './lazy-route';

// React Router's matcher, counted: it flattens, ranks and compiles the whole table on every call.
const matched = vi.hoisted(() => ({ calls: 0 }));
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactRouter>();
  return {
    ...actual,
    matchRoutes: (...args: Parameters<typeof actual.matchRoutes>) => {
      matched.calls += 1;
      return actual.matchRoutes(...args);
    },
  };
});

function table() {
  const loads = { post: 0, profile: 0 };
  const Post = lazyRoute(async () => {
    loads.post += 1;
    return () => null;
  });
  const Profile = lazyRoute(async () => {
    loads.profile += 1;
    return () => null;
  });
  const routes: RouteObject[] = [
    { path: 'post/:slug', Component: Post },
    { path: ':username', Component: Profile },
  ];
  return { routes, loads };
}

beforeEach(() => {
  matched.calls = 0;
});

describe('loadsFor', () => {
  it('asks for the lazy screens an address shows, and nothing once they are there', async () => {
    const { routes, loads } = table();
    await loadsFor(routes, { pathname: '/post/una-foto' });
    expect(loads).toEqual({ post: 1, profile: 0 });
    expect(loadsFor(routes, { pathname: '/post/otra-foto' })).toBeNull();
    await loadsFor(routes, { pathname: '/valeria_rios' });
    expect(loads).toEqual({ post: 1, profile: 1 });
    expect(loadsFor(routes, { pathname: '/nada/que/ver' })).toBeNull();
  });

  it('matches each path once per route table, however often a render asks', async () => {
    const { routes } = table();
    for (let time = 0; time < 5; time += 1) await loadsFor(routes, { pathname: '/post/una-foto', search: `?v=${time}` });
    expect(matched.calls).toBe(1);
    await loadsFor(routes, { pathname: '/valeria_rios' });
    expect(matched.calls).toBe(2);
    // Another table (a test's, a later build's) is matched on its own.
    await loadsFor(table().routes, { pathname: '/post/una-foto' });
    expect(matched.calls).toBe(3);
  });
});
