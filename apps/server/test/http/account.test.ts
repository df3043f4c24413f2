import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('PUT /api/user/profile-details', () => {
  it('saves a trimmed name and bio, and shows them on the profile', async () => {
    const user = await createUser(t);
    const response = await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { fullName: '  Ana Ruiz ', bio: '\n Viajes y playas. ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.profileSaved, user: { fullName: 'Ana Ruiz', bio: 'Viajes y playas.' } });
    const profile = (await t.request({ method: 'GET', url: `/api/profile/${user.username}` })).json();
    expect(profile.user).toMatchObject({ fullName: 'Ana Ruiz', bio: 'Viajes y playas.' });
  });

  it('clears a field sent empty and leaves a field not sent', async () => {
    const user = await createUser(t);
    await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { fullName: 'Nombre', bio: 'Bio' } });
    const response = await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { bio: '   ' } });
    expect(response.json().user).toEqual({ fullName: 'Nombre', bio: null });
  });

  it('enforces 80 and 300 characters after trimming', async () => {
    const user = await createUser(t);
    const okay = await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { fullName: ` ${'n'.repeat(80)} `, bio: 'b'.repeat(300) } });
    expect(okay.statusCode).toBe(200);
    const longName = await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { fullName: 'n'.repeat(81) } });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toEqual({ success: false, message: messages.fullNameTooLong });
    const longBio = await t.request({ method: 'PUT', url: '/api/user/profile-details', token: user.token, payload: { bio: 'b'.repeat(301) } });
    expect(longBio.json()).toEqual({ success: false, message: messages.bioTooLong });
  });

  it('ignores every other field: nobody verifies or features themselves', async () => {
    const user = await createUser(t);
    await t.request({
      method: 'PUT',
      url: '/api/user/profile-details',
      token: user.token,
      payload: { fullName: 'Yo', isVerified: true, is_verified: true, featured_rank: 1, username: 'otro_nombre', role: 'admin' },
    });
    const row = await t.db.selectFrom('users').select(['username', 'is_verified', 'featured_rank']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: user.username, is_verified: false, featured_rank: null });
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'PUT', url: '/api/user/profile-details', payload: { fullName: 'x' } })).statusCode).toBe(401);
  });
});

describe('personal information', () => {
  it('shows the owner their own data', async () => {
    const user = await createUser(t, { birthDate: '1991-03-04' });
    const response = await t.request({ method: 'GET', url: '/api/user/personal-info', token: user.token });
    expect(response.json()).toEqual({
      success: true,
      full_name: null,
      username: user.username,
      email: user.email,
      email_confirmed: false,
      pending_email: null,
      phone: null,
      birth_date: '1991-03-04',
    });
    expect((await t.request({ method: 'GET', url: '/api/user/personal-info' })).statusCode).toBe(401);
  });

  it('renames at once: the new name answers everywhere and the old one is gone', async () => {
    const user = await createUser(t, { username: 'nombre_viejo' });
    const fan = await createUser(t);
    await t.request({ method: 'POST', url: '/api/follow/nombre_viejo', token: fan.token });
    const response = await t.request({
      method: 'PUT',
      url: '/user/personal-info',
      token: user.token,
      payload: { fullName: ' Nueva Persona ', username: 'Nombre_Nuevo', email: user.email, phone: ' +34 612 345 678 ', dob: '1995-04-12' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.personalInfoSaved, username: 'Nombre_Nuevo', pendingEmail: null });

    expect((await t.request({ method: 'GET', url: '/api/profile/nombre_viejo' })).statusCode).toBe(404);
    const profile = await t.request({ method: 'GET', url: '/api/profile/nombre_nuevo' });
    expect(profile.json().user).toMatchObject({ username: 'Nombre_Nuevo', fullName: 'Nueva Persona' });
    const following = (await t.request({ method: 'GET', url: `/api/users/${fan.username}/following` })).json();
    expect(following.users[0].username).toBe('Nombre_Nuevo');
    const found = (await t.request({ method: 'GET', url: '/api/users/search?q=nombre_n' })).json();
    expect(found.users.map((row: { username: string }) => row.username)).toEqual(['Nombre_Nuevo']);
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).json().user.username).toBe('Nombre_Nuevo');
    const info = (await t.request({ method: 'GET', url: '/api/user/personal-info', token: user.token })).json();
    expect(info).toMatchObject({ phone: '+34 612 345 678', birth_date: '1995-04-12', full_name: 'Nueva Persona' });
  });

  it('lets the owner change only the case of their own name', async () => {
    const user = await createUser(t, { username: 'mayusculas' });
    const response = await t.request({ method: 'PUT', url: '/user/personal-info', token: user.token, payload: { username: 'MAYUSCULAS' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe('MAYUSCULAS');
  });

  it('refuses taken names and emails (any case), reserved names, another birth date and bad phones', async () => {
    const taken = await createUser(t, { username: 'ocupado', email: 'ocupado@example.test' });
    const user = await createUser(t);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ username: 'OCUPADO' }, 409, messages.usernameTaken],
      [{ email: 'Ocupado@Example.TEST', currentPassword: TEST_PASSWORD }, 409, messages.emailTaken],
      [{ username: 'settings' }, 400, messages.usernameReserved],
      [{ username: 'no vale' }, 400, messages.usernameFormat],
      [{ email: 'sin-arroba' }, 400, messages.emailInvalid],
      [{ dob: '1990-01-02' }, 400, messages.birthDateFixed],
      [{ dob: '2001-02-30' }, 400, messages.birthDateFixed],
      [{ phone: 'llámame' }, 400, messages.phoneInvalid],
      [{ fullName: 'x'.repeat(81) }, 400, messages.fullNameTooLong],
    ];
    for (const [payload, status, message] of cases) {
      const response = await t.request({ method: 'PUT', url: '/user/personal-info', token: user.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    }
    const row = await t.db.selectFrom('users').select(['username', 'email']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: user.username, email: user.email });
    expect(taken.username).toBe('ocupado');
  });

  describe('a new email', () => {
    const put = (user: TestUser, payload: object, token = user.token) => t.request({ method: 'PUT', url: '/user/personal-info', token, payload });
    const emailOf = async (user: TestUser) =>
      (await t.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email;
    const signIn = async (user: TestUser) =>
      (await t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).json().token as string;

    it('needs the current password', async () => {
      const user = await createUser(t);
      const missing = await put(user, { email: `nuevo-${user.email}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ success: false, message: messages.currentPasswordRequired });
      const wrong = await put(user, { email: `nuevo-${user.email}`, currentPassword: 'otra-clave' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ success: false, message: messages.currentPasswordWrong });
      expect(await emailOf(user)).toBe(user.email);

      const asked = await put(user, { email: `nuevo-${user.email}`, currentPassword: user.password });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toMatchObject({ pendingEmail: `nuevo-${user.email}` });
      // Not the account's address until confirmed from the link (test/http/email-confirmation.test.ts).
      expect(await emailOf(user)).toBe(user.email);
      const info = (await t.request({ method: 'GET', url: '/api/user/personal-info', token: user.token })).json();
      expect(info).toMatchObject({ email: user.email, pending_email: `nuevo-${user.email}` });
    });

    it('is not needed to save the rest: the same email needs no password and ends no session', async () => {
      const user = await createUser(t);
      const other = await signIn(user);
      expect((await put(user, { fullName: 'Sin Cambio De Correo', email: user.email, dob: '1995-04-12' })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/me', token: other })).statusCode).toBe(200);
    });

    it('limits wrong current passwords like failed logins', async () => {
      const user = await createUser(t);
      for (let attempt = 0; attempt < t.config.loginThrottle.maxPerAccount; attempt += 1) {
        expect((await put(user, { email: `x-${user.email}`, currentPassword: 'adivinando' })).statusCode).toBe(403);
      }
      const limited = await put(user, { email: `x-${user.email}`, currentPassword: user.password });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, message: messages.passwordChecksThrottled });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await emailOf(user)).toBe(user.email);
    });
  });

  it('keeps the birth date of the registration: the same date is accepted, another refused', async () => {
    const user = await createUser(t, { birthDate: '1992-07-08' });
    for (const dob of ['1992-07-08', '1992-07-08T00:00:00.000Z']) {
      expect((await t.request({ method: 'PUT', url: '/user/personal-info', token: user.token, payload: { dob, fullName: 'Fecha Igual' } })).statusCode).toBe(200);
    }
    const changed = await t.request({ method: 'PUT', url: '/api/user/personal-info', token: user.token, payload: { dob: '1992-07-09', fullName: 'Otra Fecha' } });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ success: false, message: messages.birthDateFixed });
    const info = (await t.request({ method: 'GET', url: '/api/user/personal-info', token: user.token })).json();
    expect(info).toMatchObject({ birth_date: '1992-07-08', full_name: 'Fecha Igual' });
  });

  it('is served without the /api prefix for PUT only; GET of that path is the web app', async () => {
    const page = await t.request({ method: 'GET', url: '/user/personal-info' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('GET /api/username/check/{username}', () => {
  it('ignores case, refuses reserved and malformed names, and counts the own name as free', async () => {
    const user = await createUser(t, { username: 'Comprobado' });
    const check = async (name: string, token?: string) => (await t.request({ method: 'GET', url: `/api/username/check/${encodeURIComponent(name)}`, token })).json();
    expect(await check('comprobado')).toEqual({ available: false, message: messages.usernameTaken });
    expect(await check('COMPROBADO', user.token)).toEqual({ available: true, message: null });
    expect(await check('libre_del_todo')).toEqual({ available: true, message: null });
    expect(await check('Login')).toEqual({ available: false, message: messages.usernameReserved });
    expect(await check('a b')).toEqual({ available: false, message: messages.usernameFormat });
  });
});
