/**
 * Upload to playable: a 30 s 720x1280 clip with sound, timed from the end of its upload to the post
 * being playable (the video job drained in this process).
 *
 *   npx tsx apps/server/scripts/bench-video.ts        (BENCH_DATABASE_URL for a PostgreSQL database)
 *
 * The post page and comments calls it used to measure on a million posts are in `npm run bench`
 * (scripts/bench.ts); the size of the database does not enter into a transcode.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { benchConfig, openBenchDatabase, registerViewer } from './bench-support.js';
import { runFfmpeg } from '../src/media/video-renditions.js';

const { root, handle, db } = await openBenchDatabase('wag-bench-video-');
const app = await buildApp({ config: benchConfig(root), db });
await app.ready();
await db.deleteFrom('users').where('username', '=', 'bench_uploader').execute();
const headers = await registerViewer(app, 'bench_uploader');

const clip = path.join(root, 'clip.mp4');
await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=30:duration=30', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=30',
  '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-shortest', clip]);
const boundary = '----wagbench';
const payload = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
  await fs.readFile(clip),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const uploaded = await app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
if (uploaded.statusCode >= 300) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
const { slug } = uploaded.json() as { slug: string };
const uploadDone = performance.now();
await app.services.jobs.drain();
const playable = await app.inject({ method: 'GET', url: `/api/posts/slug/${slug}`, headers });
const seconds = (performance.now() - uploadDone) / 1000;
console.log(`30 s 720x1280 video: status ${(playable.json() as { post: { status: string } }).post.status} ${seconds.toFixed(1)} s after the upload ended (${(seconds / 30).toFixed(2)}× its duration)`);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
