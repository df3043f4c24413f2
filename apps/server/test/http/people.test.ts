import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let viewer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await createUser(t, { username: 'buscadora' });
  const people: Array<[string, string | null, boolean]> = [
    ['jose_luis', 'José Luis Pérez', false],
    ['maria_jose', 'María José', true],
    ['pepe_joseph', null, false],
    ['ana_100', 'Ana 100% real', false],
    ['under_score', 'Guion_bajo', false],
    ['otra_persona', 'Sin relación', false],
  ];
  for (const [username, fullName, verified] of people) {
    const user = await createUser(t, { username });
    await t.db.updateTable('users').set({ full_name: fullName, is_verified: verified }).where('id', '=', user.id).execute();
  }
  await t.request({ method: 'POST', url: '/api/follow/pepe_joseph', token: viewer.token });
});
afterAll(() => t.close());

async function search(q: string, extra = '', token?: string): Promise<string[]> {
  const response = await t.request({ method: 'GET', url: `/api/users/search?q=${encodeURIComponent(q)}${extra}`, token });
  expect(response.statusCode).toBe(200);
  return (response.json() as { users: Array<{ username: string }> }).users.map((user) => user.username);
}

describe('GET /api/users/search', () => {
  it('finds by username or full name, ignoring case and accents, verified then followed first', async () => {
    expect(await search('JOSE', '', viewer.token)).toEqual(['maria_jose', 'pepe_joseph', 'jose_luis']);
    expect(await search('pérez')).toEqual(['jose_luis']);
    expect(await search('maria')).toEqual(['maria_jose']);
  });

  it('puts prefix matches before other matches when nothing else decides', async () => {
    // No prefix match for 'ose': after the verified one, more followers first.
    expect(await search('ose')).toEqual(['maria_jose', 'pepe_joseph', 'jose_luis']);
    const ordered = await search('jos');
    expect(ordered[0]).toBe('maria_jose');
    expect(ordered.indexOf('jose_luis')).toBeLessThan(ordered.indexOf('pepe_joseph'));
  });

  it('answers the shape of docs/product.md §3 and nothing private', async () => {
    const response = await t.request({ method: 'GET', url: '/api/users/search?q=maria_jose' });
    expect(response.json()).toEqual({ users: [{ id: expect.any(String), username: 'maria_jose', full_name: 'María José', avatar: null, verified: true }] });
    expect(response.body).not.toMatch(/email|birth|phone/);
  });

  it('treats wildcards and quotes as plain text', async () => {
    expect(await search('%')).toEqual(['ana_100']);
    expect(await search('_')).toEqual(expect.arrayContaining(['under_score', 'jose_luis']));
    expect(await search("o'; DROP TABLE users; --")).toEqual([]);
    expect(await search('\\')).toEqual([]);
    expect(await search('%_%')).toEqual([]);
    // Accent folding turns full-width signs into plain ones: they still match only themselves.
    expect(await search('％')).toEqual(['ana_100']);
    expect(await search('＼')).toEqual([]);
    expect(await search('100％ real')).toEqual(['ana_100']);
  });

  it('returns nobody for an empty search, 8 by default and at most 50', async () => {
    expect(await search('   ')).toEqual([]);
    for (let i = 0; i < 55; i += 1) await createUser(t, { username: `masivo_${i}` });
    expect((await search('masivo')).length).toBe(8);
    expect((await search('masivo', '&limit=20')).length).toBe(20);
    expect((await search('masivo', '&limit=500')).length).toBe(50);
    const bad = await t.request({ method: 'GET', url: '/api/users/search?q=a&limit=cero' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/wag-stars', () => {
  it('lists the featured creators in order, with whether the viewer follows them', async () => {
    const first = await createUser(t, { username: 'estrella_uno' });
    const second = await createUser(t, { username: 'estrella_dos' });
    await t.db.updateTable('users').set({ featured_rank: 2, is_verified: true }).where('id', '=', first.id).execute();
    await t.db.updateTable('users').set({ featured_rank: 1, is_verified: true }).where('id', '=', second.id).execute();
    await t.request({ method: 'POST', url: '/api/follow/estrella_uno', token: viewer.token });

    const guest = (await t.request({ method: 'GET', url: '/api/wag-stars' })).json() as { users: Array<Record<string, unknown>> };
    expect(guest.users.map((user) => user.username)).toEqual(['estrella_dos', 'estrella_uno']);
    expect(guest.users.every((user) => user.isFollowedByMe === false)).toBe(true);
    const signedIn = (await t.request({ method: 'GET', url: '/api/wag-stars', token: viewer.token })).json() as { users: Array<Record<string, unknown>> };
    expect(signedIn.users[1]).toMatchObject({ username: 'estrella_uno', isVerified: true, followers: 1, isFollowedByMe: true });
    const own = (await t.request({ method: 'GET', url: '/api/wag-stars', token: first.token })).json() as { users: Array<Record<string, unknown>> };
    expect(own.users.find((user) => user.username === 'estrella_uno')).toMatchObject({ isFollowedByMe: false });
  });

  it('leaves out everyone who is not featured, and anything private', async () => {
    await t.db.updateTable('users').set({ phone: '+34 611 222 333' }).where('username', '=', 'estrella_uno').execute();
    const response = await t.request({ method: 'GET', url: '/api/wag-stars', token: viewer.token });
    const body = response.json() as { users: Array<{ username: string }> };
    expect(body.users.map((user) => user.username)).toEqual(['estrella_dos', 'estrella_uno']);
    expect(response.body).not.toMatch(/email|birth|phone|password|611 222/);
  });
});
