import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../support/factories.js';
import { startTestSmtp, type TestSmtp } from '../support/smtp.js';
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

const HOUR = 60 * 60 * 1000;

async function mailsTo(to: string) {
  await t.app.services.jobs.drain();
  return smtp.received.filter((message) => JSON.stringify(message.to ?? '').toLowerCase().includes(to.toLowerCase()));
}

/** The token of the newest confirmation link mailed to `to`. */
async function confirmationLinkSentTo(to: string): Promise<string> {
  const mail = (await mailsTo(to)).filter((message) => /confirm-email/.test(message.text ?? '')).at(-1);
  if (!mail) throw new Error(`no confirmation mail to ${to}`);
  const link = /https:\/\/wag\.example\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return link[1]!;
}

const confirm = (token: string | undefined) => t.request({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
const me = async (token: string) => (await t.request({ method: 'GET', url: '/api/me', token })).json().user as { email: string; emailConfirmed: boolean };
const changeEmail = (user: TestUser, email: string, token = user.token) =>
  t.request({ method: 'PUT', url: '/api/user/personal-info', token, payload: { email, currentPassword: user.password } });
const login = (email: string, password = TEST_PASSWORD) => t.request({ method: 'POST', url: '/api/login', payload: { email, password } });

describe('the address a person registered with', () => {
  it('gets a link; the account works before, and is marked confirmed once the link is opened, once', async () => {
    const user = await createUser(t);
    expect(await me(user.token)).toMatchObject({ email: user.email, emailConfirmed: false });
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Confirma tu correo de WAG');
    expect(mail!.text).toContain(`@${user.username}`);
    const token = await confirmationLinkSentTo(user.email);
    // Only the token's hash is kept.
    const stored = await t.db.selectFrom('email_confirmations').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: messages.emailConfirmed, email: user.email });
    expect(await me(user.token)).toMatchObject({ email: user.email, emailConfirmed: true });
    // Used once; a made-up or missing token is refused the same way.
    for (const again of [token, 'no-es-un-token', undefined]) {
      const refused = await confirm(again);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message: messages.emailConfirmLinkInvalid });
    }
  });

  it('a link expires after a day; asking again sends a new one and the old one stops working', async () => {
    const user = await createUser(t);
    const first = await confirmationLinkSentTo(user.email);
    const resend = await t.request({ method: 'POST', url: '/api/account/email/resend', token: user.token });
    expect(resend.json()).toEqual({ success: true, message: messages.emailConfirmationSent });
    const second = await confirmationLinkSentTo(user.email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    t.clock.advance(24 * HOUR + 1000);
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await me(user.token)).emailConfirmed).toBe(false);
    await t.request({ method: 'POST', url: '/api/account/email/resend', token: user.token });
    expect((await confirm(await confirmationLinkSentTo(user.email))).statusCode).toBe(200);
    // Nothing left to confirm.
    const nothing = await t.request({ method: 'POST', url: '/api/account/email/resend', token: user.token });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(messages.emailAlreadyConfirmed);
    expect((await t.request({ method: 'POST', url: '/api/account/email/resend' })).statusCode).toBe(401);
  });
});

describe('the language of a new account', () => {
  it('is the one it registered in (Accept-Language), kept as its choice, and its confirmation mail is written in it', async () => {
    const username = `frances_${Date.now().toString(36)}`.slice(0, 20);
    const email = `${username}@example.test`;
    const registered = await t.request({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
      payload: { username, email, password: TEST_PASSWORD, birth_date: '1994-02-03' },
    });
    expect(registered.statusCode).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Confirme ton adresse e-mail WAG');
    const token = (await login(email)).json().token as string;
    expect((await t.request({ method: 'GET', url: '/api/account/preferences', token })).json().language).toBe('fr');
    // Without a header the account keeps Spanish, stored as nothing changed.
    const plain = await createUser(t);
    expect((await t.request({ method: 'GET', url: '/api/account/preferences', token: plain.token })).json().language).toBe('es');
  });
});

describe('a new address', () => {
  it('takes effect only when confirmed from it; the old address is told twice; other sessions then end', async () => {
    const user = await createUser(t);
    const laptop = (await login(user.email)).json().token as string;
    const phone = (await login(user.email)).json().token as string;
    const next = `nueva-${user.email}`;
    const asked = await changeEmail(user, next, phone);
    expect(asked.json()).toMatchObject({ message: messages.emailChangePending, pendingEmail: next });
    // Still the old address everywhere: signing in, the account, every session.
    expect(await me(laptop)).toMatchObject({ email: user.email });
    expect((await login(next)).statusCode).toBe(401);
    const told = (await mailsTo(user.email)).at(-1)!;
    expect(told.subject).toBe('Se pidió cambiar el correo de tu cuenta de WAG');
    expect(told.text).toContain(next);
    const mail = (await mailsTo(next)).at(-1)!;
    expect(mail.subject).toBe('Confirma tu nuevo correo de WAG');

    // The link works without a session (opened in the mail app's browser).
    const confirmed = await confirm(await confirmationLinkSentTo(next));
    expect(confirmed.json()).toEqual({ success: true, message: messages.emailConfirmed, email: next });
    expect(await me(phone)).toMatchObject({ email: next, emailConfirmed: true });
    for (const ended of [user.token, laptop]) {
      expect((await t.request({ method: 'GET', url: '/api/me', token: ended })).statusCode).toBe(401);
    }
    expect((await login(user.email)).statusCode).toBe(401);
    expect((await login(next)).statusCode).toBe(200);
    const after = (await mailsTo(user.email)).at(-1)!;
    expect(after.subject).toBe('El correo de tu cuenta de WAG ha cambiado');
    expect(after.text).toContain(next);
    const info = (await t.request({ method: 'GET', url: '/api/user/personal-info', token: phone })).json();
    expect(info).toMatchObject({ email: next, email_confirmed: true, pending_email: null });
  });

  it('a new password cancels a change still waiting (the remedy the old address is told of)', async () => {
    const user = await createUser(t);
    const next = `robada-${user.email}`;
    await changeEmail(user, next);
    const token = await confirmationLinkSentTo(next);
    const changed = await t.request({
      method: 'PUT',
      url: '/api/account/password',
      token: user.token,
      payload: { currentPassword: user.password, newPassword: 'otra-clave-segura' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await me(user.token)).toMatchObject({ email: user.email });
  });

  it('resending sends the change link again; a newer request replaces an older one', async () => {
    const user = await createUser(t);
    await changeEmail(user, `primera-${user.email}`);
    const first = await confirmationLinkSentTo(`primera-${user.email}`);
    await changeEmail(user, `segunda-${user.email}`);
    expect((await confirm(first)).statusCode).toBe(400);
    await t.request({ method: 'POST', url: '/api/account/email/resend', token: user.token });
    const links = (await mailsTo(`segunda-${user.email}`)).length;
    expect(links).toBe(2);
    expect((await confirm(await confirmationLinkSentTo(`segunda-${user.email}`))).json().email).toBe(`segunda-${user.email}`);
  });

  it('two accounts asking for the same address: the first to confirm gets it, the other is refused', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const shared = `compartida-${a.username}@example.test`;
    await changeEmail(a, shared);
    const linkA = await confirmationLinkSentTo(shared);
    await changeEmail(b, shared);
    const linkB = await confirmationLinkSentTo(shared);
    expect((await confirm(linkB)).statusCode).toBe(200);
    const late = await confirm(linkA);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.emailTaken);
    expect(await me(a.token)).toMatchObject({ email: a.email });
  });

  it('a change of case only is the same mailbox: saved at once, nothing to confirm', async () => {
    const user = await createUser(t);
    const before = (await mailsTo(user.email)).length;
    const upper = user.email.toUpperCase();
    const saved = await t.request({ method: 'PUT', url: '/api/user/personal-info', token: user.token, payload: { email: upper } });
    expect(saved.json()).toMatchObject({ success: true, message: messages.personalInfoSaved, pendingEmail: null });
    expect((await me(user.token)).email).toBe(upper);
    expect((await mailsTo(user.email)).length).toBe(before);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ mediaWorker: false, rateLimitScale: 1 });
  });
  afterAll(async () => limited.close());

  it('a session cannot send link after link to addresses of its choosing', async () => {
    const user = await createUser(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await limited.request({ method: 'PUT', url: '/api/user/personal-info', token: user.token, payload: { email: `destino-${i}@example.test`, currentPassword: user.password } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
