import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, DEMO_PASSWORD, expect, makePng, openAs, signInAs, test, type TestAccount } from './support';

async function post(request: APIRequestContext, page: Page, author: TestAccount, description: string): Promise<string> {
  await page.goto('/login');
  const png = await makePng(page, '#7a2244');
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${author.token}` },
    multipart: { media: { name: 'foto.png', mimeType: 'image/png', buffer: png }, description },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { slug: string }).slug;
}

async function moderator(request: APIRequestContext): Promise<TestAccount> {
  const email = 'moderacion@demo.wag.test';
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  return { username: 'moderacion', email, password: DEMO_PASSWORD, token: ((await login.json()) as { token: string }).token };
}

test('block from a profile: confirmed, then neither sees the other; unblocked from the blocked list', async ({ page, request }) => {
  const ana = await createAccount(request, 'ana');
  const bea = await createAccount(request, 'bea');
  await signInAs(page, ana);
  await page.goto(`/${bea.username}`);
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('block-user').click();
  await expect(page).toHaveURL(new RegExp(`/block-user/${bea.username}$`));
  await expect(page.getByRole('heading', { name: `¿Bloquear a @${bea.username}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar Bloqueo' }).click();
  await expect(page.getByRole('heading', { name: 'Usuario Bloqueado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desbloquear Usuario' })).toBeVisible();

  // Mutual invisibility: her profile is not found for Ana, and Ana's for her.
  await page.goto(`/${bea.username}`);
  await expect(page.getByText('Usuario no encontrado.')).toBeVisible();
  expect((await request.get(`/api/profile/${ana.username}`, { headers: { Authorization: `Bearer ${bea.token}` } })).status()).toBe(404);

  await page.goto('/settings/privacy-security');
  await page.getByRole('link', { name: /Usuarios bloqueados/ }).click();
  const row = page.getByTestId('blocked-user').filter({ hasText: bea.username });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('No has bloqueado a nadie.')).toBeVisible();
  await page.goto(`/${bea.username}`);
  await expect(page.getByTestId('profile-page')).toBeVisible();
});

test('block from a chat: the blocker keeps the history read-only, the blocked person loses it', async ({ page, browser, request }) => {
  const ana = await createAccount(request, 'ana');
  const bea = await createAccount(request, 'bea');
  const sent = await request.post(`/api/conversations/${ana.username}/messages`, { headers: { Authorization: `Bearer ${bea.token}` }, data: { text: 'Deja de ignorarme' } });
  expect(sent.ok()).toBe(true);
  await signInAs(page, ana);
  await page.goto(`/messages?to=${bea.username}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Deja de ignorarme' })).toBeVisible();
  await page.getByTestId('chat-menu').click();
  await page.getByRole('menuitem', { name: 'Bloquear' }).click();
  await page.getByRole('button', { name: 'Confirmar Bloqueo' }).click();
  await expect(page.getByRole('heading', { name: 'Usuario Bloqueado' })).toBeVisible();

  await page.goto(`/messages?to=${bea.username}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Deja de ignorarme' })).toBeVisible();
  await expect(page.getByTestId('chat-blocked')).toBeVisible();
  await expect(page.getByTestId('message-input')).toHaveCount(0);
  // The message can still be reported from the history.
  await page.getByTestId('report-message').click();
  await expect(page).toHaveURL(/\/report\/message\//);

  const beaPage = await openAs(browser, page, bea);
  await beaPage.goto('/messages');
  await expect(beaPage.getByText('Aún no tienes conversaciones.', { exact: false })).toBeVisible();
});

test('a reported post leaves the reporter’s views; a moderator takes it down; the reporter hears the outcome and the owner appeals', async ({ page, browser, request }) => {
  const owner = await createAccount(request, 'autor');
  const reporter = await createAccount(request, 'rep');
  const slug = await post(request, page, owner, 'Sígueme y gana dinero fácil');

  await signInAs(page, reporter);
  await page.goto(`/post/${slug}`);
  await page.getByTestId('post-menu').click();
  await page.getByTestId('report-post').click();
  await expect(page.getByRole('heading', { name: 'Reportar publicación' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Elige un motivo para el reporte.');
  await page.getByLabel('Motivo').selectOption({ label: 'Spam o fraude' });
  await page.getByLabel('Detalles (opcional)').fill('Promete dinero a cambio de enlaces');
  await page.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page.getByRole('heading', { name: 'Reporte Enviado' })).toBeVisible();
  await expect(page.getByText('Gracias por tu reporte. Lo revisaremos lo antes posible.')).toBeVisible();
  await page.goto(`/post/${slug}`);
  await expect(page.getByRole('heading', { name: 'Post no encontrado' })).toBeVisible();
  await page.goto('/settings/privacy-security/my-reports');
  await expect(page.getByTestId('my-report').first()).toContainText('Abierto');

  // A plain account has no desk.
  await page.goto('/moderation');
  await expect(page.getByTestId('moderation-forbidden')).toBeVisible();

  const mod = await moderator(request);
  const desk = await openAs(browser, page, mod);
  await desk.goto('/moderation');
  const item = desk.getByTestId('queue-item').filter({ hasText: `@${owner.username}` });
  await expect(item).toContainText('Spam o fraude');
  await item.click();
  await expect(desk.getByTestId('subject-report')).toContainText(`@${reporter.username}`);
  await expect(desk.getByTestId('action-takedown')).toBeDisabled();
  await desk.getByTestId('action-reason').fill('Spam: promete dinero a cambio de enlaces');
  await desk.getByTestId('action-takedown').click();
  await desk.getByTestId('confirm-action').getByRole('button', { name: 'Confirmar' }).click();
  await expect(desk.getByTestId('subject-status')).toHaveText('Cerrado');
  await expect(desk.getByTestId('subject-event').last()).toContainText('Retirado');

  // The reporter: a notification with the outcome, and "Mis reportes" says what was decided.
  await page.goto('/notifications');
  await expect(page.getByText('Revisamos tu reporte y retiramos el contenido.', { exact: false })).toBeVisible();
  await page.goto('/settings/privacy-security/my-reports');
  await expect(page.getByTestId('my-report').first()).toContainText('Resuelto');
  await expect(page.getByTestId('my-report').first()).toContainText('Contenido retirado');

  // The owner: the decision with its reason, appealed once.
  const ownerPage = await openAs(browser, page, owner);
  await ownerPage.goto(`/post/${slug}`);
  await expect(ownerPage.getByTestId('moderation-notice')).toContainText('Retirado por moderación');
  await expect(ownerPage.getByTestId('moderation-notice')).toContainText('Spam: promete dinero a cambio de enlaces');
  await ownerPage.goto(`/${owner.username}`);
  await expect(ownerPage.getByTestId('tile-moderated')).toHaveText('Retirado');
  await ownerPage.goto(`/post/${slug}`);
  await ownerPage.getByRole('link', { name: 'Ver la decisión y apelar' }).click();
  await expect(ownerPage).toHaveURL(/\/settings\/privacy-security\/moderation-decisions$/);
  const decision = ownerPage.getByTestId('moderation-decision').first();
  await expect(decision).toContainText('Contenido retirado');
  await expect(decision).toContainText('Spam: promete dinero a cambio de enlaces');
  await decision.getByRole('button', { name: 'Apelar' }).click();
  await ownerPage.getByLabel('Tu apelación').fill('Es una promoción real de mi tienda');
  await ownerPage.getByRole('button', { name: 'Enviar apelación' }).click();
  await expect(decision).toContainText('Apelación enviada: la estamos revisando.');

  await desk.goto('/moderation?status=escalated');
  await expect(desk.getByTestId('queue-item').filter({ hasText: `@${owner.username}` })).toContainText('Apelación pendiente');
});
