import type { TestApp } from './test-app.js';

let sequence = 0;

/** A username no other test in this file has used: `<prefix><n>`, within the 3–20 character rule. */
export function uniqueUsername(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}${sequence}`.slice(0, 20);
}

export interface TestUserInput {
  username?: string;
  email?: string;
  password?: string;
  birthDate?: string;
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  /** The media cookie of the session (`wag_media=…`), as a browser would send it to /media. */
  mediaCookie: string;
}

export const TEST_PASSWORD = 'clave-segura-2026';

/** Registers and logs in a user through the real API calls; returns the user and a session token. */
export async function createUser(t: TestApp, input: TestUserInput = {}): Promise<TestUser> {
  const username = input.username ?? uniqueUsername();
  const email = input.email ?? `${username.toLowerCase()}@example.test`;
  const password = input.password ?? TEST_PASSWORD;
  const register = await t.request({
    method: 'POST',
    url: '/api/register',
    payload: {
      username,
      email,
      password,
      birth_date: input.birthDate ?? '1995-04-12',
    },
  });
  if (register.statusCode !== 201) throw new Error(`register ${username}: ${register.statusCode} ${register.body}`);
  const login = await t.request({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const { token } = login.json() as { token: string };
  const me = await t.request({ method: 'GET', url: '/api/me', token });
  const { user } = me.json() as { user: { id: string } };
  return { id: user.id, username, email, password, token, mediaCookie: mediaCookieOf(login) };
}

/** The `name=value` of the media cookie a response sets (empty when it sets none). */
export function mediaCookieOf(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((item) => item.name === 'wag_media');
  return cookie ? `${cookie.name}=${cookie.value}` : '';
}
