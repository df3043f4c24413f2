import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

it('registers, logs in and reads /api/me on a fresh database', async () => {
  const user = await createUser(t, { username: 'harness_user' });
  const me = await t.request({ method: 'GET', url: '/api/me', token: user.token });
  expect(me.statusCode).toBe(200);
  expect(me.json().user.username).toBe('harness_user');
});
