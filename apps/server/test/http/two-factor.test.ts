import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
});
afterAll(() => t.close());

const post = (url: string, who: TestUser | null, payload: Record<string, unknown> = {}) => t.request({ method: 'POST', url, token: who?.token, payload });
/** The code an authenticator app shows now (the server's test clock), or `steps` periods later. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() + steps * 30_000 });

/** Turns two-factor on for a new account; answers its secret and recovery codes. */
async function withTwoFactor(): Promise<{ user: TestUser; secret: string; recoveryCodes: string[] }> {
  const user = await createUser(t);
  const setup = await post('/api/account/2fa/setup', user);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post('/api/account/2fa/enable', user, { code: codeFor(secret) });
  expect(enabled.statusCode).toBe(200);
  t.clock.advance(30_000);
  return { user, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

const login = (user: TestUser) => post('/api/login', null, { email: user.email, password: user.password });

describe('two-factor sign-in', () => {
  it('sets up with a secret, an otpauth address and a QR code, and turns on only with a right code', async () => {
    const user = await createUser(t);
    expect((await t.request({ method: 'GET', url: '/api/account/2fa', token: user.token })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await post('/api/account/2fa/enable', user, { code: '123456' })).json().message).toBe('Primero configura la verificación en dos pasos.');
    const setup = (await post('/api/account/2fa/setup', user)).json() as { secret: string; otpauthUrl: string; qrDataUrl: string };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(`otpauth://totp/WAG:${user.username}?issuer=WAG&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // The secret is kept sealed, never as given.
    const row = await t.db.selectFrom('users').select(['totp_pending_secret', 'totp_secret']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_pending_secret).not.toContain(setup.secret);
    expect(row.totp_secret).toBeNull();

    const wrong = await post('/api/account/2fa/enable', user, { code: codeFor(setup.secret, 4) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('El código no es correcto o ya se usó.');
    const enabled = await post('/api/account/2fa/enable', user, { code: codeFor(setup.secret) });
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    expect((await t.request({ method: 'GET', url: '/api/account/2fa', token: user.token })).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post('/api/account/2fa/setup', user)).statusCode).toBe(409);
  });

  it('two confirmations sent at once turn it on once: only the answered recovery codes work', async () => {
    const user = await createUser(t);
    const { secret } = (await post('/api/account/2fa/setup', user)).json() as { secret: string };
    const code = codeFor(secret);
    const answers = await Promise.all([post('/api/account/2fa/enable', user, { code }), post('/api/account/2fa/enable', user, { code })]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.statusCode)).toEqual([409]);
    const { recoveryCodes } = ok[0]!.json() as { recoveryCodes: string[] };
    const challenge = ((await login(user)).json() as { challenge: string }).challenge;
    expect((await post('/api/login/2fa', null, { challenge, recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('a login then answers a challenge and no token; the code finishes it, once', async () => {
    const { user, secret } = await withTwoFactor();
    const first = await login(user);
    expect(first.statusCode).toBe(200);
    const body = first.json() as Record<string, unknown>;
    expect(body).toEqual({
      success: false,
      twoFactorRequired: true,
      challenge: expect.any(String),
      message: 'Escribe el código de tu app de autenticación para terminar de iniciar sesión.',
    });
    expect(body).not.toHaveProperty('token');
    expect(first.cookies.map((cookie) => cookie.name)).toEqual([]);

    const code = codeFor(secret);
    const done = await post('/api/login/2fa', null, { challenge: body.challenge, code });
    expect(done.statusCode).toBe(200);
    const { token } = done.json() as { token: string };
    expect((await t.request({ method: 'GET', url: '/api/me', token })).statusCode).toBe(200);
    expect(done.cookies.map((cookie) => cookie.name).sort()).toEqual(['wag_device', 'wag_media']);

    // The challenge is used up, and the same code is not accepted again, even with a new challenge.
    expect((await post('/api/login/2fa', null, { challenge: body.challenge, code })).statusCode).toBe(401);
    const again = (await login(user)).json() as { challenge: string };
    const replay = await post('/api/login/2fa', null, { challenge: again.challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('El código no es correcto o ya se usó.');
    t.clock.advance(30_000);
    expect((await post('/api/login/2fa', null, { challenge: again.challenge, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('takes a recovery code once, and a challenge expires after five minutes', async () => {
    const { user, secret, recoveryCodes } = await withTwoFactor();
    const challenge = ((await login(user)).json() as { challenge: string }).challenge;
    const withRecovery = await post('/api/login/2fa', null, { challenge, recoveryCode: recoveryCodes[3]!.toUpperCase() });
    expect(withRecovery.statusCode).toBe(200);
    const next = ((await login(user)).json() as { challenge: string }).challenge;
    expect((await post('/api/login/2fa', null, { challenge: next, recoveryCode: recoveryCodes[3] })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/account/2fa', token: user.token })).json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const late = ((await login(user)).json() as { challenge: string }).challenge;
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await post('/api/login/2fa', null, { challenge: late, code: codeFor(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('El inicio de sesión caducó. Vuelve a escribir tu contraseña.');
    expect((await post('/api/login/2fa', null, { challenge: 'inventado', code: codeFor(secret) })).statusCode).toBe(401);
  });

  it('counts wrong codes like wrong passwords', async () => {
    const limited = await createTestApp({ mediaWorker: false, loginThrottle: { windowMs: 15 * 60_000, maxPerAccount: 3, maxPerIp: 100 } });
    try {
      const user = await createUser(limited);
      const { secret } = (await limited.request({ method: 'POST', url: '/api/account/2fa/setup', token: user.token })).json() as { secret: string };
      const now = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: limited.clock.now().getTime() });
      await limited.request({ method: 'POST', url: '/api/account/2fa/enable', token: user.token, payload: { code: now } });
      const challenge = ((await limited.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).json() as { challenge: string }).challenge;
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await limited.request({ method: 'POST', url: '/api/login/2fa', payload: { challenge, code: String(100000 + i) } })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('turns off with the password and a code; logins need no code afterwards', async () => {
    const { user, secret } = await withTwoFactor();
    expect((await post('/api/account/2fa/disable', user, { password: 'no-es', code: codeFor(secret) })).statusCode).toBe(403);
    expect((await post('/api/account/2fa/disable', user, { password: user.password, code: '000000' })).statusCode).toBe(401);
    expect((await post('/api/account/2fa/disable', user, { password: user.password, code: codeFor(secret) })).json()).toEqual({ success: true });
    const plain = await login(user);
    expect(plain.json()).toMatchObject({ success: true, token: expect.any(String) });
    expect(await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
