import type { Page } from '@playwright/test';
import { createAccount, expect, signInAs, test } from './support';

/** A WAG Star of the demo world the new fan is not subscribed to (the demo account is, to valeria_rios). */
const STAR = 'camila_ortega';

async function openVipTab(page: Page, username: string): Promise<void> {
  await page.goto(`/${username}`);
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByRole('tab', { name: 'VIP' }).click();
}

async function payWith(page: Page, card: string): Promise<void> {
  const sheet = page.getByTestId('payment-sheet');
  await expect(sheet.getByText('Modo de prueba', { exact: false })).toBeVisible();
  await sheet.getByLabel('Número de tarjeta').fill(card);
  await sheet.getByLabel('Vencimiento (MM/AA)').fill('12/30');
  await sheet.getByLabel('CVV').fill('123');
  await sheet.getByRole('checkbox').check();
  await sheet.getByRole('button', { name: /^Pagar/ }).click();
}

test('a fan subscribes with the test card and the VIP tab unlocks at once', async ({ page, request }) => {
  const fan = await createAccount(request, 'fan');
  await signInAs(page, fan);
  await openVipTab(page, STAR);
  await expect(page.getByTestId('vip-locked')).toBeVisible();
  await expect(page.getByTestId('vip-price')).toContainText('12,99');
  // Locked items are covers without media.
  await expect(page.getByTestId('vip-cover').first()).toBeVisible();
  await expect(page.locator('[data-testid="vip-locked"] img')).toHaveCount(0);

  await page.getByTestId('vip-subscribe').click();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText(`¡Listo! Ya eres suscriptor VIP de @${STAR}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Ver contenido VIP' }).click();

  await expect(page.getByTestId('vip-subscribed')).toBeVisible();
  await expect(page.getByTestId('vip-standing')).toContainText('Suscrito');
  // The VIP posts are there with their pictures, served to this fan.
  const picture = page.locator('[data-testid="vip-subscribed"] img').first();
  await expect(picture).toBeVisible();
  const source = await picture.getAttribute('src');
  expect(source).toMatch(/^\/media\//);
  expect((await page.request.get(source!)).status()).toBe(200);

  // 'Mis suscripciones' lists it with the card's last four.
  await page.goto('/settings/subscriptions');
  await expect(page.getByText('Visa terminada en 4242')).toBeVisible();
});

test('a declined card says so and unlocks nothing', async ({ page, request }) => {
  const fan = await createAccount(request, 'rech');
  await signInAs(page, fan);
  await openVipTab(page, STAR);
  await page.getByTestId('vip-subscribe').click();
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByTestId('payment-sheet').getByText('Tu tarjeta fue rechazada.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('vip-locked')).toBeVisible();
  const vip = await request.get(`/api/users/${STAR}/vip`, { headers: { Authorization: `Bearer ${fan.token}` } });
  expect(((await vip.json()) as { isSubscribed: boolean }).isSubscribed).toBe(false);
});
