import { createAccount, expect, signInAs, test } from './support';

test('search from the top bar: Spanish word forms, chips, the Filtros dialog, more pages, people and opening a result', async ({ page, request }) => {
  const viewer = await createAccount(request, 'busca');
  await signInAs(page, viewer);
  await page.goto('/');

  // The overlay: "ATARDECER" finds the demo world's "Atardecer …" quickys; the Quickys chip narrows to videos.
  await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
  const overlay = page.getByRole('dialog');
  await overlay.getByPlaceholder('Buscar Quickys, fotos o modelos').fill('  ATARDECER ');
  await overlay.getByRole('button', { name: 'Quickys' }).click();
  await overlay.getByPlaceholder('Buscar Quickys, fotos o modelos').press('Enter');
  await expect(page).toHaveURL(/\/search-results\?query=ATARDECER&category=quickys$/);

  const resultsPage = page.getByTestId('search-results-page');
  await expect(resultsPage.getByRole('heading', { level: 1, name: 'Resultados de Búsqueda' })).toBeVisible();
  const results = resultsPage.getByTestId('search-result');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThanOrEqual(3);
  for (const type of await results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-type')))) expect(type).toBe('quicky');
  await expect(resultsPage.getByRole('link', { name: /Cardio al atardecer/ })).toHaveAttribute('href', /^\/quicky\//);
  await expect(resultsPage.getByTestId('search-chips').getByRole('button', { name: 'Quitar el filtro Quickys' })).toBeVisible();
  await expect(resultsPage.getByTestId('search-star').first()).toBeVisible();

  // Filtros: photos instead of quickys, most liked first.
  await resultsPage.getByTestId('search-filter-button').click();
  const filters = page.getByRole('dialog', { name: 'Filtros' });
  await expect(filters.getByRole('radio', { name: 'Quickys' })).toBeChecked();
  await filters.getByText('Fotos', { exact: true }).click();
  await filters.getByText('Popular', { exact: true }).click();
  await filters.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/\/search-results\?query=ATARDECER&category=photos&sort=popular$/);
  await expect(resultsPage.getByRole('link', { name: /Atardecer en Tulum/ })).toBeVisible();
  for (const type of await results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-type')))) expect(type).not.toBe('quicky');
  const likes = await results.evaluateAll((nodes) => nodes.map((node) => node.querySelector('.search-tile__likes')?.textContent ?? '0'));
  expect(likes.length).toBeGreaterThan(0);

  // Spanish word forms: "Playas" finds "playa"; the filters stay, so the demo world's only beach photo
  // is its locked VIP one (other browser tests may have published more beach photos on this server).
  const box = resultsPage.getByRole('searchbox', { name: 'Buscar' });
  await box.fill('Playas');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search-results\?query=Playas&category=photos&sort=popular$/);
  const locked = results.and(page.locator('[data-locked="true"]'));
  await expect(locked.first()).toBeVisible();
  await expect(locked.first().getByRole('img', { name: /Contenido VIP de @/ })).toBeVisible();
  for (const type of await results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-type')))) expect(type).not.toBe('quicky');
  await resultsPage.getByRole('button', { name: 'Quitar el filtro Fotos' }).click();
  await expect(page).toHaveURL(/\/search-results\?query=Playas&sort=popular$/);
  await expect(resultsPage.getByRole('link', { name: /Modo playa activado/ })).toHaveAttribute('href', /^\/quicky\//);

  // Without a text the filters browse every post, page after page.
  await box.fill('');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search-results\?sort=popular$/);
  await expect(results).toHaveCount(12);
  const more = resultsPage.getByRole('button', { name: 'Cargar más' });
  await expect(more).toBeVisible();
  await more.click();
  await expect.poll(() => results.count()).toBeGreaterThan(12);
  const slugs = await results.evaluateAll((nodes) => nodes.map((node) => node.querySelector('a')?.getAttribute('href') ?? node.textContent));
  expect(new Set(slugs).size).toBe(slugs.length);

  // People by name, without accents.
  await box.fill('valeria rios');
  await box.press('Enter');
  await expect(resultsPage.getByTestId('search-person').first()).toBeVisible();
  await expect(resultsPage.getByTestId('search-people').getByRole('link', { name: 'Ver perfil de @valeria_rios' })).toHaveAttribute('href', '/valeria_rios');

  // Nothing matches: Sin resultados.
  await box.fill('zzzqqqxxx');
  await box.press('Enter');
  await expect(resultsPage.getByTestId('search-empty')).toContainText('Sin resultados');

  // A result opens its post.
  await box.fill('Tulum');
  await box.press('Enter');
  const tulum = resultsPage.getByRole('link', { name: /Atardecer en Tulum/ });
  await tulum.click();
  await expect(page).toHaveURL(/\/post\/[^/]+$/);
  await expect(page.getByTestId('post-page')).toBeVisible();
});
