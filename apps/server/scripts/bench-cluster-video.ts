/**
 * Upload-to-playable through the cluster of docs/deploy.md: nginx in front of two web processes
 * (MEDIA_WORKER=0) and one worker process (npm run worker), on a PostgreSQL database, Redis and an S3
 * server (s3rver). A 30 s 720x1280 clip as a phone records it (H.264/AAC, about 6 Mbit/s) is uploaded
 * through the balancer; the post is read every 100 ms until its MP4 plays, then until its HLS ladder
 * is named. The clock starts when the upload is answered.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx apps/server/scripts/bench-cluster-video.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makePhoneClip } from './bench-support.js';
import { startNginx } from '../test/support/nginx.js';
import { s3Environment, startTestS3 } from '../test/support/s3-server.js';
import { register, startServer, startWorker, stopServers } from '../test/support/server-process.js';
import { createTestDatabase } from '../test/support/test-database.js';

const SECONDS = 30;
if (!process.env.TEST_DATABASE_URL) throw new Error('set TEST_DATABASE_URL: the cluster runs on a PostgreSQL server');

const database = await createTestDatabase();
const s3 = await startTestS3();
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-cluster-video-'));
const stops: Array<() => Promise<void>> = [];
try {
  const common = {
    DATABASE_URL: database.url!,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...s3Environment(s3.config),
  };
  const web = await Promise.all([1, 2].map(() => startServer({ ...common, TRUST_PROXY: '1', MEDIA_WORKER: '0' })));
  await startWorker(common);
  const nginx = await startNginx(web.map((server) => server.url));
  stops.push(() => nginx.stop());
  const token = await register(nginx, 'medida_cluster');
  const clip = path.join(scratch, 'phone.mp4');
  await makePhoneClip(clip, SECONDS);
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('media', new Blob([new Uint8Array(await fs.readFile(clip))], { type: 'video/mp4' }), 'phone.mp4');
  const began = performance.now();
  const uploaded = await fetch(`${nginx.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload refused: ${uploaded.status} ${await uploaded.text()}`);
  const answered = performance.now();
  const { slug } = (await uploaded.json()) as { slug: string };
  const until = async (done: (post: { status: string; stream_url?: string }) => boolean) => {
    for (;;) {
      const post = ((await (await fetch(`${nginx.url}/api/posts/slug/${slug}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { post: { status: string; stream_url?: string } }).post;
      if (post.status === 'failed') throw new Error('the video failed');
      if (done(post)) return performance.now() - answered;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const playable = await until((post) => post.status === 'ready');
  const laddered = await until((post) => Boolean(post.stream_url));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`${os.cpus().length} cores; ${new Date().toISOString()}`);
  console.log(`30 s 720x1280 quicky through nginx, two web processes and a worker on S3: upload ${seconds(answered - began)}; from its answer, MP4 playable ${seconds(playable)}, whole ladder ${seconds(laddered)}`);
} finally {
  for (const stop of stops) await stop();
  await stopServers();
  await s3.close();
  await database.close();
  await fs.rm(scratch, { recursive: true, force: true });
}
