import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { createAccount, expect, makePng, signInAs, skipGates, test, type TestAccount } from './support';

const require = createRequire(import.meta.url);
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

/** Three seconds of colour: red, then green, then blue, so a frame tells the moment it was taken at. */
function colourClip(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wag-e2e-cover-')), 'colours.mp4');
  const colour = (c: string) => ['-f', 'lavfi', '-i', `color=c=${c}:s=180x320:r=30:d=1`];
  execFileSync(ffmpeg, [
    '-loglevel', 'error', ...colour('red'), ...colour('lime'), ...colour('blue'),
    '-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]', '-map', '[v]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
  ]);
  return readFileSync(file);
}

async function uploadPhoto(page: Page, request: APIRequestContext, account: TestAccount, description: string): Promise<string> {
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: { media: { name: 'foto.png', mimeType: 'image/png', buffer: await makePng(page, '#3a7bd5', 480, 600) }, description },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { slug: string }).slug;
}

async function logInThroughForm(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByTestId('login-form').getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The create button of this size: the central '+' of the bottom bar on phones, the top bar's 'Crear' on wide screens. */
function createButton(page: Page, phone: boolean): Locator {
  return page.getByTestId(phone ? 'bottom-bar-create' : 'top-bar-create');
}

/** The element at the middle of `target`'s box is `target` itself (or inside it): nothing covers it. */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test.describe('create (defect 2)', () => {
  test('the create button opens the chooser, and each choice lands on its form', async ({ page, request }, testInfo) => {
    const phone = isPhone(testInfo);
    const author = await createAccount(request, 'crea');
    await signInAs(page, author);
    await page.goto('/');

    await expect(createButton(page, phone)).toBeVisible();
    await expect(createButton(page, !phone)).toBeHidden();
    if (phone) {
      // The bottom bar keeps its places, the '+' in the middle; search stays in the top bar.
      const bar = page.getByTestId('bottom-bar');
      const names = await bar.locator('a, button').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? item.textContent?.trim()));
      expect(names).toEqual(['Inicio', 'Quickys', 'Crear', 'Mensajes', 'Perfil']);
      const barBox = (await bar.boundingBox())!;
      const plusBox = (await createButton(page, true).boundingBox())!;
      expect(Math.abs(plusBox.x + plusBox.width / 2 - (barBox.x + barBox.width / 2))).toBeLessThan(2);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Buscar' })).toBeVisible();
    }

    const choices = [
      { testId: 'create-quicky', url: /\/upload\?type=quicky$/, heading: 'Nuevo Quicky', accept: 'video/*' },
      { testId: 'create-post', url: /\/upload\?type=post$/, heading: 'Nueva publicación', accept: 'image/*' },
      { testId: 'create-story', url: /\/stories\/create$/, heading: 'Crear Historia', accept: null },
    ];
    for (const choice of choices) {
      await createButton(page, phone).click();
      const chooser = page.getByRole('dialog', { name: '¿Qué quieres crear?' });
      await expect(chooser).toBeVisible();
      await expect(chooser.getByRole('link')).toHaveCount(3);
      await chooser.getByTestId(choice.testId).click();
      await expect(page).toHaveURL(choice.url);
      await expect(chooser).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: choice.heading })).toBeVisible();
      if (choice.accept) await expect(page.getByTestId('upload-input')).toHaveAttribute('accept', choice.accept);
      await page.goto('/');
    }

    // The own profile has it too.
    await page.goto(`/${author.username}`);
    await page.getByTestId('profile-create').click();
    await expect(page.getByTestId('create-chooser')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('create-chooser')).toBeHidden();
  });

  test('a guest pressing create signs in and comes back to the chooser', async ({ page, request }, testInfo) => {
    const phone = isPhone(testInfo);
    const account = await createAccount(request, 'invi');
    await skipGates(page);
    await page.goto('/quickys');
    await createButton(page, phone).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fquickys%3Fcreate%3D1$/);
    await logInThroughForm(page, account);
    await expect(page).toHaveURL(/\/quickys$/);
    await expect(page.getByRole('dialog', { name: '¿Qué quieres crear?' })).toBeVisible();
  });
});

test.describe('signing in comes back to the page that asked (defect 3)', () => {
  test('from a guarded post: /login, then the post', async ({ page, request }) => {
    const author = await createAccount(request, 'guard');
    const reader = await createAccount(request, 'lect');
    const slug = await uploadPhoto(page, request, author, 'Una foto detrás del inicio de sesión');
    await skipGates(page);
    await page.goto(`/post/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fpost%2F${slug}$`));
    await logInThroughForm(page, reader);
    await expect(page).toHaveURL(new RegExp(`/post/${slug}$`));
    await expect(page.getByText('Una foto detrás del inicio de sesión')).toBeVisible();
  });

  test('from a guarded post through registering first', async ({ page, request }) => {
    const author = await createAccount(request, 'guardr');
    const slug = await uploadPhoto(page, request, author, 'Para quien se registra');
    await skipGates(page);
    await page.goto(`/post/${slug}`);
    await page.getByRole('link', { name: 'Regístrate' }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?next=%2Fpost%2F${slug}$`));
    const username = `nuevo_${Date.now().toString(36).slice(-6)}`;
    await page.getByLabel('Nombre de usuario').fill(username);
    await page.getByLabel('Fecha de nacimiento').fill('1994-03-02');
    await page.getByLabel('Correo electrónico').fill(`${username}@example.test`);
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto123');
    await page.getByLabel('Confirmar contraseña').fill('secreto123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fpost%2F${slug}$`));
    await page.getByLabel('Contraseña', { exact: true }).fill('secreto123');
    await page.getByTestId('login-form').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${slug}$`));
    await expect(page.getByText('Para quien se registra')).toBeVisible();
  });

  test('a link to another site is not followed after signing in', async ({ page, request, baseURL }) => {
    const account = await createAccount(request, 'redir');
    await skipGates(page);
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await logInThroughForm(page, account);
      await expect(page).toHaveURL(`${baseURL}/`);
      await page.evaluate(() => window.localStorage.removeItem('token'));
    }
  });
});

test('story header: the whole name shows beside the Historias/Destacadas tabs (defect 7)', async ({ page, request }, testInfo) => {
  const owner = await createAccount(request, 'valeria_nom');
  expect(owner.username.length).toBeGreaterThanOrEqual(19);
  const png = await makePng(page, '#7c3aed', 360, 640);
  const storyIds: string[] = [];
  for (let index = 0; index < 2; index += 1) {
    const response = await request.post('/api/stories', {
      headers: { Authorization: `Bearer ${owner.token}` },
      multipart: { media: { name: 'story.png', mimeType: 'image/png', buffer: png }, audience: 'public' },
    });
    expect(response.status()).toBe(201);
    storyIds.push(((await response.json()) as { story: { id: string } }).story.id);
  }
  const moved = await request.post(`/api/stories/${storyIds[0]}/move-to-highlights`, { headers: { Authorization: `Bearer ${owner.token}` } });
  expect(moved.ok()).toBe(true);

  await signInAs(page, owner);
  await page.goto(`/${owner.username}`);
  await page.getByTestId('profile-avatar').click();
  const viewer = page.getByTestId('story-viewer');
  await expect(viewer.getByRole('tab', { name: 'Destacadas' })).toBeVisible();
  const name = viewer.locator('.story-viewer__who strong');
  await expect(name).toHaveText(owner.username);
  // Shown whole: not cut with an ellipsis, and clear of the tabs.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const nameBox = (await name.boundingBox())!;
  const tabsBox = (await viewer.getByRole('tablist').boundingBox())!;
  const apart = nameBox.y + nameBox.height <= tabsBox.y || tabsBox.x >= nameBox.x + nameBox.width;
  expect(apart).toBe(true);
  await page.screenshot({ path: path.join(tmpdir(), `wag-create-and-fixes-story-${testInfo.project.name}.png`) });
});

test('toasts: never over the side menu, at most two on a phone, gone by a swipe (defect 11)', async ({ page, request }, testInfo) => {
  const phone = isPhone(testInfo);
  const account = await createAccount(request, 'tost');
  await skipGates(page);
  await page.goto('/login');
  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/$/);
  const toast = page.getByTestId('toast').filter({ hasText: '¡Inicio de sesión exitoso!' });
  await expect(toast).toBeVisible();

  const menu = page.getByTestId('side-menu');
  const logout = page.getByTestId('logout-button');
  if (phone) {
    await page.getByTestId('menu-toggle').click();
    await expect(logout).toBeVisible();
    // The notice stands aside while the menu covers the screen, and Cerrar Sesión can be pressed.
    await expect(toast).toBeHidden();
    // (Polled: the menu slides in.)
    await expect.poll(() => isOnTop(logout)).toBe(true);
    await page.getByTestId('menu-toggle').click();
    await expect(toast).toBeVisible();
  } else {
    // Wide screens: the menu stays open beside the page, and the notice centres on the page, clear of it.
    await expect(logout).toBeVisible();
    await expect.poll(() => isOnTop(logout)).toBe(true);
    const toastBox = (await toast.boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    expect(toastBox.x).toBeGreaterThan(menuBox.x + menuBox.width);
    const pageCentre = menuBox.x + menuBox.width + (page.viewportSize()!.width - menuBox.x - menuBox.width) / 2;
    expect(Math.abs(toastBox.x + toastBox.width / 2 - pageCentre)).toBeLessThan(2);
  }
  // Above the bottom bar on phones: the bar's buttons stay free.
  if (phone) {
    const toastBox = (await toast.boundingBox())!;
    const barBox = (await page.getByTestId('bottom-bar').boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  }

  // A sideways swipe sends it away.
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0);

  // Saving and unsaving twice: the same notice again replaces itself instead of stacking.
  const slug = await uploadPhoto(page, request, account, 'Para guardar');
  await page.goto(`/post/${slug}`);
  for (let round = 0; round < 2; round += 1) {
    await page.getByRole('button', { name: 'Guardar', exact: true }).first().click();
    await page.getByRole('button', { name: 'Quitar de guardados', exact: true }).first().click();
  }
  await expect(page.getByTestId('toast')).toHaveText(['Guardado en tus publicaciones guardadas', 'Quitado de guardados']);
  // They leave by themselves.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
});

test('the quicky cover: pick a frame on the strip, and the published poster is that frame', async ({ page, request }, testInfo) => {
  const author = await createAccount(request, 'portada');
  await signInAs(page, author);
  await page.goto('/upload?type=quicky');
  await page.getByTestId('upload-input').setInputFiles({ name: 'colores.mp4', mimeType: 'video/mp4', buffer: colourClip() });
  const picker = page.getByTestId('cover-picker');
  await expect(picker).toBeVisible();
  const range = picker.getByRole('slider', { name: 'Momento de la portada' });
  await expect(range).toBeVisible();
  // It starts where the server would take it by default (a second in), with frames along the strip.
  await expect(range).toHaveValue('1000');
  await expect(picker.locator('.cover-picker__frames img')).toHaveCount(8);
  await page.screenshot({ path: path.join(tmpdir(), `wag-create-and-fixes-cover-${testInfo.project.name}.png`), fullPage: true });

  // A tap near the end of the strip picks a blue moment; the preview follows.
  const strip = picker.locator('.cover-picker__strip');
  const { width, height } = (await strip.boundingBox())!;
  await strip.click({ position: { x: width * 0.9, y: height / 2 } });
  const chosen = Number(await range.inputValue());
  expect(chosen).toBeGreaterThan(2000);
  await expect(picker.getByTestId('cover-time')).toHaveText(`0:0${Math.floor(chosen / 1000)}.${Math.floor((chosen % 1000) / 100)}`);
  await expect.poll(() => picker.getByTestId('cover-preview').evaluate((video) => Math.round((video as HTMLVideoElement).currentTime * 1000))).toBe(chosen);

  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${author.username}$`));

  const quickys = async () =>
    ((await (await request.get(`/api/users/${author.username}/quickys`)).json()) as { quickys: Array<{ slug: string; status: string }> }).quickys;
  await expect.poll(async () => (await quickys())[0]?.status, { timeout: 30_000 }).toBe('ready');
  const post = ((await (await request.get(`/api/posts/slug/${(await quickys())[0]!.slug}`)).json()) as { post: { video_thumbnail_url: string } }).post;
  // The poster is the blue third of the clip, not the green frame a second in.
  const [r, g, b] = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(canvas.width / 2, canvas.height / 2, 1, 1);
    return [data[0]!, data[1]!, data[2]!];
  }, post.video_thumbnail_url);
  expect(b).toBeGreaterThan(150);
  expect(r).toBeLessThan(80);
  expect(g).toBeLessThan(80);
});
