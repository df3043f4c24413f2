import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const WINDOW_MS = 15 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1, loginThrottle: { windowMs: WINDOW_MS, maxPerAccount: 5, maxPerIp: 20 } });
});
afterAll(() => t.close());

function login(email: string, password: string, ip: string) {
  return t.request({ method: 'POST', url: '/api/login', payload: { email, password }, headers: { 'x-forwarded-for': ip } });
}

describe('failed-login throttling', () => {
  it('blocks an account after 5 failures, even with the right password, until the window passes', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.email, 'mala-clave', '10.0.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(user.email, user.password, '10.0.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: messages.loginThrottled });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(WINDOW_MS - 60_000);
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 4; attempt += 1) await login(user.email, 'mala-clave', '10.0.1.1');
    expect((await login(user.email, user.password, '10.0.1.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(user.email, 'mala-clave', '10.0.1.1')).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password, '10.0.1.1')).statusCode).toBe(200);
  });

  it('blocks an IP that fails across many accounts, without blocking other IPs', async () => {
    const victim = await createUser(t);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(`nadie${attempt}@example.test`, 'mala-clave', '10.0.2.1')).statusCode).toBe(401);
    }
    const fromBadIp = await login(victim.email, victim.password, '10.0.2.1');
    expect(fromBadIp.statusCode).toBe(429);
    expect(fromBadIp.json().message).toBe(messages.loginThrottled);
    expect((await login(victim.email, victim.password, '10.0.2.2')).statusCode).toBe(200);
  });
});
