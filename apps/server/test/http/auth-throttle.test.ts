import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { hashToken } from '../../src/lib/tokens.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '../../src/lib/trusted-devices.js';
import { createUser, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_PER_ACCOUNT = 5;
let t: TestApp;
beforeAll(async () => {
  // One proxy hop: the address in X-Forwarded-For is the client, as a reverse proxy would write it.
  t = await createTestApp({ trustProxy: 1, loginThrottle: { windowMs: WINDOW_MS, maxPerAccount: MAX_PER_ACCOUNT, maxPerIp: 20 } });
});
afterAll(() => t.close());

function login(email: string, password: string, ip: string, deviceCookie?: string) {
  return t.request({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip, ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${encodeURIComponent(deviceCookie)}` } : {}) },
  });
}

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`no ${DEVICE_COOKIE} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie.value;
}

/** Five wrong passwords from strangers' addresses: the account is locked for anyone else. */
async function lockOut(user: TestUser, strangerIp: string) {
  for (let attempt = 0; attempt < MAX_PER_ACCOUNT; attempt += 1) {
    expect((await login(user.email, 'mala-clave', strangerIp)).statusCode).toBe(401);
  }
  expect((await login(user.email, user.password, `${strangerIp}9`)).statusCode).toBe(429);
}

describe('failed-login throttling', () => {
  it('blocks an account after 5 failures, even with the right password, until the window passes', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.email, 'mala-clave', '10.0.0.1')).statusCode).toBe(401);
    }
    // From another unknown address, without a device cookie: still locked (the protection).
    const blocked = await login(user.email, user.password, '10.0.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: messages.loginThrottled });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(WINDOW_MS - 60_000);
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(429);
    t.clock.advance(61_000);
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('a right password costs nothing, and afterwards its address keeps its own counter', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 4; attempt += 1) await login(user.email, 'mala-clave', '10.0.1.1');
    expect((await login(user.email, user.password, '10.0.1.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(user.email, 'mala-clave', '10.0.1.1')).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password, '10.0.1.1')).statusCode).toBe(200);
    // Strangers still face the account-wide counter, where the first four failures stay.
    expect((await login(user.email, 'mala-clave', '10.0.1.2')).statusCode).toBe(401);
    expect((await login(user.email, user.password, '10.0.1.3')).statusCode).toBe(429);
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

  it('hands out no token once the limit is reached, however many guesses arrive at once', async () => {
    const user = await createUser(t);
    // The right password is the 77th of 100 simultaneous guesses from one address.
    const guesses = Array.from({ length: 100 }, (_, index) => (index === 76 ? user.password : `mala-clave-${index}`));
    const answers = await Promise.all(guesses.map((password) => login(user.email, password, '10.0.3.1')));
    const count = (status: number) => answers.filter((answer) => answer.statusCode === status).length;
    expect({ 200: count(200), 401: count(401), 429: count(429) }).toEqual({ 200: 0, 401: MAX_PER_ACCOUNT, 429: 100 - MAX_PER_ACCOUNT });
    expect((await login(user.email, user.password, '10.0.3.1')).statusCode).toBe(429);
  });
});

describe('the owner is not locked out by strangers', () => {
  it('sets an HttpOnly, SameSite=Lax device cookie for the login path, Secure over TLS', async () => {
    const user = await createUser(t);
    const plain = await login(user.email, user.password, '10.1.0.1');
    const cookie = plain.cookies.find((item) => item.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Lax', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
    expect(cookie?.secure).toBeFalsy();
    expect(plain.json()).not.toHaveProperty('deviceCookie');

    const overTls = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '10.1.0.1', 'x-forwarded-proto': 'https' },
    });
    expect(overTls.cookies.find((item) => item.name === DEVICE_COOKIE)?.secure).toBe(true);
  });

  it('lets the owner in from a device that signed in before, while the account is locked for strangers', async () => {
    const owner = await createUser(t);
    const device = deviceCookieOf(await login(owner.email, owner.password, '10.1.1.1'));
    await lockOut(owner, '10.1.1.2');
    // A new address (a phone on mobile data), the device cookie: judged by the device's own counter.
    const fromDevice = await login(owner.email, owner.password, '10.1.1.3', device);
    expect(fromDevice.statusCode).toBe(200);
    // The cookie is renewed for the same device.
    expect(deviceCookieOf(fromDevice).split('.')[2]).toBe(device.split('.')[2]);
    expect((await login(owner.email, owner.password, '10.1.1.4')).statusCode).toBe(429);
  });

  it('lets the owner in from an address they signed in from before', async () => {
    const owner = await createUser(t);
    expect((await login(owner.email, owner.password, '10.1.2.1')).statusCode).toBe(200);
    await lockOut(owner, '10.1.2.2');
    expect((await login(owner.email, owner.password, '10.1.2.1')).statusCode).toBe(200);
    // That address has its own counter for the account: five failures there lock it too.
    for (let attempt = 0; attempt < MAX_PER_ACCOUNT; attempt += 1) {
      expect((await login(owner.email, 'mala-clave', '10.1.2.1')).statusCode).toBe(401);
    }
    expect((await login(owner.email, owner.password, '10.1.2.1')).statusCode).toBe(429);
  });

  it("strangers' failures neither use up the device's counter nor lock it through their address", async () => {
    const owner = await createUser(t);
    const device = deviceCookieOf(await login(owner.email, owner.password, '10.1.3.1'));
    await lockOut(owner, '10.1.3.2');
    // The stranger's address is now locked as well (20 failures across accounts).
    for (let attempt = 0; attempt < 15; attempt += 1) await login(`otro${attempt}@example.test`, 'mala-clave', '10.1.3.2');
    expect((await login(owner.email, owner.password, '10.1.3.2')).statusCode).toBe(429);

    // From that same address, the owner's device still has all five tries of its own.
    for (let attempt = 0; attempt < MAX_PER_ACCOUNT - 1; attempt += 1) {
      expect((await login(owner.email, 'me-equivoque', '10.1.3.2', device)).statusCode).toBe(401);
    }
    expect((await login(owner.email, owner.password, '10.1.3.2', device)).statusCode).toBe(200);
    // ...and its own limit holds for whoever holds the cookie.
    for (let attempt = 0; attempt < MAX_PER_ACCOUNT; attempt += 1) await login(owner.email, 'me-equivoque', '10.1.3.5', device);
    expect((await login(owner.email, owner.password, '10.1.3.5', device)).statusCode).toBe(429);
  });

  it('ignores a forged, expired or other account’s device cookie', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const ownDevice = deviceCookieOf(await login(owner.email, owner.password, '10.1.4.1'));
    const otherDevice = deviceCookieOf(await login(other.email, other.password, '10.1.4.1'));

    // Forged: another device id under the owner's signature, or a made-up signature.
    const [format, account, , expires] = ownDevice.split('.');
    const signature = ownDevice.slice(ownDevice.lastIndexOf('.') + 1);
    const forged = [`${format}.${account}.otro-dispositivo.${expires}.${signature}`, `${format}.${account}.x.${expires}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`];

    await lockOut(owner, '10.1.4.2');
    for (const cookie of [...forged, otherDevice]) {
      expect((await login(owner.email, owner.password, '10.1.4.3', cookie)).statusCode, cookie).toBe(429);
    }
    expect((await login(owner.email, owner.password, '10.1.4.3', ownDevice)).statusCode).toBe(200);

    // A year later the cookie has expired: a lockout then holds for it too.
    t.clock.advance(DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 + 60_000);
    await lockOut(owner, '10.1.4.5');
    expect((await login(owner.email, owner.password, '10.1.4.6', ownDevice)).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY with one hop', () => {
  it('takes the address the proxy appended, not one the client wrote', async () => {
    const user = await createUser(t);
    const response = await login(user.email, user.password, '1.2.3.4, 5.6.7.8');
    const session = await t.db.selectFrom('sessions').select('ip').where('token_hash', '=', hashToken(response.json().token)).executeTakeFirstOrThrow();
    expect(session.ip).toBe('5.6.7.8');
  });
});
