import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signInAs, skipGates, test } from './support';

// Nothing on the first screen moves while a page loads (issue 17: CLS <= 0.05): what arrives late (the
// feed, the story row, a profile's tabs, the footer under them) has its place kept from the start.
// The API answers late here, as on a slow phone network, so late content really is late.

const API_DELAY_MS = 700;
const BUDGET = 0.05;

async function slowApi(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
}

/** Sums every layout shift not caused by input, from the first paint on (the CLS of a page load). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) => (node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName)));
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ total: number; shifts: { value: number; sources: string[] }[] }> {
  // Late answers and pictures land first (no 'networkidle': a signed-in page keeps its live channel open).
  await page.waitForLoadState('load');
  await page.waitForTimeout(API_DELAY_MS * 3);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

test.describe('no layout shift while a page loads', () => {
  test('/ signed in: the feed, its first picture and the story row', async ({ page, request }) => {
    const login = await request.post('/api/login', { data: { email: 'demo@wag.test', password: DEMO_PASSWORD } });
    const { token, username } = (await login.json()) as { token: string; username: string };
    await signInAs(page, { token, username });
    await watchShifts(page);
    await slowApi(page);
    await page.goto('/');
    await expect(page.getByTestId('feed-card').first()).toBeVisible();
    await expect(page.getByTestId('story-row-loading')).toHaveCount(0);
    const first = page.getByTestId('feed-card').first().locator('.feed-card__media img');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const { total, shifts } = await layoutShift(page);
    expect(total, JSON.stringify(shifts)).toBeLessThan(BUDGET);
  });

  test('/ as a guest, /quickys and a profile', async ({ page }) => {
    await skipGates(page);
    await watchShifts(page);
    await slowApi(page);
    for (const [path, ready] of [
      ['/', page.getByTestId('home-for-you')],
      ['/quickys', page.getByTestId('post-tile').first()],
      ['/valeria_rios', page.getByTestId('post-tile').first()],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      const { total, shifts } = await layoutShift(page);
      expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(BUDGET);
    }
  });
});
