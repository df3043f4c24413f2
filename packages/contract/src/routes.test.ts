import { describe, expect, it } from 'vitest';
import { pathFor, routes } from './routes.js';

describe('routes', () => {
  it('gives each method and path one name, as Fastify spells paths', () => {
    const calls = Object.values(routes).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(calls).size).toBe(calls.length);
    for (const { path } of Object.values(routes)) expect(path).toMatch(/^(\/[a-z0-9-]+|\/:[A-Za-z]+)+$/);
  });
});

describe('pathFor', () => {
  it('fills each placeholder, percent-encoded, and leaves paths without any as they are', () => {
    expect(pathFor('profile', { username: 'ana_1' })).toBe('/api/profile/ana_1');
    expect(pathFor('messages', { username: 'a/b?c' })).toBe('/api/conversations/a%2Fb%3Fc/messages');
    expect(pathFor('feed')).toBe('/api/feed');
  });

  it('refuses a missing value rather than sending the placeholder', () => {
    expect(() => pathFor('postStats', {} as { id: string })).toThrow(':id');
  });
});
