import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { createAccount, expect, openAs, signInAs, skipGates, test } from './support';

/**
 * The tokens of the links to `linkPage` (reset-password, confirm-email) mailed to `email`, once there
 * are at least `count`. Without SMTP_URL the server writes each mail to DATA_DIR/outbox as an .eml
 * file: the links are read there. Mails are sent by background jobs, so their order is not promised.
 */
async function linksMailedTo(email: string, linkPage: string, count = 1): Promise<string[]> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const pattern = new RegExp(`${linkPage}\\?token=([A-Za-z0-9_-]+)`);
  let tokens: string[] = [];
  await expect
    .poll(() => {
      // The .eml body is quoted-printable: soft line breaks and '=' written as '=3D'.
      // Only whole messages: the server writes each as `.eml.tmp` and then renames it.
      const files = existsSync(outbox)
        ? readdirSync(outbox)
            .filter((name) => name.endsWith('.eml'))
            .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
        : [];
      tokens = files.filter((text) => text.includes(email)).flatMap((text) => pattern.exec(text)?.[1] ?? []);
      return tokens.length;
    })
    .toBeGreaterThanOrEqual(count);
  return tokens;
}

const linkMailedTo = async (email: string, linkPage: string) => (await linksMailedTo(email, linkPage))[0]!;

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

test('likes turned off on the notifications page: a like lights nothing live, a comment still does', async ({ page, request }) => {
  const owner = await createAccount(request, 'dueno');
  const fan = await createAccount(request, 'fan');
  await page.goto('/login');
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 320;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#3366aa';
    context.fillRect(0, 0, 320, 320);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const created = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${owner.token}` },
    multipart: { media: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from(png) }, description: 'Mi foto' },
  });
  const { slug } = (await created.json()) as { slug: string };
  const post = (await (await request.get(`/api/posts/slug/${slug}`)).json()) as { post: { id: string } };

  await signInAs(page, owner);
  await page.goto('/settings/notifications');
  await page.getByRole('link', { name: /Notificaciones push/ }).click();
  const likes = page.getByRole('switch', { name: /^Me gusta/ });
  await expect(likes).toBeChecked();
  await likes.click();
  await expect(likes).not.toBeChecked();
  // Saved on the server, not only on this screen.
  await expect
    .poll(async () => ((await (await request.get('/api/account/preferences', { headers: { Authorization: `Bearer ${owner.token}` } })).json()) as { notifications: { likes: boolean } }).notifications.likes)
    .toBe(false);
  await page.reload();
  await expect(page.getByRole('switch', { name: /^Me gusta/ })).not.toBeChecked();

  await page.goto('/');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  expect((await request.post(`/api/posts/${post.post.id}/like`, { headers: { Authorization: `Bearer ${fan.token}` } })).ok()).toBe(true);
  const comment = await request.post(`/api/posts/${post.post.id}/comments`, { headers: { Authorization: `Bearer ${fan.token}` }, data: { text: 'Preciosa' } });
  expect(comment.status()).toBe(201);
  // Only the comment arrives.
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await expect(page.getByTestId('notification').first()).toContainText('coment');
});

test('a forgotten password: the link from the mail sets a new one, and only the new one signs in', async ({ page, request }) => {
  const ana = await createAccount(request, 'olvido');
  await skipGates(page);
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Correo electrónico').fill(ana.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('Si hay una cuenta con ese correo');

  const token = await linkMailedTo(ana.email, 'reset-password');

  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('recuperada-2026');
  await page.getByLabel('Confirmar nueva contraseña').fill('recuperada-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Contraseña restablecida. Inicia sesión con la nueva.')).toBeVisible();
  expect((await request.post('/api/login', { data: { email: ana.email, password: ana.password } })).status()).toBe(401);
  await page.getByLabel('Correo electrónico').fill(ana.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('recuperada-2026');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('two-factor: turned on with the QR code’s secret, then a sign-in asks for the code and accepts it', async ({ page, browser, request }) => {
  const ana = await createAccount(request, 'dos');
  await signInAs(page, ana);
  await page.goto('/settings/account/password-security');
  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel('Código de 6 dígitos').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(page.getByText('Activada. Te quedan 10 códigos de recuperación.')).toBeVisible();
  await page.goto('/settings/privacy-security/security-settings');
  await expect(page.getByTestId('security-two-factor')).toContainText('Activada');
  await expect(page.getByTestId('security-sessions')).toContainText('1 abierta');

  // A new browser: the password alone is not enough.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'es-ES' });
  const other = await context.newPage();
  await skipGates(other);
  await other.goto('/login');
  await other.getByLabel('Correo electrónico').fill(ana.email);
  await other.getByLabel('Contraseña', { exact: true }).fill(ana.password);
  await other.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(other.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  expect(await other.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await other.getByLabel('Código de 6 dígitos').fill('000000');
  await other.getByRole('button', { name: 'Verificar' }).click();
  await expect(other.getByText('El código no es correcto o ya se usó.')).toBeVisible();
  // The next period's code (the one used to turn it on cannot be used again).
  await other.getByLabel('Código de 6 dígitos').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await other.getByRole('button', { name: 'Verificar' }).click();
  await expect(other).toHaveURL(/\/$/);
  expect(await other.evaluate(() => window.localStorage.getItem('token'))).not.toBeNull();
  await context.close();
});

test('email: a banner until the address is confirmed; a new address waits for its link, then replaces the old one', async ({ page, request }) => {
  const ana = await createAccount(request, 'correo');
  await signInAs(page, ana);
  await page.goto('/');
  const banner = page.getByTestId('email-banner');
  await expect(banner).toContainText(`Confirma tu correo: te enviamos un enlace a ${ana.email}.`);
  await banner.getByRole('button', { name: 'Reenviar enlace' }).click();
  await expect(banner).toContainText('Te enviamos un nuevo enlace de confirmación. Revisa tu correo.');

  // Two links went out; only the newer one works. Opened in this browser, it confirms and the banner goes.
  const outcomes: string[] = [];
  for (const token of await linksMailedTo(ana.email, 'confirm-email', 2)) {
    await page.goto(`/confirm-email?token=${token}`);
    const state = page.locator('[data-testid="confirm-email"][data-state="success"], [data-testid="confirm-email"][data-state="error"]');
    outcomes.push((await state.getAttribute('data-state'))!);
    if (outcomes.at(-1) === 'success') await expect(page.getByTestId('confirm-email')).toContainText(`Desde ahora usamos ${ana.email} para tu cuenta.`);
    else await expect(page.getByTestId('confirm-email')).toContainText('El enlace de confirmación no es válido o ya caducó.');
  }
  expect(outcomes.sort()).toEqual(['error', 'success']);
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('email-banner')).toHaveCount(0);

  // A new address: the form keeps the one in use and says which one waits.
  const next = `nuevo-${ana.email}`;
  await page.goto('/settings/account/personal-information');
  await page.getByLabel('Correo electrónico').fill(next);
  await page.getByLabel('Contraseña actual').fill(ana.password);
  await page.getByTestId('personal-info-save').click();
  await expect(page.getByText('Te enviamos un enlace a la nueva dirección.', { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(ana.email);
  await expect(page.getByTestId('email-status')).toContainText(`Pendiente de confirmar: ${next}`);

  await page.goto(`/confirm-email?token=${await linkMailedTo(next, 'confirm-email')}`);
  await expect(page.getByTestId('confirm-email')).toContainText(`Desde ahora usamos ${next} para tu cuenta.`);
  await page.goto('/settings/account/personal-information');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(next);
  await expect(page.getByTestId('email-status')).toHaveCount(0);
  expect((await request.post('/api/login', { data: { email: next, password: ana.password } })).status()).toBe(200);
});

test('download my data, then delete the account: the other person keeps the chat as "Cuenta eliminada"', async ({ page, browser, request }) => {
  const ana = await createAccount(request, 'adios');
  const bob = await createAccount(request, 'queda');
  // Bob follows Ana, so her message lands in his conversations rather than his requests.
  expect((await request.post(`/api/follow/${ana.username}`, { headers: { Authorization: `Bearer ${bob.token}` } })).ok()).toBe(true);
  const sent = await request.post(`/api/conversations/${bob.username}/messages`, {
    headers: { Authorization: `Bearer ${ana.token}` },
    data: { text: 'Hola Bob, me voy de WAG' },
  });
  expect(sent.ok()).toBe(true);
  await signInAs(page, ana);

  await page.goto('/settings/account');
  await page.getByRole('link', { name: /Descargar mis datos/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^wag-${ana.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByTestId('download-done')).toContainText(download.suggestedFilename());

  await page.goto('/settings/account');
  await page.getByRole('link', { name: /Eliminar cuenta/ }).click();
  await page.getByTestId('delete-account').click();
  await expect(page.getByText('Escribe tu contraseña para confirmar.')).toBeVisible();
  await page.getByLabel('Contraseña actual').fill(ana.password);
  await page.getByTestId('delete-account').click();
  const dialog = page.getByTestId('delete-account-confirm');
  await expect(dialog).toContainText('¿Eliminar tu cuenta para siempre?');
  await dialog.getByRole('button', { name: 'Eliminar para siempre' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByTestId('account-deleted')).toContainText('Tu cuenta se eliminó. Gracias por haber formado parte de WAG.');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await request.post('/api/login', { data: { email: ana.email, password: ana.password } })).status()).toBe(401);

  const other = await openAs(browser, page, bob);
  await other.goto('/messages');
  const row = other.getByTestId('conversation-row').filter({ hasText: 'Cuenta eliminada' });
  await expect(row).toContainText('Hola Bob, me voy de WAG');
  await row.click();
  await expect(other.getByTestId('chat-deleted')).toContainText('Esta cuenta se eliminó.');
  await expect(other.getByTestId('message-input')).toHaveCount(0);
  await other.context().close();
});
