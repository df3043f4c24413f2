import type { Page } from '@playwright/test';
import { createAccount, expect, signInAs, test } from './support';

test.describe('stories', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 500, 'the story flow is checked at phone size');

  async function makePng(page: Page): Promise<Buffer> {
    const bytes = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 360;
      canvas.height = 640;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#7c3aed';
      context.fillRect(0, 0, 360, 640);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    return Buffer.from(bytes);
  }

  const progress = async (page: Page) =>
    page.getByTestId('story-progress').evaluate((element) => Number.parseFloat((element as HTMLElement).style.width));

  test('create, watch, hold, like, reply, see the viewer, keep, group and delete', async ({ page, browser, request }) => {
    const owner = await createAccount(request, 'sto');
    const fan = await createAccount(request, 'see');

    // The owner creates a story with the progress bar and lands on the profile.
    await signInAs(page, owner);
    await page.goto('/stories/create');
    await page.getByRole('button', { name: 'Publicar historia' }).click();
    await expect(page.getByText('Por favor, selecciona un archivo para tu historia.')).toBeVisible();
    await page.getByTestId('story-input').setInputFiles({ name: 'story.png', mimeType: 'image/png', buffer: await makePng(page) });
    await page.getByRole('button', { name: 'Publicar historia' }).click();
    await expect(page.getByRole('button', { name: '¡Historia Subida!' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${owner.username}$`));
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('data-active-stories', 'true');

    // Another person watches it: the progress advances, and holding pauses it.
    const fanContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const fanPage = await fanContext.newPage();
    await signInAs(fanPage, fan);
    await fanPage.goto(`/${owner.username}`);
    await fanPage.getByTestId('profile-avatar').click();
    await expect(fanPage.getByTestId('story-viewer')).toBeVisible();
    await expect.poll(() => progress(fanPage)).toBeGreaterThan(2);
    const stage = (await fanPage.getByTestId('story-stage').boundingBox())!;
    await fanPage.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    await fanPage.mouse.down();
    await fanPage.waitForTimeout(400);
    const held = await progress(fanPage);
    await fanPage.waitForTimeout(800);
    expect(await progress(fanPage)).toBeLessThan(held + 1);
    await expect(fanPage.getByTestId('story-stage')).toHaveAttribute('data-paused', 'true');
    await fanPage.mouse.up();
    await expect.poll(() => progress(fanPage)).toBeGreaterThan(held + 1);

    await fanPage.getByRole('button', { name: 'Me gusta' }).click();
    await expect(fanPage.getByRole('button', { name: 'Me gusta' })).toHaveAttribute('aria-pressed', 'true');
    await fanPage.getByPlaceholder(`Responder a @${owner.username}…`).fill('¡Me encanta!');
    await fanPage.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(fanPage.getByText('Respuesta enviada')).toBeVisible();
    await fanContext.close();

    // The owner sees who watched it, keeps it, groups it and deletes it.
    await page.reload();
    await page.getByRole('button', { name: 'Ver historia' }).click();
    await page.getByRole('button', { name: /1 vista\b/ }).click();
    await expect(page.getByTestId('viewers-panel').getByText(fan.username)).toBeVisible();
    await page.getByTestId('viewers-panel').getByRole('button', { name: 'Cerrar' }).click();

    await page.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Guardar en destacadas' }).click();
    await expect(page.getByText('Historia guardada')).toBeVisible();
    await page.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Enviar a grupo' }).click();
    await page.getByRole('textbox', { name: 'Nuevo grupo' }).fill('Viajes');
    await page.getByTestId('group-dialog').getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByTestId('group-dialog')).toBeHidden();
    await expect
      .poll(async () => ((await (await request.get(`/api/story-groups/${owner.username}`, { headers: { Authorization: `Bearer ${owner.token}` } })).json()) as { groups: Array<{ name: string; count: number }> }).groups)
      .toEqual([expect.objectContaining({ name: 'Viajes', count: 1 })]);

    await page.getByRole('button', { name: 'Opciones' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await expect(page.getByText('¿Eliminar esta historia?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByTestId('story-viewer')).toBeHidden();
    const active = (await (await request.get(`/api/stories/active/${owner.username}`)).json()) as { stories: unknown[] };
    expect(active.stories).toEqual([]);
  });

  test('the story row moves from one person\'s stories to the next and back', async ({ page, request }) => {
    const fan = await createAccount(request, 'row');
    const first = await createAccount(request, 'uno');
    const second = await createAccount(request, 'dos');
    await signInAs(page, fan);
    await page.goto('/');
    const png = await makePng(page);
    for (const creator of [first, second]) {
      const response = await request.post('/api/stories', {
        headers: { Authorization: `Bearer ${creator.token}` },
        multipart: { media: { name: 's.png', mimeType: 'image/png', buffer: png }, audience: 'public' },
      });
      expect(response.status()).toBe(201);
      await request.post(`/api/follow/${creator.username}`, { headers: { Authorization: `Bearer ${fan.token}` } });
    }
    await page.reload();
    const row = page.getByTestId('story-row-item');
    await expect(row).toHaveCount(2);
    const firstName = (await row.first().getAttribute('aria-label'))!.replace('Historias de @', '');
    const secondName = firstName === first.username ? second.username : first.username;
    await row.first().click();
    const viewer = page.getByTestId('story-viewer');
    await expect(viewer.getByText(firstName, { exact: true })).toBeVisible();
    // A tap on the right two thirds moves on; on the left third it goes back.
    const stage = (await page.getByTestId('story-stage').boundingBox())!;
    await page.mouse.click(stage.x + stage.width * 0.8, stage.y + stage.height / 2);
    await expect(viewer.getByText(secondName, { exact: true })).toBeVisible();
    await page.mouse.click(stage.x + stage.width * 0.1, stage.y + stage.height / 2);
    await expect(viewer.getByText(firstName, { exact: true })).toBeVisible();
  });
});
