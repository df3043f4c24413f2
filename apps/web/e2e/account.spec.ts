import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, signInAs, test, type TestAccount } from './support';

async function openAs(browser: Browser, page: Page, account: Pick<TestAccount, 'token' | 'username'>): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-ES', hasTouch: true });
  const other = await context.newPage();
  await signInAs(other, account);
  return other;
}

test('changing the password ends the other session; the login activity lists and ends sessions', async ({ page, browser, request }) => {
  const ana = await createAccount(request, 'ana');
  // A second device of the same account.
  const login = await request.post('/api/login', { data: { email: ana.email, password: ana.password }, headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' } });
  const phone = { username: ana.username, token: ((await login.json()) as { token: string }).token };
  const phonePage = await openAs(browser, page, phone);
  await phonePage.goto('/settings/account/login-activity');
  await expect(phonePage.getByTestId('session-row')).toHaveCount(2);
  await expect(phonePage.getByTestId('session-row').filter({ hasText: 'Actual' })).toContainText('Mobile Safari en iPhone');

  await signInAs(page, ana);
  await page.goto('/settings/account');
  await page.getByRole('link', { name: /Contraseña y seguridad/ }).click();
  await expect(page.getByRole('heading', { name: 'Contraseña y seguridad' })).toBeVisible();
  await page.getByLabel('Contraseña actual').fill(ana.password);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('otra-clave-2026');
  await page.getByLabel('Confirmar nueva contraseña').fill('otra-clave-2027');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Las nuevas contraseñas no coinciden.')).toBeVisible();
  await page.getByLabel('Confirmar nueva contraseña').fill('otra-clave-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada. Cerramos tus otras sesiones.')).toBeVisible();

  // The phone's session is over: its next call is refused and the app signs it out.
  expect((await request.get('/api/me', { headers: { Authorization: `Bearer ${phone.token}` } })).status()).toBe(401);
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login/);

  // The new password signs in; the login activity lists both and ends the other one.
  const again = await request.post('/api/login', { data: { email: ana.email, password: 'otra-clave-2026' } });
  expect(again.status()).toBe(200);
  const third = ((await again.json()) as { token: string }).token;
  await page.goto('/settings/account/login-activity');
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await page.getByTestId('end-other-sessions').click();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByTestId('session-row')).toContainText('Actual');
  expect((await request.get('/api/me', { headers: { Authorization: `Bearer ${third}` } })).status()).toBe(401);
});
