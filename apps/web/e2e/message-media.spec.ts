import type { APIRequestContext, Page } from '@playwright/test';
import { createAccount, expect, openAs, signInAs, test, type TestAccount } from './support';

/**
 * A PNG of random pixels drawn by the browser of `page`: large enough (about 1 MB at 600×600) for an
 * upload whose progress can be watched, and unlike any picture a takedown put on the block list.
 */
async function noisyPng(page: Page, width = 600, height = 600): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const image = context.createImageData(w, h);
      for (let i = 0; i < image.data.length; i += 4) {
        image.data[i] = Math.floor(Math.random() * 256);
        image.data[i + 1] = Math.floor(Math.random() * 256);
        image.data[i + 2] = Math.floor(Math.random() * 256);
        image.data[i + 3] = 255;
      }
      context.putImageData(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    { w: width, h: height },
  );
  return Buffer.from(bytes);
}

/** `follower` follows `followed`, so the first message lands in their conversations, not in requests. */
async function follow(request: APIRequestContext, follower: TestAccount, followed: TestAccount): Promise<void> {
  const response = await request.post(`/api/follow/${followed.username}`, { headers: { authorization: `Bearer ${follower.token}` } });
  expect(response.ok()).toBe(true);
}

test.describe('defect 4: the message composer sits above the bottom bar', () => {
  test('the composer and the conversation fill the screen without going under the bar or scrolling the page', async ({ page, request }) => {
    const [ana, bea] = [await createAccount(request, 'mmana'), await createAccount(request, 'mmbea')];
    await signInAs(page, ana);
    await page.goto(`/messages?to=${bea.username}`);
    const input = page.getByTestId('message-input');
    await expect(input).toBeVisible();
    const viewport = page.viewportSize()!;
    const send = (await page.getByTestId('send-message').boundingBox())!;
    const field = (await input.boundingBox())!;
    const bar = page.getByTestId('bottom-bar');
    // Under the bottom bar (phones) or the window's edge (desktop), nothing of the composer.
    const floor = (await bar.isVisible()) ? (await bar.boundingBox())!.y : viewport.height;
    expect(field.y + field.height).toBeLessThanOrEqual(floor);
    expect(send.y + send.height).toBeLessThanOrEqual(floor);
    // The page itself does not scroll: the conversation takes exactly the space there is.
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    const pane = (await page.getByTestId('conversation-pane').boundingBox())!;
    expect(pane.y + pane.height).toBeLessThanOrEqual(floor + 1);
    expect(pane.y + pane.height).toBeGreaterThan(floor - 40);
  });
});

test('a photo sent in a chat shows its upload progress and reaches the other person live; nobody else can open it', async ({ page, browser, request }) => {
  const [ana, bea, carla] = [await createAccount(request, 'mmana'), await createAccount(request, 'mmbea'), await createAccount(request, 'mmcar')];
  await follow(request, bea, ana);
  await signInAs(page, ana);
  await page.goto(`/messages?to=${bea.username}`);
  await expect(page.getByTestId('message-input')).toBeVisible();

  const beaPage = await openAs(browser, page, bea);
  await beaPage.goto(`/messages?to=${ana.username}`);
  await expect(beaPage.getByTestId('message-input')).toBeVisible();

  // A picked photo is previewed and can be taken back before sending.
  const picture = await noisyPng(page);
  await page.getByTestId('composer-file').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('composer-preview')).toBeVisible();
  await page.getByTestId('composer-remove').click();
  await expect(page.getByTestId('composer-attachment')).toHaveCount(0);
  // Something that is not a photo or a video is refused at once, in Spanish.
  await page.getByTestId('composer-file').setInputFiles({ name: 'notas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByTestId('composer-error')).toHaveText('Elige una foto o un vídeo.');

  await page.getByTestId('composer-file').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('composer-error')).toHaveCount(0);
  await page.getByTestId('message-input').fill('Mira qué colores');

  // A slow connection, so the upload's progress can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 300 * 1024 });
  await page.getByTestId('send-message').click();
  const progress = page.getByTestId('composer-progress');
  await expect(progress).toBeVisible();
  await expect(page.getByTestId('composer-attachment')).toContainText(/Enviando… \d+ %/);
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('composer-attachment')).toHaveCount(0, { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const mine = page.getByTestId('message').filter({ hasText: 'Mira qué colores' });
  await expect(mine.getByTestId('message-photo')).toBeVisible();
  await expect(page.getByTestId('message-input')).toHaveValue('');

  // Bea sees it arrive in her open conversation without reloading, photo and words together.
  const theirs = beaPage.getByTestId('message').filter({ hasText: 'Mira qué colores' });
  await expect(theirs.getByTestId('message-photo')).toBeVisible();
  await expect.poll(() => theirs.getByTestId('message-photo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await theirs.getByTestId('message-photo-open').click();
  await expect(beaPage.getByTestId('message-photo-viewer')).toBeVisible();
  await beaPage.keyboard.press('Escape');
  await expect(beaPage.getByTestId('message-photo-viewer')).toHaveCount(0);

  const src = (await theirs.getByTestId('message-photo').getAttribute('src'))!;
  expect(src).toMatch(/^\/media\/r\/[a-z0-9]{20}\/full\.webp$/);
  const forBea = await beaPage.context().request.get(src);
  expect(forBea.status()).toBe(200);
  expect(forBea.headers()['cache-control']).toMatch(/^private/);

  // Carla, signed in on her own browser, opens the same address: nothing is there for her.
  const carlaContext = await browser.newContext();
  const login = await carlaContext.request.post('/api/login', { data: { email: carla.email, password: carla.password } });
  expect(login.ok()).toBe(true);
  expect((await carlaContext.request.get('/api/me', { headers: { authorization: `Bearer ${carla.token}` } })).ok()).toBe(true);
  expect((await carlaContext.request.get(src)).status()).toBe(404);
  const carlaPage = await carlaContext.newPage();
  const opened = await carlaPage.goto(src);
  expect(opened?.status()).toBe(404);
  // A signed-out browser neither.
  const guest = await browser.newContext();
  expect((await guest.request.get(src)).status()).toBe(404);
  await Promise.all([guest.close(), carlaContext.close(), beaPage.context().close()]);
});
