import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { uniqueUsername } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

function validBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueUsername('reg');
  return { username, email: `${username}@example.test`, password: 'secreto123', birth_date: '1990-06-15', ...overrides };
}

async function register(body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/register', payload: body });
}

async function userCount(): Promise<number> {
  const row = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/register', () => {
  it('creates the account and answers 201 with success, message and username', async () => {
    const body = validBody();
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: messages.registered, username: body.username });
    const stored = await t.db.selectFrom('users').selectAll().where('username', '=', body.username).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(body.password);
    expect(stored.birth_date).toBe('1990-06-15');
  });

  it('trims the username and email it stores', async () => {
    const body = validBody();
    const response = await register({ ...body, username: `  ${body.username} `, email: ` ${body.email}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json().username).toBe(body.username);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['username missing', { username: undefined }, messages.usernameMissing],
    ['username blank', { username: '   ' }, messages.usernameMissing],
    ['username too short', { username: 'ab' }, messages.usernameFormat],
    ['username too long', { username: 'a'.repeat(21) }, messages.usernameFormat],
    ['username with a dot', { username: 'ana.maria' }, messages.usernameFormat],
    ['username with an accent', { username: 'josé_luis' }, messages.usernameFormat],
    ['reserved username', { username: 'settings' }, messages.usernameReserved],
    ['reserved username in capitals', { username: 'Login' }, messages.usernameReserved],
    ['reserved username of a route', { username: 'WAG' }, messages.usernameReserved],
    ['email missing', { email: undefined }, messages.emailMissing],
    ['email blank', { email: '  ' }, messages.emailMissing],
    ['email without @', { email: 'ana.example.test' }, messages.emailInvalid],
    ['email without domain dot', { email: 'ana@example' }, messages.emailInvalid],
    ['password missing', { password: undefined }, messages.passwordMissing],
    ['password empty', { password: '' }, messages.passwordMissing],
    ['password of 5 characters', { password: 'abc12' }, messages.passwordShort],
    ['password with a space', { password: 'abc 12345' }, messages.passwordWhitespace],
    ['password with a tab', { password: 'abc\t12345' }, messages.passwordWhitespace],
    ['password with ñ', { password: 'contraseña1' }, messages.passwordCharacters],
    ['password with an emoji', { password: 'clave🔥123' }, messages.passwordCharacters],
    ['birth date missing', { birth_date: undefined }, messages.birthDateMissing],
    ['birth date blank', { birth_date: ' ' }, messages.birthDateMissing],
    ['birth date not a date', { birth_date: 'ayer' }, messages.birthDateInvalid],
    ['birth date that does not exist', { birth_date: '2001-02-30' }, messages.birthDateInvalid],
    ['birth date in the future', { birth_date: '2030-01-01' }, messages.birthDateInvalid],
    ['birth date of a 17-year-old', { birth_date: '2009-01-01' }, messages.birthDateUnderage],
  ];

  it.each(cases)('refuses %s with its Spanish message and writes nothing', async (_label, change, message) => {
    const before = await userCount();
    const body: Record<string, unknown> = { ...validBody(), ...change };
    for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key];
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
    expect(await userCount()).toBe(before);
  });

  it('accepts every symbol docs/product.md §5 allows in a password', async () => {
    const response = await register(validBody({ password: `Aa1!@#$%^&*()_+-=[]{};':"\\|,.<>/?` }));
    expect(response.statusCode).toBe(201);
  });

  it('draws the 18th birthday on the exact day (clock of the server)', async () => {
    t.clock.set(new Date('2026-11-22T12:00:00Z'));
    const turnsTomorrow = await register(validBody({ birth_date: '2008-11-23' }));
    expect(turnsTomorrow.statusCode).toBe(400);
    expect(turnsTomorrow.json().message).toBe(messages.birthDateUnderage);
    const turnsToday = await register(validBody({ birth_date: '2008-11-22' }));
    expect(turnsToday.statusCode).toBe(201);
  });

  it('refuses a taken username whatever its case, and a taken email whatever its case', async () => {
    const first = validBody({ username: 'Duplicada', email: 'Duplicada@Example.test' });
    expect((await register(first)).statusCode).toBe(201);

    const sameName = await register(validBody({ username: 'dUPLICADA' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ success: false, message: messages.usernameTaken });

    const sameEmail = await register(validBody({ email: 'duplicada@EXAMPLE.TEST' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ success: false, message: messages.emailTaken });
  });

  it('answers 400 for fields of the wrong type, never 500', async () => {
    const response = await register({ username: 12345, email: ['a'], password: { x: 1 }, birth_date: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('ignores extra fields: nobody registers as verified', async () => {
    const body = validBody({ is_verified: true, isVerified: true, featured_rank: 1 });
    expect((await register(body)).statusCode).toBe(201);
    const stored = await t.db.selectFrom('users').select(['is_verified', 'featured_rank']).where('username', '=', body.username as string).executeTakeFirstOrThrow();
    expect(stored).toEqual({ is_verified: false, featured_rank: null });
  });
});
