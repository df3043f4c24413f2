import type { Page } from '@playwright/test';
import { createAccount, expect, makePng, signInAs, test } from './support';

/** A tag no other test uses: letters only, so it is a valid tag. */
function freshTag(): string {
  return `tarde${Array.from(Date.now().toString(36) + Math.random().toString(36).slice(2, 6), (c) => String.fromCharCode(97 + (c.charCodeAt(0) % 26))).join('')}`;
}

const phone = (page: Page) => (page.viewportSize()?.width ?? 0) < 600;

test('defect 8: mentions and hashtags are links in a feed caption, on the post page, in a comment and in a bio', async ({ page, request }) => {
  const author = await createAccount(request, 'tags');
  const viewer = await createAccount(request, 'mira');
  const tag = freshTag();
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  // A bio, a caption and a comment, each with a mention and a hashtag (and an e-mail address, which stays text).
  const bio = await request.put('/api/user/profile-details', { headers: auth(author.token), data: { bio: `Fotos con @valeria_rios y #${tag}\nescríbeme a hola@example.com` } });
  expect(bio.ok(), await bio.text()).toBe(true);
  const png = await makePng(page, '#dd8844', 640, 640);
  const upload = await request.post('/api/posts', {
    headers: auth(author.token),
    multipart: { media: { name: 'a.png', mimeType: 'image/png', buffer: png }, description: `Atardecer con @valeria_rios en la #${tag.toUpperCase()} 🌅` },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { slug } = (await upload.json()) as { slug: string };
  const { post } = (await (await request.get(`/api/posts/slug/${slug}`)).json()) as { post: { id: string } };
  const comment = await request.post(`/api/posts/${post.id}/comments`, { headers: auth(viewer.token), data: { text: `¡Qué #${tag}! Avisa a @${author.username}` } });
  expect(comment.status(), await comment.text()).toBe(201);
  expect((await request.post(`/api/follow/${author.username}`, { headers: auth(viewer.token) })).ok()).toBe(true);

  await signInAs(page, viewer);

  // The feed card (the viewer follows the author, so the newest post is this one).
  await page.goto('/');
  const card = page.getByTestId('feed-card').filter({ hasText: 'Atardecer con' }).first();
  await expect(card.getByRole('link', { name: '@valeria_rios', exact: true })).toHaveAttribute('href', '/valeria_rios');
  await expect(card.getByRole('link', { name: `#${tag.toUpperCase()}`, exact: true })).toHaveAttribute('href', `/tags/${tag}`);

  // The post page: the caption and the comment.
  await page.goto(`/post/${slug}`);
  const caption = page.locator('.post-caption');
  await expect(caption.getByRole('link', { name: '@valeria_rios', exact: true })).toHaveAttribute('href', '/valeria_rios');
  await expect(caption.getByRole('link', { name: `#${tag.toUpperCase()}`, exact: true })).toHaveAttribute('href', `/tags/${tag}`);
  if (phone(page)) await page.getByRole('button', { name: /Ver comentarios/ }).first().click();
  const said = page.getByTestId('comment').filter({ hasText: '¡Qué' });
  await expect(said.getByRole('link', { name: `#${tag}`, exact: true })).toHaveAttribute('href', `/tags/${tag}`);
  await expect(said.getByRole('link', { name: `@${author.username}`, exact: true })).toHaveAttribute('href', `/${author.username}`);

  // The bio: links, its line break, and the e-mail address as plain text.
  await page.goto(`/${author.username}`);
  const profileBio = page.getByTestId('profile-bio');
  await expect(profileBio.getByRole('link', { name: '@valeria_rios', exact: true })).toHaveAttribute('href', '/valeria_rios');
  await expect(profileBio.getByRole('link', { name: `#${tag}`, exact: true })).toHaveAttribute('href', `/tags/${tag}`);
  await expect(profileBio).toContainText('hola@example.com');
  await expect(profileBio.getByRole('link')).toHaveCount(2);
  const lines = await profileBio.evaluate((node) => node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight));
  expect(Math.round(lines)).toBeGreaterThanOrEqual(2);
});

test('a hashtag link opens the tag page with the post; a mention link opens the profile', async ({ page, request }) => {
  const author = await createAccount(request, 'tagp');
  const tag = freshTag();
  const png = await makePng(page, '#3388cc', 640, 640);
  const upload = await request.post('/api/posts', {
    headers: { Authorization: `Bearer ${author.token}` },
    multipart: { media: { name: 'a.png', mimeType: 'image/png', buffer: png }, description: `Mar en calma #${tag} con @valeria_rios` },
  });
  expect(upload.status()).toBe(201);
  const { slug } = (await upload.json()) as { slug: string };

  await signInAs(page, author);
  await page.goto(`/post/${slug}`);
  await page.locator('.post-caption').getByRole('link', { name: `#${tag}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tags/${tag}$`));
  await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
  await expect(page.getByTestId('tag-count')).toHaveText('1 publicación');
  await expect(page).toHaveTitle(`#${tag} · WAG`);
  await expect(page.getByRole('tab', { name: 'Recientes' })).toHaveAttribute('aria-selected', 'true');
  const tile = page.getByTestId('post-tile').getByRole('link');
  await expect(tile).toHaveCount(1);
  await expect(tile).toHaveAttribute('href', `/post/${slug}`);
  await page.getByRole('tab', { name: 'Populares' }).click();
  await expect(page).toHaveURL(new RegExp(`/tags/${tag}\\?sort=popular$`));
  await expect(page.getByTestId('post-tile')).toHaveCount(1);

  await page.goto(`/post/${slug}`);
  await page.locator('.post-caption').getByRole('link', { name: '@valeria_rios', exact: true }).click();
  await expect(page).toHaveURL(/\/valeria_rios$/);
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Valeria Ríos' })).toBeVisible();
});

test('the search box suggests a person and a tag while typing and remembers what was picked', async ({ page, request }) => {
  const viewer = await createAccount(request, 'sugi');
  await signInAs(page, viewer);
  await page.goto('/');

  await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
  const overlay = page.getByRole('dialog');
  const box = overlay.getByRole('combobox', { name: '¿Qué quieres ver?' });
  await box.fill('valer');
  const person = overlay.getByRole('option', { name: /Valeria Ríos/ });
  await expect(person).toBeVisible();
  await box.press('ArrowDown');
  await expect(person).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/valeria_rios$/);

  await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
  await box.fill('#play');
  const beach = overlay.getByRole('option', { name: /#playa\b/ });
  await expect(beach).toBeVisible();
  await expect(overlay.getByRole('option', { name: /Valeria/ })).toHaveCount(0);
  await beach.click();
  await expect(page).toHaveURL(/\/tags\/playa$/);
  await expect(page.getByTestId('post-tile').first()).toBeVisible();

  // Opened again, empty: the tag and the person, the newest first, kept on this device.
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Buscar' }).click();
  const recent = overlay.getByTestId('recent-searches');
  await expect(recent.getByRole('option')).toHaveCount(2);
  await expect(recent.getByRole('option').nth(0)).toContainText('#playa');
  await expect(recent.getByRole('option').nth(1)).toContainText('Valeria Ríos');
  await recent.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(/\/valeria_rios$/);
});
