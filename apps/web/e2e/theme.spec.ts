import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, expect, skipGates, test, type TestAccount } from './support';

const DARK_BG = 'rgb(10, 10, 15)';
const LIGHT_BG = 'rgb(246, 244, 248)';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function signInThroughForm(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('light theme: applied at once, painted from the first frame after a reload, and kept on the account', async ({ page, browser, request }) => {
  const ana = await createAccount(request, 'tema');
  await skipGates(page);
  await signInThroughForm(page, ana);

  await page.goto('/settings/appearance');
  await expect(page.getByTestId('appearance-theme-value')).toHaveText('Oscuro');
  expect(await bodyBackground(page)).toBe(DARK_BG);
  await page.getByTestId('appearance-theme-link').click();
  await expect(page.getByRole('heading', { name: 'Tema' })).toBeVisible();

  // The same document before and after: the page changes without a reload.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId('theme-option-light').click();
  await expect(page.getByRole('radio', { name: /Claro/ })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BG);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#f6f4f8');
  await page.screenshot({ path: test.info().outputPath('theme-light.png') });

  // Saved on the server.
  await expect
    .poll(async () => {
      const response = await request.get('/api/account/preferences', { headers: { Authorization: `Bearer ${ana.token}` } });
      return ((await response.json()) as { theme: string }).theme;
    })
    .toBe('light');

  // The first paint after a reload is light: what the page holds when <body> starts, before any
  // script of the app has run, and again with the app's scripts refused altogether.
  await page.addInitScript(() => {
    const record = window as unknown as { firstTheme?: string };
    new MutationObserver((_changes, observer) => {
      if (document.body) {
        record.firstTheme = document.documentElement.dataset.theme;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('light');
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await bodyBackground(page)).toBe(LIGHT_BG);
  await page.screenshot({ path: test.info().outputPath('first-paint-light.png') });
  await page.unroute('**/assets/*.js');

  // Another browser knows nothing of this one's storage: signing in brings the account's theme.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-ES' });
  const other = await context.newPage();
  await skipGates(other);
  await signInThroughForm(other, ana);
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await other.evaluate(() => localStorage.getItem('wag.theme'))).toBe('light');
  await other.goto('/settings/appearance');
  await expect(other.getByTestId('appearance-theme-value')).toHaveText('Claro');
  await other.screenshot({ path: test.info().outputPath('fresh-context-light.png') });
  await context.close();
});

test("system theme follows the device's light and dark mode live", async ({ page }) => {
  await skipGates(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/settings/appearance/theme');
  await page.getByTestId('theme-option-system').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // A guest's choice lives in this browser only.
  expect(await page.evaluate(() => localStorage.getItem('wag.theme'))).toBe('system');
});

test('the about page shows the version and the bundled licences; a guest reads the privacy policy', async ({ page, browser }) => {
  const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  await skipGates(page);
  await page.goto('/settings/about');
  await expect(page.getByTestId('about-version')).toHaveText(version);
  await expect(page.getByTestId('about-support')).toHaveAttribute('href', 'mailto:soporte@wag.app');
  await page.getByRole('link', { name: /Licencias de código abierto/ }).click();
  const list = page.getByTestId('licenses-list');
  // The UI runtime the bundle ships (Preact, under React's API: docs/decisions/0031-preact.md).
  await expect(list.getByText('preact', { exact: true })).toBeVisible();
  await expect(list.locator('li').first()).toContainText('MIT');
  await page.getByText('Ver licencia').first().click();
  await expect(list.getByText(/Permission is hereby granted/).first()).toBeVisible();

  // A first visit, gates not accepted: the policy is readable, and the gate comes back elsewhere.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-ES' });
  const guest = await context.newPage();
  await guest.goto('/legal/privacy');
  await expect(guest.getByRole('heading', { name: 'Política de privacidad', level: 1 })).toBeVisible();
  await expect(guest.getByText('Agencia Española de Protección de Datos', { exact: false })).toBeVisible();
  await expect(guest.getByTestId('consent-gate')).toHaveCount(0);
  await guest.getByTestId('footer').getByRole('link', { name: 'Cookies' }).click();
  await expect(guest.getByRole('heading', { name: 'Política de cookies', level: 1 })).toBeVisible();
  await expect(guest.getByText(/wag_media/)).toBeVisible();
  await guest.goto('/');
  await expect(guest.getByTestId('consent-gate')).toBeVisible();
  await context.close();
});
