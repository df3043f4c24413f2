import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createAccount, expect, makePng, signInAs, skipGates, test, type TestAccount } from './support';

const require = createRequire(import.meta.url);
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A one-second vertical clip made on the spot. */
function makeClip(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'wag-e2e-clip-')), 'clip.mp4');
  execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=360x640:rate=30:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  return readFileSync(file);
}

/** Uploads a post through the API and waits until its media is ready; returns its slug. */
async function upload(request: APIRequestContext, account: TestAccount, media: { name: string; mimeType: string; buffer: Buffer }, description: string): Promise<string> {
  const response = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: { media, description },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { slug } = (await response.json()) as { slug: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/posts/slug/${slug}`)).json()) as { post?: { status: string } }).post?.status, { timeout: 30_000 })
    .toBe('ready');
  return slug;
}

/**
 * The grid cells each tile covers, read from where the browser drew them, and whether together they
 * fill the grid from its first cell with nothing empty before the last tile's cell.
 */
async function gridCells(grid: Locator): Promise<{ columns: number; cells: number[][]; filled: boolean }> {
  return grid.evaluate((element) => {
    const style = getComputedStyle(element);
    const columns = style.gridTemplateColumns.split(' ').filter(Boolean).length;
    const gap = parseFloat(style.rowGap) || 0;
    const box = element.getBoundingClientRect();
    const tiles = [...element.children].map((tile) => tile.getBoundingClientRect());
    const width = Math.min(...tiles.map((tile) => tile.width));
    const height = Math.min(...tiles.map((tile) => tile.height));
    const cells = tiles.map((tile) => {
      const column = Math.round((tile.left - box.left) / (width + gap));
      const row = Math.round((tile.top - box.top) / (height + gap));
      const rows = Math.round((tile.height + gap) / (height + gap));
      return Array.from({ length: rows }, (_, index) => (row + index) * columns + column);
    });
    const all = cells.flat();
    const filled = new Set(all).size === all.length && Math.max(...all) === all.length - 1;
    return { columns, cells, filled };
  });
}

/** The feed card's like, share and save buttons, as the browser styles them. */
async function actionButtonStyles(page: Page) {
  const card = page.getByTestId('feed-card').first();
  await expect(card).toBeVisible();
  const buttons = [
    card.getByRole('button', { name: 'Me gusta' }),
    card.getByRole('button', { name: 'Compartir' }),
    card.getByRole('button', { name: /^(Guardar|Quitar de guardados)$/ }),
  ];
  return Promise.all(
    buttons.map((button) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, border: style.borderTopWidth, cursor: style.cursor };
      }),
    ),
  );
}

test('defect 1: a fresh home styles the feed cards\' like, share and save buttons (no grey default buttons)', async ({ page }) => {
  await skipGates(page);
  // Straight to the home's list of cards: no post page has been opened, so nothing of its styles is loaded.
  await page.goto('/?tab=siguiendo');
  const styles = await actionButtonStyles(page);
  for (const style of styles) expect(style).toEqual({ background: 'rgba(0, 0, 0, 0)', border: '0px', cursor: 'pointer' });
});

test('defect 10: three quickys leave no hole beside a tall tile, on the profile and the explore grid', async ({ page, request }) => {
  const creator = await createAccount(request, 'grid');
  const clip = makeClip();
  for (const title of ['uno', 'dos', 'tres']) await upload(request, creator, { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip }, `Quicky ${title}`);

  await signInAs(page, creator);
  await page.goto(`/${creator.username}?tab=quickys`);
  const grid = page.getByTestId('quicky-grid');
  await expect(grid.getByTestId('post-tile')).toHaveCount(3);
  await expect(grid.locator('img').first()).toBeVisible();
  const profile = await gridCells(grid);
  expect(profile.cells).toHaveLength(3);
  expect(profile, `cells ${JSON.stringify(profile.cells)} on ${profile.columns} columns`).toMatchObject({ filled: true });

  await page.goto('/quickys');
  const explore = page.getByTestId('quicky-grid');
  await expect(explore.getByTestId('post-tile').first()).toBeVisible();
  const all = await gridCells(explore);
  expect(all, `cells ${JSON.stringify(all.cells)} on ${all.columns} columns`).toMatchObject({ filled: true });
});

test('defect 12: a 4:5 photo keeps its shape on its page and fills its square in grids and cards', async ({ page, request }) => {
  const author = await createAccount(request, 'ratio');
  await signInAs(page, author);
  await page.goto('/about');
  const png = await makePng(page, '#3a7bd5', 800, 1000);
  const slug = await upload(request, author, { name: 'retrato.png', mimeType: 'image/png', buffer: png }, 'Retrato 4:5');

  await page.goto(`/post/${slug}`);
  const photo = page.getByTestId('post-photos').locator('img');
  await expect(photo).toBeVisible();
  const onPage = await photo.evaluate((element: HTMLImageElement) => {
    const box = element.getBoundingClientRect();
    return { ratio: box.width / box.height, fit: getComputedStyle(element).objectFit, width: box.width };
  });
  // The frame is the photo's own 4:5, so no bars whichever way the picture is fitted into it.
  expect(onPage.ratio).toBeCloseTo(0.8, 2);
  expect(onPage.width).toBeGreaterThan(300);

  // On the profile grid the tile is square and the picture fills it (cropped, not letterboxed).
  await page.goto(`/${author.username}`);
  const tile = page.getByTestId('post-grid').getByTestId('post-tile').first();
  await expect(tile.locator('img')).toBeVisible();
  const inGrid = await tile.evaluate((element) => {
    const frame = element.getBoundingClientRect();
    const image = element.querySelector('img')!;
    const box = image.getBoundingClientRect();
    return { frame: frame.width / frame.height, width: box.width / frame.width, height: box.height / frame.height, fit: getComputedStyle(image).objectFit };
  });
  expect(inGrid.frame).toBeCloseTo(1, 2);
  expect(inGrid).toMatchObject({ width: 1, height: 1, fit: 'cover' });
});

test('defect 13: the wide home has a right rail beside the feed; the side menu folds to icons and stays folded', async ({ page, request }, testInfo) => {
  const account = await createAccount(request, 'rail');
  await signInAs(page, account);
  await page.goto('/?tab=siguiendo');
  const feed = page.getByTestId('home-following');
  await expect(feed).toBeVisible();
  const menu = page.getByTestId('side-menu');

  if (testInfo.project.name === 'phone') {
    // A phone has no room for a rail, and its menu is a drawer: no folding there.
    await expect(page.getByTestId('home-rail')).toHaveCount(0);
    await expect(menu.getByTestId('side-menu-fold')).toBeHidden();
    return;
  }

  const rail = page.getByTestId('home-rail');
  await expect(rail).toBeVisible();
  await expect(rail.getByTestId('home-rail-me')).toContainText(`@${account.username}`);
  await expect(rail.getByTestId('home-rail-me')).toHaveAttribute('href', `/${account.username}`);
  await expect(rail.getByTestId('home-rail-suggestion').first()).toBeVisible();
  await expect(rail.getByTestId('home-rail-suggestion').first().getByTestId('follow-button')).toHaveText('Seguir');

  /** The rail sits right of the feed column, and the two together use the width instead of one centred column. */
  const layout = async () => {
    const column = (await feed.getByTestId('feed-card').first().boundingBox())!;
    const side = (await rail.locator('.home-rail__inner').boundingBox())!;
    const main = (await page.locator('.shell__body').boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    return { column, side, main, menuBox };
  };
  let box = await layout();
  expect(box.side.x).toBeGreaterThanOrEqual(box.column.x + box.column.width);
  expect(box.side.x + box.side.width - box.column.x).toBeGreaterThan(880);
  expect(box.main.x).toBeGreaterThanOrEqual(box.menuBox.x + box.menuBox.width - 1);

  // Fold the menu: a narrow rail of icons that keep their names; the content moves over, not under it.
  await menu.getByTestId('side-menu-fold').click();
  await expect(menu).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await menu.boundingBox())!.width).toBeLessThan(90);
  const home = menu.getByRole('link', { name: 'Inicio' });
  await expect(home).toBeVisible();
  await expect(home).toHaveAttribute('title', 'Inicio');
  // Its word is kept for screen readers only (a 1 px clip), the eye gets the icon and the tooltip.
  expect((await home.getByText('Inicio').boundingBox())!.width).toBeLessThanOrEqual(1);
  // The content slides over as the menu narrows (both are animated): wait for it to settle.
  await expect.poll(async () => (await page.locator('.shell__body').boundingBox())!.x).toBeLessThan(120);
  box = await layout();
  expect(box.main.x).toBeGreaterThanOrEqual(box.menuBox.x + box.menuBox.width - 1);
  await expect(rail).toBeVisible();

  // The choice survives a reload, and unfolds again.
  await page.reload();
  await expect(menu).toHaveAttribute('data-collapsed', 'true');
  expect((await menu.boundingBox())!.width).toBeLessThan(90);
  await menu.getByRole('button', { name: 'Expandir menú' }).click();
  await expect(menu).toHaveAttribute('data-collapsed', 'false');
  await expect.poll(async () => (await menu.getByRole('link', { name: 'Inicio' }).getByText('Inicio').boundingBox())!.width).toBeGreaterThan(20);
  await page.reload();
  await expect(menu).toHaveAttribute('data-collapsed', 'false');
  await expect.poll(async () => (await menu.boundingBox())!.width).toBeGreaterThan(200);
});
