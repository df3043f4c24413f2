import type { APIRequestContext } from '@playwright/test';
import { createAccount, DEMO_PASSWORD, expect, makePng, openAs, signInAs, test, type TestAccount } from './support';

async function moderator(request: APIRequestContext): Promise<TestAccount> {
  const email = 'moderacion@demo.wag.test';
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  return { username: 'moderacion', email, password: DEMO_PASSWORD, token: ((await login.json()) as { token: string }).token };
}

test('a creator sends identity documents; a moderator sees them in the desk and approves; the creator is told', async ({ page, browser, request }) => {
  const creator = await createAccount(request, 'ident');
  await signInAs(page, creator);
  await page.goto('/settings/verification/identity');
  await expect(page.getByRole('heading', { name: 'Verificación de identidad' })).toBeVisible();
  const pictures = [await makePng(page, '#224488', 320, 200), await makePng(page, '#884422', 320, 200), await makePng(page, '#228844', 320, 200)];
  await page.getByLabel('Fecha de nacimiento').fill('1990-05-10');
  await page.getByLabel('Documento de identidad: frente').setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: pictures[0]! });
  await page.getByLabel('Documento de identidad: dorso').setInputFiles({ name: 'dorso.png', mimeType: 'image/png', buffer: pictures[1]! });
  await page.getByLabel('Selfie').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: pictures[2]! });
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByTestId('identity-pending')).toContainText('Solicitud enviada');

  const mod = await moderator(request);
  const desk = await openAs(browser, page, mod);
  await desk.goto('/moderation');
  await desk.getByRole('tab', { name: 'Identidad' }).click();
  await desk.getByTestId('identity-item').filter({ hasText: `@${creator.username}` }).click();
  for (const name of ['front', 'back', 'selfie']) {
    const image = desk.getByTestId(`identity-document-${name}`).getByRole('img');
    await expect(image).toHaveAttribute('src', /^blob:/);
    // The image really loaded (decrypted by the server, fetched with the token).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  }
  await desk.getByRole('button', { name: 'Aprobar' }).click();
  await expect(desk.getByTestId('identity-status')).toHaveText('Aprobada');

  await page.goto('/notifications');
  await expect(page.getByText('verificó tu identidad: ya puedes publicar contenido VIP.')).toBeVisible();
  await page.goto('/settings/verification/identity');
  await expect(page.getByTestId('identity-approved')).toContainText('Identidad verificada');
});
