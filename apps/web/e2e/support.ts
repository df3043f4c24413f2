import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'wag-demo-2026';

/** Marks the consent and age gates as accepted before the app's scripts run. */
export async function skipGates(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('wag.consentAccepted', '1');
    window.localStorage.setItem('wag.ageConfirmed', '1');
  });
}

let counter = 0;
/** A username no other test uses (3–20 of [A-Za-z0-9_]). */
export function freshUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36).slice(-6)}${counter}`.slice(0, 20);
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  token: string;
}

/** Registers and logs in an account through the API, for tests that start already signed in. */
export async function createAccount(request: APIRequestContext, prefix = 'e2e'): Promise<TestAccount> {
  const username = freshUsername(prefix);
  const email = `${username}@example.test`;
  const password = 'secreto123';
  const register = await request.post('/api/register', {
    data: { username, email, password, birth_date: '1990-05-10' },
  });
  expect(register.status(), await register.text()).toBeLessThan(300);
  const login = await request.post('/api/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  const body = (await login.json()) as { token: string };
  return { username, email, password, token: body.token };
}

/** Opens the app already signed in as the given account (gates accepted). */
export async function signInAs(page: Page, account: Pick<TestAccount, 'token' | 'username'>): Promise<void> {
  await page.addInitScript(
    ({ token, username }) => {
      window.localStorage.setItem('wag.consentAccepted', '1');
      window.localStorage.setItem('wag.ageConfirmed', '1');
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('username', username);
    },
    { token: account.token, username: account.username },
  );
}
