import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, skipGates, test } from './support';

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('a signed-in person switches to English: the whole app follows, the server keeps it, a reload stays English', async ({ page, request }, testInfo) => {
  await skipGates(page);
  await logIn(page, 'demo@wag.test', DEMO_PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.goto('/settings/language');
  await expect(page.getByRole('heading', { name: 'Idioma' })).toBeVisible();
  // Each language by its own name; the current one marked.
  await expect(page.getByTestId('language-es')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('language-fr')).toContainText('Français');
  await expect(page.getByTestId('language-de')).toContainText('Deutsch');

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/account/preferences') && response.request().method() === 'PATCH');
  await page.getByTestId('language-en').click();
  expect((await saved).ok()).toBe(true);

  // At once, without a reload: the page, the shell and <html lang>.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Back to Settings' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('language-page-en.png'), fullPage: true });

  // The server keeps the choice, and its calls now carry the language.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const preferences = await request.get('/api/account/preferences', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await preferences.json()) as { language: string }).language).toBe('en');

  const nextCall = page.waitForRequest((request) => request.url().includes('/api/'));
  await page.reload();
  expect((await nextCall).headers()['accept-language']).toBe('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Manage your account, notifications and preferences.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-en.png'), fullPage: true });

  // Back to Spanish, so the demo account is as the other tests expect it.
  await page.goto('/settings/language');
  await page.getByTestId('language-es').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Idioma' })).toBeVisible();
});

test.describe('a guest', () => {
  test.use({ locale: 'de-DE' });

  test("starts in the browser's language, and a choice on the language page stays on this browser", async ({ page }, testInfo) => {
    await skipGates(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Anmelden' }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('home-de.png'), fullPage: true });

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-de.png'), fullPage: true });

    await page.goto('/settings/language');
    await expect(page.getByRole('heading', { name: 'Sprache' })).toBeVisible();
    await page.getByTestId('language-fr').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Langue' })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Langue' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('wag.language'))).toBe('fr');
  });
});
