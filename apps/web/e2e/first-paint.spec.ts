import type { Page, Route } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInAs, skipGates, test } from './support';

// Issue 17: the first paint and the home's first answers do not wait for the JavaScript. index.html
// paints the shell and asks for the home's answers itself; the app then takes both over.

/** Holds every JavaScript file of the app until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

const box = async (page: Page, selector: string) => page.locator(selector).first().boundingBox();

test('the shell is painted before any JavaScript, and the app puts its own in the same place', async ({ page }) => {
  await skipGates(page);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('.top-bar .logo')).toBeVisible();
  await expect(page.locator('main .spinner')).toBeVisible();
  expect(await page.evaluate(() => document.querySelector('#root')?.textContent)).toBe('WAG');
  const painted = { bar: await box(page, '.top-bar'), logo: await box(page, '.top-bar .logo'), mainTop: (await box(page, 'main'))?.y };
  await release();
  await expect(page.getByTestId('home-for-you')).toBeVisible();
  // The app's own texts are there (its shell replaced the painted one), in the same places.
  await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-label', /.+/);
  expect({ bar: await box(page, '.top-bar'), logo: await box(page, '.top-bar .logo'), mainTop: (await box(page, 'main'))?.y }).toEqual(painted);
});

test("the home's first answers are asked for by index.html, once, before the JavaScript has arrived", async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: 'demo@wag.test', password: DEMO_PASSWORD } });
  const { token, username } = (await login.json()) as { token: string; username: string };
  await signInAs(page, { token, username });
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  // No script of the app has run yet, and the answers are already on their way.
  await expect.poll(() => [...asked].sort()).toEqual(['/api/feed', '/api/feed/stories', '/api/me']);
  await release();
  await expect(page.getByTestId('feed-card').first()).toBeVisible();
  await expect(page.getByTestId('story-row-loading')).toHaveCount(0);
  // The app took those answers instead of asking again.
  for (const call of ['/api/feed', '/api/feed/stories', '/api/me']) expect(asked.filter((path) => path === call), call).toHaveLength(1);
});

test("a profile opened from outside asks for its screen's code with the page, and the app adds no second link for it", async ({ page }) => {
  await skipGates(page);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  const release = await holdScripts(page);
  await page.goto('/valeria_rios', { waitUntil: 'commit' });
  // With the app's own script held, the profile screen's code is already asked for: the page named it.
  await expect.poll(() => scripts.some((url) => /\/assets\/profile-route-[\w-]+\.js$/.test(url))).toBe(true);
  await release();
  await expect(page.getByTestId('profile-bio')).toBeVisible();
  // Each file of the screen named once: Vite's import helper found the page's links and added none.
  // Resolved addresses: the page writes '/assets/…', Vite's helper the whole URL.
  const links = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((link) => new URL(link.href).pathname));
  const named = links.filter((href) => /profile-route|post-grid|follow-button/.test(href));
  expect(named.length).toBeGreaterThanOrEqual(3);
  expect(new Set(named).size).toBe(named.length);
  // The app's styles are one stylesheet, the page's own (vite.config.ts, cssCodeSplit): none added for the screen.
  expect(links.filter((href) => href.endsWith('.css'))).toEqual([expect.stringMatching(/^\/assets\/style-[\w-]+\.css$/)]);
});

test('a page of another screen names no profile code', async ({ request }) => {
  const login = await (await request.get('/login')).text();
  expect(login).not.toMatch(/profile-route/);
  const profile = await (await request.get('/valeria_rios')).text();
  expect(profile).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/profile-route-[\w-]+\.js">/);
});

/** Every API call the page asks for, in order: method, path and query. */
function recordApiCalls(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') asked.push(`${sent.method()} ${url.pathname}${url.search}`);
  });
  return asked;
}

test("a profile's first answers are asked for by the page before its JavaScript has arrived, and once", async ({ page }) => {
  await skipGates(page);
  const asked = recordApiCalls(page);
  const release = await holdScripts(page);
  await page.goto('/valeria_rios', { waitUntil: 'commit' });
  const early = ['GET /api/profile/valeria_rios', 'GET /api/story-groups/valeria_rios', 'GET /api/users/valeria_rios/vip'];
  await expect.poll(() => [...asked].sort()).toEqual(early);
  await release();
  await expect(page.getByTestId('profile-bio')).toBeVisible();
  await expect(page.getByTestId('post-tile').first()).toBeVisible();
  for (const call of early) expect(asked.filter((one) => one === call), call).toHaveLength(1);
});

test("a post's answer is asked for by the page for a signed-in person, and once", async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: 'demo@wag.test', password: DEMO_PASSWORD } });
  const { token, username } = (await login.json()) as { token: string; username: string };
  const feed = (await (await request.get('/api/feed', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: Array<{ slug: string; visibility: string; locked?: boolean; post_type: string }>;
  };
  const post = feed.items.find((item) => item.visibility === 'public' && !item.locked && item.post_type !== 'quicky');
  if (!post) throw new Error('the demo feed has no public post');
  await signInAs(page, { token, username });
  const asked = recordApiCalls(page);
  const release = await holdScripts(page);
  await page.goto(`/post/${post.slug}`, { waitUntil: 'commit' });
  const early = [`GET /api/posts/slug/${post.slug}`, 'GET /api/me'];
  await expect.poll(() => [...asked].sort()).toEqual([...early].sort());
  await release();
  await expect(page.getByTestId('post-page')).toBeVisible();
  for (const call of early) expect(asked.filter((one) => one === call), call).toHaveLength(1);
});

test("a post's first photo is asked for as soon as its answer names it, and downloaded once", async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: 'demo@wag.test', password: DEMO_PASSWORD } });
  const { token, username } = (await login.json()) as { token: string; username: string };
  const headers = { authorization: `Bearer ${token}` };
  const feed = (await (await request.get('/api/feed', { headers })).json()) as {
    items: Array<{ slug: string; visibility: string; locked?: boolean; post_type: string; media_type: string }>;
  };
  const post = feed.items.find((item) => item.visibility === 'public' && !item.locked && item.post_type !== 'quicky' && item.media_type === 'image');
  if (!post) throw new Error('the demo feed has no public photo post');
  const detail = (await (await request.get(`/api/posts/slug/${post.slug}`, { headers })).json()) as { post: { media: Array<{ url: string }> } };
  const photo = new URL(detail.post.media[0]!.url, 'http://x').pathname;
  await signInAs(page, { token, username });
  const pictures: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === photo) pictures.push(sent.url());
  });
  await page.goto(`/post/${post.slug}`);
  await expect(page.locator('[data-testid="post-photos"] img').first()).toBeVisible();
  // The app's entry asked for it (a preload link in <head>, before the page's code rendered it) …
  await expect(page.locator(`link[rel="preload"][as="image"][fetchpriority="high"]`)).toHaveAttribute('href', detail.post.media[0]!.url);
  await expect(page.locator('[data-testid="post-photos"] img').first()).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => page.locator('[data-testid="post-photos"] img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // … and the page's photo took that download: one request for it.
  expect(pictures).toHaveLength(1);
});

test('a signed-in page leaves nothing important loading: its live stream stays open at low priority', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: 'demo@wag.test', password: DEMO_PASSWORD } });
  const { token, username } = (await login.json()) as { token: string; username: string };
  await signInAs(page, { token, username });
  // The browser's own priority for each request (what a page's loading tools wait on: the High ones).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event) => priorities.set(new URL(event.request.url).pathname, event.request.initialPriority));
  await page.goto('/');
  await expect.poll(() => priorities.get('/api/live')).toBe('Low');
  // It is the channel the page keeps open (a live notification would come through it).
  await expect(page.getByTestId('home-feed')).toBeVisible();
});
