/**
 * How soon an uploaded quicky is playable.
 *
 *   npx tsx apps/server/scripts/bench-video.ts
 *   (BENCH_VIDEO_RUNS uploads of each clip, 3 by default; BENCH_DATABASE_URL for PostgreSQL, else embedded)
 *
 * Makes 30 s 720x1280 clips with ffmpeg's test sources (moving picture and a tone): one as a phone
 * records it (H.264, AAC, about 6 Mbit/s, 30 fps; made with x264's fastest preset, so making it costs little) and one the server must re-encode (14 Mbit/s,
 * over what is served as it came). Each is uploaded through the real API (POST /api/posts, multipart) with
 * the background video worker running, and the post is read every 100 ms until it is ready. Prints,
 * per clip, the median over the runs of: the upload request (checks and hashes before the answer), the
 * time from the answer to ready, and the whole, and the whole as a share of the clip's duration (the
 * target is at most 0.5).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { runFfmpeg, probeMedia } from '../src/media/video-renditions.js';
import { multipart } from '../test/support/multipart.js';
import { benchConfig, openBenchDatabase, registerViewer } from './bench-support.js';

const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);
const SECONDS = 30;

const { root, handle, db } = await openBenchDatabase('wag-bench-video-');
const app = await buildApp({ config: benchConfig(root, { mediaWorker: true }), db });
await app.ready();
const headers = await registerViewer(app, 'bench_video');

const clips: Array<{ label: string; file: string; args: string[] }> = [
  {
    label: 'H.264/AAC 720x1280 (as a phone records it)',
    file: path.join(root, 'phone.mp4'),
    args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-b:v', '6M', '-maxrate', '8M', '-bufsize', '12M', '-c:a', 'aac', '-b:a', '128k'],
  },
  {
    label: 'H.264 720x1280 at 14 Mbit/s (over the copy limit: re-encoded)',
    file: path.join(root, 'heavy.mp4'),
    args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-b:v', '14M', '-maxrate', '14M', '-bufsize', '14M', '-c:a', 'aac', '-b:a', '128k'],
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

for (const clip of clips) {
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=720x1280:rate=30:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    ...clip.args, '-shortest', '-movflags', '+faststart', clip.file,
  ]);
  const bytes = await fs.readFile(clip.file);
  const probe = await probeMedia(clip.file);
  const uploads: number[] = [];
  const processing: number[] = [];
  const wholes: number[] = [];
  let made = '';
  for (let run = 0; run < RUNS; run += 1) {
    const body = multipart([{ field: 'media', filename: path.basename(clip.file), contentType: 'video/mp4', data: bytes }], { description: 'Atardecer en la playa' });
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, ...body.headers }, payload: body.payload });
    if (response.statusCode !== 201) throw new Error(`upload refused: ${response.statusCode} ${response.body}`);
    const answered = performance.now();
    const { slug } = response.json() as { slug: string };
    let post: { status: string; video_url?: string | null } = { status: 'processing' };
    while (post.status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      post = (await app.inject({ method: 'GET', url: `/api/posts/slug/${slug}`, headers })).json().post;
    }
    const ready = performance.now();
    if (post.status !== 'ready' || !post.video_url) throw new Error(`the video did not become ready: ${JSON.stringify(post)}`);
    const served = await probeMedia(path.join(root, 'media', ...post.video_url.replace(/^\/media\//, '').split('?')[0]!.split('/')));
    made = `${served.videoCodec}/${served.audioCodec} ${served.width}x${served.height}, ${seconds(served.durationMs ?? 0)}`;
    uploads.push(answered - started);
    processing.push(ready - answered);
    wholes.push(ready - started);
  }
  console.log(
    `${clip.label}: ${(bytes.length / 1e6).toFixed(1)} MB, ${probe.videoCodec}/${probe.audioCodec} ${probe.width}x${probe.height}, ${seconds(probe.durationMs ?? 0)} -> ${made}; ` +
      `median of ${RUNS}: upload request ${seconds(median(uploads))}, then ready after ${seconds(median(processing))}, ` +
      `whole ${seconds(median(wholes))} = ${(median(wholes) / (SECONDS * 1000)).toFixed(2)}x its duration ` +
      `(runs: ${wholes.map((ms) => seconds(ms)).join(', ')})`,
  );
}

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
