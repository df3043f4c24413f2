import { createAccount, expect, signInAs, test } from './support';

interface Quicky {
  slug: string;
  video_url: string | null;
  stream_url?: string;
}

test('a quicky with a ladder plays through HLS: master, a rung and its segments are fetched, not the MP4', async ({ page, request }) => {
  // The demo videos' ladders are made by the worker right after the start: the first are ready in seconds.
  let streamed: Quicky | undefined;
  await expect
    .poll(
      async () => {
        const { quickys } = (await (await request.get('/api/quickys')).json()) as { quickys: Quicky[] };
        streamed = quickys.find((quicky) => quicky.stream_url);
        return Boolean(streamed);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  const quicky = streamed!;
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|fallback to inline/i.test(message.text())) refused.push(message.text());
  });

  await signInAs(page, await createAccount(request, 'hls'));
  await page.goto(`/quicky/${quicky.slug}`);
  const video = page.getByTestId('quicky-video');
  await expect(video).toBeVisible();
  // It plays: time moves on.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);

  const folder = quicky.stream_url!.replace(/\/hls\.m3u8$/, '');
  expect(fetched).toContain(quicky.stream_url);
  expect(fetched.some((path) => path.startsWith(`${folder}/hls-`) && path.endsWith('.m3u8'))).toBe(true);
  expect(fetched.filter((path) => path.startsWith(`${folder}/hls-`) && path.endsWith('.ts')).length).toBeGreaterThan(0);
  expect(fetched).not.toContain(quicky.video_url);
  // hls.js came in its own chunk, only now, and only once the page had loaded (its first screen first).
  expect(fetched.some((path) => /\/assets\/hls-attach-[\w-]+\.js$/.test(path))).toBe(true);
  const timing = await page.evaluate(() => ({
    loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    hls: performance.getEntriesByType('resource').find((entry) => /\/assets\/hls-attach-[\w-]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(timing.loaded).toBeGreaterThan(0);
  expect(timing.hls).toBeGreaterThanOrEqual(timing.loaded);
  // The segments are read in hls.js's worker, a file of the app, not on the page's main thread.
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(expect.stringMatching(/^\/assets\/hls\.worker-[\w-]+\.js$/));
  expect(refused).toEqual([]);
});

test("hls.js waits for the page's first screen: it is not asked for before the first idle moment after the load", async ({ page, request }) => {
  let streamed: Quicky | undefined;
  await expect
    .poll(
      async () => {
        const { quickys } = (await (await request.get('/api/quickys')).json()) as { quickys: Quicky[] };
        streamed = quickys.find((quicky) => quicky.stream_url);
        return Boolean(streamed);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  // Idle moments are held until the test lets them come (the page's other idle work waits too).
  await page.addInitScript(() => {
    const held: Array<() => void> = [];
    const w = window as unknown as { requestIdleCallback: (run: () => void) => number; __releaseIdle: () => void };
    w.requestIdleCallback = (run) => held.push(run);
    w.__releaseIdle = () => held.splice(0).forEach((run) => run());
  });
  const fetched: string[] = [];
  page.on('request', (sent) => fetched.push(new URL(sent.url()).pathname));
  const isHls = (path: string) => /\/assets\/hls-attach-[\w-]+\.js$/.test(path);

  await signInAs(page, await createAccount(request, 'hlswait'));
  await page.goto(`/quicky/${streamed!.slug}`, { waitUntil: 'load' });
  await expect(page.getByTestId('quicky-video')).toBeVisible();
  await page.waitForTimeout(800);
  expect(fetched.filter(isHls)).toEqual([]);

  await page.evaluate(() => (window as unknown as { __releaseIdle: () => void }).__releaseIdle());
  await expect.poll(() => fetched.some(isHls)).toBe(true);
  const video = page.getByTestId('quicky-video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
});
