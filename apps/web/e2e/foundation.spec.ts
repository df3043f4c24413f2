import { expect, freshUsername, test } from './support';

test.describe('consent and age gates', () => {
  test('declining consent leaves for an external search site', async ({ page }) => {
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>fuera</title>' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Rechazar' }).click();
    await expect(page).toHaveURL(/google\.com/);
  });

  test('accepting both gates is remembered on the next visit', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('¿Aceptas el contenido para adultos')).toBeVisible();
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
    await expect(page.getByRole('button', { name: 'Tengo 18 años o más' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abandonar el sitio' })).toBeVisible();
    await page.getByRole('button', { name: 'Tengo 18 años o más' }).click();
    await expect(page.getByRole('button', { name: 'Tengo 18 años o más' })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Aceptar y continuar' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Tengo 18 años o más' })).toBeHidden();
  });
});

test('register with field errors, then log in, see yourself, and log out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
  await page.getByRole('button', { name: 'Tengo 18 años o más' }).click();

  await page.goto('/register');
  const username = freshUsername('reg');
  const email = `${username}@example.test`;

  // Wrong fields first: the page says what is wrong.
  await page.getByLabel('Nombre de usuario').fill('ab');
  await page.getByLabel('Correo electrónico').fill('no-es-correo');
  await page.getByLabel('Contraseña', { exact: true }).fill('secreto123');
  await page.getByLabel('Confirmar contraseña').fill('otra-cosa');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Las contraseñas no coinciden. ¡Qué despistado!')).toBeVisible();

  const birthDate = page.getByLabel('Fecha de nacimiento');
  const max = await birthDate.getAttribute('max');
  const limit = new Date();
  limit.setFullYear(limit.getFullYear() - 18);
  expect(max).toBe(limit.toISOString().slice(0, 10));

  await page.getByLabel('Nombre de usuario').fill(username);
  await page.getByLabel('Correo electrónico').fill(email);
  await birthDate.fill('1995-03-14');
  await page.getByLabel('Confirmar contraseña').fill('secreto123');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('secreto123');
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(page).not.toHaveURL(/\/login/);

  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);

  // Log out from the side menu: the session ends on the server too.
  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect
    .poll(async () => (await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).status())
    .toBe(401);
});

test('a guest sent to a private screen lands on /login without a history entry', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('wag.consentAccepted', '1');
    window.localStorage.setItem('wag.ageConfirmed', '1');
  });
  await page.goto('/register');
  await page.goto('/messages');
  // It remembers the screen, to come back to it once signed in.
  await expect(page).toHaveURL(/\/login\?next=%2Fmessages$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/register$/);
});

test('the search overlay sends the trimmed, encoded query and chosen chips to the results page', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('wag.consentAccepted', '1');
    window.localStorage.setItem('wag.ageConfirmed', '1');
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Buscar Quickys, fotos o modelos').fill('  playa & sol  ');
  await dialog.getByRole('button', { name: 'Quickys' }).click();
  await dialog.getByRole('button', { name: 'Vertical' }).click();
  await dialog.getByPlaceholder('Buscar Quickys, fotos o modelos').press('Enter');
  await expect(page).toHaveURL(/\/search-results\?query=playa%20%26%20sol&category=quickys&orientation=vertical$/);
});

test('the shell: bottom bar on phones only, routes of later screens show a panel inside the shell', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('wag.consentAccepted', '1');
    window.localStorage.setItem('wag.ageConfirmed', '1');
  });
  await page.goto('/quickys');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  const bottomBar = page.getByRole('navigation', { name: 'Navegación principal' });
  if (testInfo.project.name === 'phone') await expect(bottomBar).toBeVisible();
  else await expect(bottomBar).toBeHidden();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  const unknown = await page.request.post('/quickys');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ success: false });
});

test('the API description at /api/docs works under its own policy, without breaking it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one screen size is enough for the API description');
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /WAG API/ })).toBeVisible();
  await page.getByText('/api/me').first().click();
  await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
});
