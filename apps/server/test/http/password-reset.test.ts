import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { notAddressConfirmation, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url, mailFrom: 'WAG <no-responder@wag.test>', publicUrl: 'https://wag.example' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string) => t.request({ method: 'POST', url: '/api/password/forgot', payload: { email } });
const reset = (token: string | undefined, password: string) => t.request({ method: 'POST', url: '/api/password/reset', payload: { token, password } });
const login = (user: TestUser, password: string) => t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });

/** Sends the queued mail and answers the reset link of the last message to `to`. */
async function linkSentTo(to: string): Promise<string> {
  await t.app.services.jobs.drain();
  const mail = smtp.received.filter((message) => message.to && JSON.stringify(message.to).includes(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https:\/\/wag\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return link[1]!;
}

describe('forgotten password', () => {
  it('answers the same whether the address has an account or not, and mails a link only to an account', async () => {
    const user = await createUser(t);
    const before = smtp.received.length;
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nadie-tiene-esta@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      success: true,
      message: 'Si hay una cuenta con ese correo, te enviamos un enlace para restablecer la contraseña. Caduca en una hora.',
    });
    await t.app.services.jobs.drain();
    const sent = smtp.received.slice(before).filter(notAddressConfirmation);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Restablece tu contraseña de WAG');
    expect(sent[0]!.text).toContain(`@${user.username}`);
    // Only the token's hash is stored.
    const token = await linkSentTo(user.email);
    const stored = await t.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect((await t.request({ method: 'POST', url: '/api/password/forgot', payload: { email: 'no es un correo' } })).statusCode).toBe(400);
  });

  it('the link sets a new password once, ends every session, and the old password stops working', async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const token = await linkSentTo(user.email);
    expect((await reset(token, 'abc')).json().message).toBe('La contraseña debe tener al menos 6 caracteres.');
    const done = await reset(token, 'recuperada-2026');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Contraseña restablecida. Inicia sesión con la nueva.' });
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(401);
    expect((await login(user, user.password)).statusCode).toBe(401);
    expect((await login(user, 'recuperada-2026')).statusCode).toBe(200);
    // Single use.
    const again = await reset(token, 'otra-distinta-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('El enlace para restablecer la contraseña no es válido o ya caducó. Pide uno nuevo.');
  });

  it('a link expires after an hour, an older link dies when a newer one is used, and a made-up one never works', async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const first = await linkSentTo(user.email);
    t.clock.advance(61 * 60 * 1000);
    expect((await reset(first, 'caducada-2026')).statusCode).toBe(400);

    await forgot(user.email);
    const older = await linkSentTo(user.email);
    t.clock.advance(1000);
    await forgot(user.email);
    const newer = await linkSentTo(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'la-buena-2026')).statusCode).toBe(200);
    expect((await reset(older, 'la-mala-2026')).statusCode).toBe(400);
    expect((await reset('inventado', 'otra-clave-1')).statusCode).toBe(400);
    expect((await reset(undefined, 'otra-clave-1')).statusCode).toBe(400);
  });

  it('is limited per address asked for, the same for an address with or without an account', async () => {
    const limited = await createTestApp({ mediaWorker: false, rateLimitScale: 1 });
    try {
      const user = await createUser(limited);
      const ask = (email: string) => limited.request({ method: 'POST', url: '/api/password/forgot', payload: { email } });
      const statuses = async (email: string) => {
        const seen = [];
        for (let i = 0; i < 4; i += 1) seen.push((await ask(email)).statusCode);
        return seen;
      };
      expect(await statuses(user.email)).toEqual([200, 200, 200, 429]);
      expect(await statuses('sin-cuenta@example.test')).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
