import type { Page } from '@playwright/test';
import { createAccount, expect, signInAs, skipGates, test } from './support';

/** Reads the follower count shown in the profile's stats. */
async function followerCount(page: Page): Promise<number> {
  // 'Seguidor' for one, 'Seguidores' otherwise.
  const link = page.getByRole('link', { name: /Seguidor(es)?\b/ }).first();
  const text = (await link.textContent()) ?? '';
  return Number.parseInt(text.replace(/\D+/g, ''), 10);
}

test('follow and unfollow from a profile, and from a followers list', async ({ page, request }) => {
  const fan = await createAccount(request, 'fan');
  const star = await createAccount(request, 'star');
  await signInAs(page, fan);

  await page.goto(`/${star.username}`);
  await expect(page.getByRole('main').getByText(`@${star.username}`).first()).toBeVisible();
  expect(await followerCount(page)).toBe(0);

  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Siguiendo', exact: true })).toBeVisible();
  await expect.poll(() => followerCount(page)).toBe(1);
  // The screen changes before the server has answered (optimistic): the server's state is polled.
  const status = async () => (await request.get(`/api/follow/status/${star.username}`, { headers: { Authorization: `Bearer ${fan.token}` } })).json();
  await expect.poll(status).toMatchObject({ isFollowing: true });

  // The star's followers list shows the fan; the star follows back from there.
  await page.goto(`/${star.username}/followers`);
  await expect(page.getByRole('main').getByText(fan.username).first()).toBeVisible();

  const starPage = await page.context().browser()!.newPage();
  await signInAs(starPage, star);
  await starPage.goto(`/${star.username}/followers`);
  const row = starPage.getByRole('main').getByRole('listitem').filter({ hasText: fan.username });
  await row.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(row.getByRole('button', { name: 'Siguiendo', exact: true })).toBeVisible();
  await starPage.close();

  // Unfollow from the profile again.
  await page.goto(`/${star.username}`);
  await page.getByRole('button', { name: 'Siguiendo', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Seguir', exact: true })).toBeVisible();
  await expect.poll(() => followerCount(page)).toBe(0);

  // The followers list search filters by name or username.
  await page.goto(`/${fan.username}/followers`);
  await expect(page.getByRole('main').getByText(star.username).first()).toBeVisible();
  await page.getByPlaceholder('Buscar por nombre o usuario').fill(`  ${star.username.toUpperCase()}  `);
  await expect(page.getByRole('main').getByText(star.username).first()).toBeVisible();
  await page.getByPlaceholder('Buscar por nombre o usuario').fill('zzzz-nadie');
  await expect(page.getByText('No se encontraron seguidores.')).toBeVisible();
});

test('the owner edits name and bio', async ({ page, request }) => {
  const owner = await createAccount(request, 'own');
  await signInAs(page, owner);
  await page.goto(`/${owner.username}`);
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill('  Ana Prueba  ');
  await dialog.getByLabel('Biografía').fill('Fotos de viajes y playas.');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cambios guardados ✔')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Fotos de viajes y playas.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ana Prueba' })).toBeVisible();

  await page.reload();
  await expect(page.getByText('Fotos de viajes y playas.')).toBeVisible();
});

test('the owner changes the photo through the crop screen', async ({ page, request }) => {
  const owner = await createAccount(request, 'pic');
  await signInAs(page, owner);
  await page.goto('/edit-profile-picture');
  // A 3x2 image made in the page: the crop makes it square.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d23c7a';
    context.fillRect(0, 0, 600, 400);
    context.fillStyle = '#ffffff';
    context.fillRect(250, 150, 100, 100);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page.getByTestId('picture-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await page.getByLabel('Zoom').fill('2');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Foto de perfil actualizada!')).toBeVisible();

  const profile = await request.get(`/api/profile/${owner.username}`);
  const body = (await profile.json()) as { user: { profilePictureUrl: string | null } };
  expect(body.user.profilePictureUrl).toBeTruthy();
  const image = await request.get(body.user.profilePictureUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
});

test('renaming through personal information moves the profile and the menus', async ({ page, request }) => {
  const owner = await createAccount(request, 'ren');
  await signInAs(page, owner);
  await page.goto('/settings/account/personal-information');
  const usernameField = page.getByLabel('Nombre de usuario');
  await expect(usernameField).toHaveValue(owner.username);

  // A taken name is reported inline after the debounce.
  await usernameField.fill('valeria_rios');
  await expect(page.getByText('Este nombre de usuario ya está en uso.')).toBeVisible();

  const renamed = `${owner.username.slice(0, 15)}_nv`;
  await usernameField.fill(renamed);
  await expect(page.getByText('Este nombre de usuario ya está en uso.')).toBeHidden();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Información actualizada con éxito.')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('username'))).toBe(renamed);
  // The app moves to the renamed profile by itself. The menu is opened once it is there: on a phone,
  // arriving closes the menu, and a menu opened while the profile's screen still loads would close.
  await expect(page).toHaveURL(new RegExp(`/${renamed}$`));

  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(new RegExp(`/${renamed}$`));
  await expect(page.getByText(`@${renamed}`).first()).toBeVisible();

  expect((await request.get(`/api/profile/${owner.username}`)).status()).toBe(404);
});

test('a new email in personal information asks for the current password and waits for its link; the birth date is read-only', async ({ page, request }) => {
  const owner = await createAccount(request, 'mail');
  await signInAs(page, owner);
  await page.goto('/settings/account/personal-information');
  await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('1990-05-10');
  await expect(page.getByLabel('Fecha de nacimiento')).not.toBeEditable();
  await expect(page.getByLabel('Contraseña actual')).toBeHidden();

  const newEmail = `nuevo-${owner.email}`;
  await page.getByLabel('Correo electrónico').fill(newEmail);
  await page.getByLabel('Contraseña actual').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña actual no es correcta.')).toBeVisible();

  await page.getByLabel('Contraseña actual').fill(owner.password);
  await page.getByRole('button', { name: 'Guardar' }).click();
  // The new address waits for its link (account.spec.ts follows it to the end): the old one still signs in.
  await expect(page.getByText('Te enviamos un enlace a la nueva dirección.', { exact: false }).first()).toBeVisible();
  expect((await request.post('/api/login', { data: { email: owner.email, password: owner.password } })).status()).toBe(200);
  expect((await request.post('/api/login', { data: { email: newEmail, password: owner.password } })).status()).toBe(401);
});

test('a guest scrolling a profile is invited to log in', async ({ page }) => {
  await skipGates(page);
  await page.goto('/valeria_rios');
  await expect(page.getByText('@valeria_rios').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The invitation answers a scroll; while the grid is still loading the page may be too short to
  // scroll, so the gesture is repeated (as a person would) until the page moves and the dialog shows.
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(page.getByRole('dialog').getByText('Únete a WAG')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Ahora no' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('WAG Stars lists the featured creators with follow buttons', async ({ page, request }) => {
  const fan = await createAccount(request, 'ws');
  await signInAs(page, fan);
  await page.goto('/wag-stars');
  for (const name of ['valeria_rios', 'camila_ortega', 'lucia_moda', 'mateo_fit', 'sofi_travels', 'dani_vibes']) {
    await expect(page.getByText(name).first()).toBeVisible();
  }
  const card = page.getByRole('listitem').filter({ hasText: 'mateo_fit' });
  await card.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Siguiendo', exact: true })).toBeVisible();
});
