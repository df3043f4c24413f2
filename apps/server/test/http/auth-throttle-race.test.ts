import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const MAX_PER_ACCOUNT = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1, loginThrottle: { windowMs: 15 * 60 * 1000, maxPerAccount: MAX_PER_ACCOUNT, maxPerIp: 20 } });
});
afterAll(() => t.close());

describe('failed-login throttling under concurrency', () => {
  it('hands out no token once the limit is reached, however many guesses arrive at once', async () => {
    const user = await createUser(t);
    const guesses = Array.from({ length: 100 }, (_, index) => (index === 76 ? user.password : `mala-clave-${index}`));
    const answers = await Promise.all(
      guesses.map((password) =>
        t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password }, headers: { 'x-forwarded-for': '10.9.0.1' } }),
      ),
    );
    const count = (status: number) => answers.filter((answer) => answer.statusCode === status).length;
    console.log(`statuses: 200=${count(200)} 401=${count(401)} 429=${count(429)}`);
    expect(count(200)).toBe(0);
    expect(count(401)).toBeLessThanOrEqual(MAX_PER_ACCOUNT);
    expect(count(429)).toBeGreaterThanOrEqual(100 - MAX_PER_ACCOUNT);
  });
});
