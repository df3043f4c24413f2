import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { hashToken } from '../../src/lib/tokens.js';
import { createUser, TEST_PASSWORD } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

function login(email: unknown, password: unknown, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: '/api/login', payload: { email, password }, headers });
}

describe('POST /api/login', () => {
  it('answers success, message, token and username', async () => {
    const user = await createUser(t);
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, message: messages.loggedIn, token: expect.any(String), username: user.username });
    expect(body.token.length).toBeGreaterThanOrEqual(40);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const user = await createUser(t);
    const response = await login(`  ${user.email.toUpperCase()} `, user.password);
    expect(response.statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and for an unknown email', async () => {
    const user = await createUser(t);
    const wrong = await login(user.email, 'otra-clave');
    const unknown = await login('nadie@example.test', 'otra-clave');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: messages.loginWrong });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires both email and password', async () => {
    for (const [email, password] of [['', 'x'], ['a@b.cd', ''], [undefined, undefined]]) {
      const response = await login(email, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: messages.loginMissing });
    }
  });

  it('stores only a hash of the token, with device, IP, created and last-seen times', async () => {
    const user = await createUser(t);
    const response = await login(user.email, user.password, { 'user-agent': 'Prueba/1.0 (Android)' });
    const { token } = response.json();
    const sessions = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions.length).toBe(2);
    expect(sessions.some((session) => session.token_hash === token)).toBe(false);
    const session = sessions.find((row) => row.token_hash === hashToken(token));
    expect(session).toBeDefined();
    expect(session!.user_agent).toBe('Prueba/1.0 (Android)');
    expect(session!.ip).toBe('127.0.0.1');
    expect(session!.created_at).toBeInstanceOf(Date);
    expect(session!.last_seen_at).toBeInstanceOf(Date);
  });
});

describe('tokens and sessions', () => {
  it('reads the token with or without Bearer and surrounding quotes', async () => {
    const user = await createUser(t);
    for (const header of [`Bearer ${user.token}`, user.token, `"${user.token}"`, `Bearer "${user.token}"`, `bearer  ${user.token} `]) {
      const response = await t.request({ method: 'GET', url: '/api/me', headers: { authorization: header } });
      expect(response.statusCode, header).toBe(200);
      expect(response.json().user.username).toBe(user.username);
    }
  });

  it('answers 401 with a message for a missing, unknown or malformed token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Bearer ' }, { authorization: '""' }]) {
      const response = await t.request({ method: 'GET', url: '/api/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: messages.unauthorized });
    }
  });

  it('/api/me shows the account but never its password hash or birth date', async () => {
    const user = await createUser(t);
    const response = await t.request({ method: 'GET', url: '/api/me', token: user.token });
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, username: user.username, email: user.email, isVerified: false });
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('1995-04-12');
  });

  it('logout ends this session only', async () => {
    const user = await createUser(t);
    const second = (await login(user.email, TEST_PASSWORD)).json().token as string;
    const out = await t.request({ method: 'POST', url: '/api/logout', token: user.token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/logout', token: user.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/me', token: second })).statusCode).toBe(200);
  });

  it('updates last-seen at most once a minute', async () => {
    const user = await createUser(t);
    const lastSeen = async () =>
      (await t.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hashToken(user.token)).executeTakeFirstOrThrow()).last_seen_at.getTime();
    const first = await lastSeen();
    t.clock.advance(30_000);
    await t.request({ method: 'GET', url: '/api/me', token: user.token });
    expect(await lastSeen()).toBe(first);
    t.clock.advance(60_000);
    await t.request({ method: 'GET', url: '/api/me', token: user.token });
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });
});
