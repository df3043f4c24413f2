import { DEMO_PASSWORD, expect, signInAs, skipGates, test } from './support';

// React Router runs in its declarative mode (docs/decisions/0037-declarative-router.md): the app
// itself keeps the page left on the screen while the next one's code loads (lib/lazy-route.tsx) and
// restores the scroll position per history entry (lib/scroll-restoration.ts).

test("a navigation keeps the page it leaves, with the progress bar, until the next screen's code has arrived", async ({ page }) => {
  await skipGates(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/language-page-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/settings');
  const settings = page.getByTestId('settings-page');
  await expect(settings).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await settings.getByRole('link', { name: /Idioma/ }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  // The address changes with the screen, as it did with React Router's data router.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(settings).toBeVisible();
  await expect(page.locator('main .spinner')).toHaveCount(0);

  release();
  await expect(page.getByTestId('language-page')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/language$/);
  await expect(settings).toBeHidden();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('back restores the scroll position of the page, a new page starts at the top', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: 'demo@wag.test', password: DEMO_PASSWORD } });
  const account = (await login.json()) as { token: string; username: string };
  await signInAs(page, account);
  await page.goto('/');
  await expect(page.getByTestId('home-feed')).toBeVisible();
  // The feed grows as its cards arrive: scroll once the page is long enough.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 700));
    expect(await page.evaluate(() => window.scrollY)).toBe(700);
  }).toPass({ timeout: 15_000 });

  await page.getByRole('link', { name: `Tu perfil: @${account.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${account.username}$`));
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-feed')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);

  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/${account.username}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
