import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionsResponse } from '@wag/contract/account-security';
import { createUser, TEST_PASSWORD, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
});
afterAll(() => t.close());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another sign-in of the same account, from a given browser and address. */
async function signIn(user: TestUser, { userAgent, ip, password = user.password }: { userAgent?: string; ip?: string; password?: string } = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return { status: response.statusCode, token: response.statusCode === 200 ? (response.json() as { token: string }).token : '' };
}

const me = (token: string) => t.request({ method: 'GET', url: '/api/me', token });
const changePassword = (token: string, body: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/account/password', token, payload: body });
const sessions = async (token: string) => (await t.request({ method: 'GET', url: '/api/account/sessions', token })).json() as AccountSessionsResponse;

describe('changing the password', () => {
  it('needs the right current password and a new one that keeps the rules and differs', async () => {
    const user = await createUser(t);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ currentPassword: TEST_PASSWORD }, 400, 'Escribe la nueva contraseña.'],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'abc' }, 400, 'La contraseña debe tener al menos 6 caracteres.'],
      [{ currentPassword: TEST_PASSWORD, newPassword: 'con espacio' }, 400, 'La contraseña no debe contener espacios.'],
      [{ newPassword: 'nueva-clave-1' }, 400, 'Escribe tu contraseña actual para confirmar el cambio.'],
      [{ currentPassword: 'no-es-esta', newPassword: 'nueva-clave-1' }, 403, 'La contraseña actual no es correcta.'],
      [{ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 400, 'La nueva contraseña debe ser distinta de la actual.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await changePassword(user.token, body);
      expect({ body, status: response.statusCode, message: response.json().message }).toEqual({ body, status, message });
    }
    // Nothing changed: the old password still signs in.
    expect((await signIn(user)).status).toBe(200);
  });

  it('ends every other session, keeps this one, and the new password is the one that signs in', async () => {
    const user = await createUser(t);
    const other = await signIn(user, { userAgent: SAFARI_IPHONE });
    const response = await changePassword(user.token, { currentPassword: TEST_PASSWORD, newPassword: 'otra-clave-2026' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Contraseña actualizada. Cerramos tus otras sesiones.' });
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await signIn(user)).status).toBe(401);
    expect((await signIn(user, { password: 'otra-clave-2026' })).status).toBe(200);
  });

  it('counts wrong current passwords like failed logins', async () => {
    const limited = await createTestApp({ mediaWorker: false, loginThrottle: { windowMs: 15 * 60_000, maxPerAccount: 3, maxPerIp: 100 } });
    try {
      const user = await createUser(limited);
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await limited.request({ method: 'PUT', url: '/api/account/password', token: user.token, payload: { currentPassword: `mala-${i}`, newPassword: 'nueva-clave-1' } })).statusCode);
      }
      expect(statuses).toEqual([403, 403, 403, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('login activity', () => {
  it('lists the account’s sessions with device, place and which one is this, newest activity first', async () => {
    const user = await createUser(t);
    t.clock.advance(60_000);
    const phone = await signIn(user, { userAgent: SAFARI_IPHONE, ip: '83.44.1.1' });
    t.clock.advance(60_000);
    const desktop = await signIn(user, { userAgent: CHROME_WINDOWS, ip: '10.0.0.7' });
    const list = await sessions(desktop.token);
    expect(list.items.map((item) => [item.device, item.location, item.ip, item.current])).toEqual([
      ['Chrome en Windows', 'Red local', '10.0.0.7', true],
      ['Mobile Safari en iPhone', 'Madrid, España', '83.44.1.1', false],
      [expect.any(String), 'Red local', '127.0.0.1', false],
    ]);
    // Another person's list never shows these.
    const stranger = await createUser(t);
    expect((await sessions(stranger.token)).items.map((item) => item.id)).not.toContain(list.items[1]!.id);
    expect(phone.status).toBe(200);
  });

  it('ends one session (only one of mine), or all but this one', async () => {
    const user = await createUser(t);
    const second = await signIn(user, { userAgent: SAFARI_IPHONE });
    const third = await signIn(user, { userAgent: CHROME_WINDOWS });
    const list = await sessions(user.token);
    const secondId = list.items.find((item) => item.device === 'Mobile Safari en iPhone')!.id;

    // Someone else cannot end it, nor learn it exists.
    const stranger = await createUser(t);
    for (const id of [secondId, 'no-es-un-id']) {
      const response = await t.request({ method: 'DELETE', url: `/api/account/sessions/${id}`, token: stranger.token });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Sesión no encontrada.');
    }
    expect((await me(second.token)).statusCode).toBe(200);

    expect((await t.request({ method: 'DELETE', url: `/api/account/sessions/${secondId}`, token: user.token })).json()).toEqual({ success: true });
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await me(third.token)).statusCode).toBe(200);

    const fourth = await signIn(user);
    const ended = await t.request({ method: 'POST', url: '/api/account/sessions/logout-others', token: user.token });
    expect(ended.json()).toEqual({ success: true, ended: 2 });
    expect((await me(third.token)).statusCode).toBe(401);
    expect((await me(fourth.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await sessions(user.token)).items).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api/account/password', payload: {} })).statusCode).toBe(401);
  });
});
