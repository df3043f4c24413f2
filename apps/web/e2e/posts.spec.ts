import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, expect, makePng, signInAs, test, type TestAccount } from './support';

const require = createRequire(import.meta.url);
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A short vertical clip made on the spot. */
function makeClip(seconds = 2): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wag-e2e-clip-')), 'clip.mp4');
  execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=360x640:rate=30:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  return readFileSync(file);
}

async function uploadQuicky(request: APIRequestContext, account: TestAccount, clip: Buffer, description: string): Promise<string> {
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: { media: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip }, description },
  });
  expect(response.status()).toBe(201);
  const { slug } = (await response.json()) as { slug: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/posts/slug/${slug}`)).json()) as { post?: { status: string } }).post?.status, { timeout: 30_000 })
    .toBe('ready');
  return slug;
}

/** Opens the comments: in the side rail on desktop they are already there; on phones in the sheet. */
async function openComments(page: Page, phone: boolean): Promise<void> {
  await expect(page.getByTestId('post-page')).toBeVisible();
  if (phone) await page.getByRole('button', { name: /Ver comentarios/ }).first().click();
}

test('upload a photo with progress, open it, like it, comment and reply with a mention', async ({ page, request }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const author = await createAccount(request, 'up');
  const fan = await createAccount(request, 'fan');
  await signInAs(page, author);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Subir Contenido' })).toBeVisible();

  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Por favor, selecciona un archivo para subir.')).toBeVisible();

  const png = await makePng(page, '#cc3366', 640, 640);
  await page.getByTestId('upload-input').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Se publicará como foto')).toBeVisible();
  await page.getByLabel('Descripción').fill('Atardecer en la playa');
  await page.getByLabel('Etiquetas').fill('playa, sol');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(/\/post\/[a-z0-9]+$/);
  await expect(page.getByText('Atardecer en la playa')).toBeVisible();
  const postUrl = page.url();

  // Another user likes it and comments; the author replies with a mention picked from suggestions.
  const fanPage = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAs(fanPage, fan);
  await fanPage.goto(postUrl);
  await fanPage.getByRole('button', { name: 'Me gusta', exact: true }).first().click();
  await expect(fanPage.getByTestId('like-count')).toHaveText('1 me gusta');
  await openComments(fanPage, phone);
  await expect(fanPage.getByText('Sé el primero en comentar')).toBeVisible();
  await fanPage.getByPlaceholder('Escribe un comentario…').fill('¡Qué colores!');
  await fanPage.getByRole('button', { name: 'Publicar' }).click();
  await expect(fanPage.getByText('¡Qué colores!')).toBeVisible();
  await fanPage.close();

  await page.reload();
  await openComments(page, phone);
  await page.getByRole('button', { name: 'Responder' }).first().click();
  const box = page.getByRole('combobox').or(page.locator('.comments__input')).first();
  await expect(box).toHaveValue(`@${fan.username} `);
  await box.fill('gracias @' + fan.username.slice(0, 4));
  await page.getByRole('option', { name: new RegExp(fan.username) }).click();
  await expect(box).toHaveValue(`gracias @${fan.username} `);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(`gracias @${fan.username}`)).toBeVisible();

  const comments = (await (await request.get(`/api/posts/slug/${postUrl.split('/').pop()}`)).json()) as { post: { id: string } };
  const list = (await (await request.get(`/api/posts/${comments.post.id}/comments`)).json()) as { comments: Array<{ text: string; replies: Array<{ text: string }> }> };
  expect(list.comments[0]!.replies[0]!.text).toBe(`gracias @${fan.username}`);
});

test('upload a quicky through the screen: it goes to the profile and plays once processed', async ({ page, request }) => {
  const author = await createAccount(request, 'vid');
  await signInAs(page, author);
  await page.goto('/upload');
  await page.getByTestId('upload-input').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: makeClip() });
  await expect(page.getByText('Se publicará como Quicky')).toBeVisible();
  await page.getByLabel('Descripción').fill('Mi primer quicky');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${author.username}$`));
  const quickys = async () =>
    ((await (await request.get(`/api/users/${author.username}/quickys`)).json()) as { quickys: Array<{ slug: string; status: string }> }).quickys;
  await expect.poll(async () => (await quickys())[0]?.status, { timeout: 30_000 }).toBe('ready');
  await page.goto(`/quicky/${(await quickys())[0]!.slug}`);
  await expect(page.getByTestId('quicky-video')).toBeVisible();
  await expect(page.getByText('Mi primer quicky')).toBeVisible();
});

test('quickys: swipe and the buttons move through the author\'s quickys; comments open in a sheet on phones', async ({ page, request }, testInfo) => {
  const author = await createAccount(request, 'qk');
  const clip = makeClip();
  const older = await uploadQuicky(request, author, clip, 'Primer quicky');
  const newer = await uploadQuicky(request, author, clip, 'Segundo quicky');
  await signInAs(page, author);

  await page.goto(`/quicky/${newer}`);
  await expect(page.getByTestId('quicky-video')).toHaveJSProperty('muted', true);
  await page.getByRole('button', { name: 'Activar sonido' }).click();
  await expect(page.getByTestId('quicky-video')).toHaveJSProperty('muted', false);
  await page.getByRole('button', { name: 'Quicky siguiente' }).click();
  await expect(page).toHaveURL(new RegExp(`/quicky/${older}$`));
  await expect(page.getByText('Primer quicky')).toBeVisible();
  await page.getByRole('button', { name: 'Quicky anterior' }).click();
  await expect(page).toHaveURL(new RegExp(`/quicky/${newer}$`));

  if (testInfo.project.name !== 'phone') return;
  await expect(page.getByText('Desliza para ver más')).toBeVisible();
  const stage = page.getByTestId('quicky-stage');
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.7);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(new RegExp(`/quicky/${older}$`));

  // The comments sheet: opened by 'Ver comentarios', closed by dragging it down more than 120 px.
  await page.getByRole('button', { name: /Ver comentarios/ }).click();
  const sheet = page.getByTestId('comments-sheet');
  await expect(sheet).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  const handle = (await page.getByTestId('sheet-handle').boundingBox())!;
  await page.mouse.move(handle.x + 20, handle.y + 10);
  await page.mouse.down();
  await page.mouse.move(handle.x + 20, handle.y + 200, { steps: 6 });
  await page.mouse.up();
  await expect(sheet).toBeHidden();
  // And by the backdrop.
  await page.getByRole('button', { name: /Ver comentarios/ }).click();
  await page.getByTestId('sheet-backdrop').click({ position: { x: 20, y: 20 } });
  await expect(sheet).toBeHidden();
  // And by its close button, which sits in the drag handle (the handle must not take its click).
  await page.getByRole('button', { name: /Ver comentarios/ }).click();
  await page.getByRole('button', { name: 'Cerrar comentarios' }).click();
  await expect(sheet).toBeHidden();
});

test('a followers-only post is "Post no encontrado" for a stranger', async ({ page, request }) => {
  const author = await createAccount(request, 'priv');
  const stranger = await createAccount(request, 'str');
  const png = await makePng(page, '#2255aa', 640, 640);
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${author.token}` },
    multipart: { media: { name: 'a.png', mimeType: 'image/png', buffer: png }, visibility: 'followers' },
  });
  const { slug } = (await response.json()) as { slug: string };
  await signInAs(page, stranger);
  await page.goto(`/post/${slug}`);
  await expect(page.getByRole('heading', { name: 'Post no encontrado' })).toBeVisible();
});

test('the owner deletes a post from its page', async ({ page, request }) => {
  const author = await createAccount(request, 'del');
  const png = await makePng(page, '#55aa22', 640, 640);
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${author.token}` },
    multipart: { media: { name: 'a.png', mimeType: 'image/png', buffer: png }, description: 'Para borrar' },
  });
  const { slug } = (await response.json()) as { slug: string };
  await signInAs(page, author);
  await page.goto(`/post/${slug}`);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByTestId('delete-post').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(new RegExp(`/${author.username}$`));
  expect((await request.get(`/api/posts/slug/${slug}`)).status()).toBe(404);
});

test('saving a post puts it in Guardados, reachable from your profile', async ({ page, request }) => {
  const author = await createAccount(request, 'sav');
  const reader = await createAccount(request, 'lec');
  const png = await makePng(page, '#aa7722', 640, 640);
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${author.token}` },
    multipart: { media: { name: 'a.png', mimeType: 'image/png', buffer: png }, description: 'Para guardar' },
  });
  const { slug } = (await response.json()) as { slug: string };
  await signInAs(page, reader);
  await page.goto(`/post/${slug}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Quitar de guardados' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/${reader.username}`);
  await page.getByTestId('saved-link').click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByText('Para guardar')).toBeVisible();
});
