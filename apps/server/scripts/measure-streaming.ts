/**
 * Adaptive streaming, measured: how soon an uploaded quicky plays (its MP4) and has its whole HLS
 * ladder, and how many bytes a phone-sized player downloads in the first 10 s of it over HLS and as
 * the MP4.
 *
 *   npm run build -w @wag/web && npx tsx apps/server/scripts/measure-streaming.ts
 *   (MEASURE_PORT, 3690 by default; CHROMIUM_PATH, /usr/bin/chromium by default)
 *
 * Makes a 30 s 720x1280 clip as a phone records it (H.264/AAC, about 6 Mbit/s, 30 fps: copied into
 * the MP4 as it came, decision 27) and uploads it through the real API with the worker running; the
 * post is read every 100 ms until it is ready, then until it names its stream. Then the built web app
 * is served and Chromium opens /quicky/<slug> in a 390x844 window (at 1x and at 3x pixels, a phone's),
 * signed in, and counts the bytes of every video response (playlists, segments, MP4) received in the
 * first 10 s after the page was asked for, through the DevTools protocol (a ranged or cut-off response
 * counts what arrived). The MP4 run is the same page with the stream's address taken out of the post.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../src/app.js';
import { multipart } from '../test/support/multipart.js';
import { benchConfig, makePhoneClip, openBenchDatabase, registerViewer } from './bench-support.js';

const SECONDS = 30;
const WINDOW_MS = 10_000;
const port = Number(process.env.MEASURE_PORT ?? 3690);
const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const { root, handle, db } = await openBenchDatabase('wag-measure-streaming-');
const app = await buildApp({ config: { ...benchConfig(root, { mediaWorker: true }), webDistDir, port }, db });
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;

try {
  const headers = await registerViewer(app, 'measure_hls');
  const token = headers.authorization.replace(/^Bearer /, '');
  const clip = path.join(root, 'phone.mp4');
  await makePhoneClip(clip, SECONDS);

  const body = multipart([{ field: 'media', filename: 'phone.mp4', contentType: 'video/mp4', data: await fs.readFile(clip) }], { description: 'Medida' });
  const uploaded = await app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, ...body.headers }, payload: body.payload });
  if (uploaded.statusCode !== 201) throw new Error(`upload refused: ${uploaded.body}`);
  const answered = performance.now();
  const { slug } = uploaded.json() as { slug: string };
  const read = async () => (await app.inject({ method: 'GET', url: `/api/posts/slug/${slug}`, headers })).json().post as { status: string; stream_url?: string; video_url: string };
  const until = async (done: (post: Awaited<ReturnType<typeof read>>) => boolean) => {
    for (;;) {
      const post = await read();
      if (done(post)) return { post, ms: performance.now() - answered };
      if (post.status === 'failed') throw new Error('the video failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const playable = await until((post) => post.status === 'ready');
  const laddered = await until((post) => Boolean(post.stream_url));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`30 s 720x1280 quicky, from the upload's answer: MP4 playable ${seconds(playable.ms)}, whole ladder ${seconds(laddered.ms)}`);

  const folder = path.join(root, 'media', ...laddered.post.stream_url!.replace('/media/', '').replace('/hls.m3u8', '').split('/'));
  const files = await fs.readdir(folder);
  const sizeOf = async (names: string[]) => (await Promise.all(names.map((name) => fs.stat(path.join(folder, name))))).reduce((sum, stat) => sum + stat.size, 0);
  console.log(`  MP4 ${(await sizeOf(['video.mp4'])).toLocaleString('en')} B`);
  for (const rung of files.filter((name) => /^hls-\d+p\.m3u8$/.test(name)).sort((a, b) => parseInt(a.slice(4), 10) - parseInt(b.slice(4), 10))) {
    const segments = files.filter((name) => name.startsWith(rung.replace('.m3u8', '-')));
    console.log(`  ${rung}: ${segments.length} segments, ${(await sizeOf(segments)).toLocaleString('en')} B`);
  }

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    for (const scale of [1, 3]) {
      for (const mode of ['hls', 'mp4'] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: scale, hasTouch: true });
        // Signed in, the gates passed (the server's TypeScript has no DOM: the script is text).
        const saved = { 'wag.consentAccepted': '1', 'wag.ageConfirmed': '1', token, username: 'measure_hls' };
        await context.addInitScript({
          content: Object.entries(saved).map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`).join('\n'),
        });
        const page = await context.newPage();
        if (mode === 'mp4') {
          // The same post without its stream: the player plays the MP4, as before the ladder.
          await page.route(`**/api/posts/slug/${slug}`, async (route) => {
            const response = await route.fetch();
            const json = (await response.json()) as { post: { stream_url?: string; media: Array<{ stream_url?: string }> } };
            delete json.post.stream_url;
            for (const item of json.post.media) delete item.stream_url;
            await route.fulfill({ response, json });
          });
        }
        const { bytes, files: fetched, played } = await videoBytes(page, `${base}/quicky/${slug}`);
        console.log(`390x844 at ${scale}x, ${mode.toUpperCase()}: ${bytes.toLocaleString('en')} B of video in the first 10 s (${played.toFixed(1)} s played; ${fetched.join(', ')})`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await app.close();
  await handle.close();
  await fs.rm(root, { recursive: true, force: true });
}

/** Bytes of video responses (playlists, segments, MP4) received within WINDOW_MS of asking for `url`. */
async function videoBytes(page: Page, url: string): Promise<{ bytes: number; files: string[]; played: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const received = new Map<string, number>();
  let open = true;
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.dataReceived', (event) => {
    const name = urls.get(event.requestId);
    if (!open || !name || !/\/media\/.*\.(m3u8|ts|mp4)$/.test(new URL(name).pathname)) return;
    const file = path.basename(new URL(name).pathname);
    received.set(file, (received.get(file) ?? 0) + event.dataLength);
  });
  const started = Date.now();
  await page.goto(url);
  await page.waitForTimeout(Math.max(0, WINDOW_MS - (Date.now() - started)));
  open = false;
  const played = await page.getByTestId('quicky-video').evaluate((element) => (element as unknown as { currentTime: number }).currentTime);
  const bytes = [...received.values()].reduce((sum, value) => sum + value, 0);
  return { bytes, files: [...received.keys()], played };
}
