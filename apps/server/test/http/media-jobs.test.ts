import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { multipart } from '../support/multipart.js';
import { createTestDatabase } from '../support/test-database.js';

it('a video queued before a restart is processed by the next server', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-jobs-'));
  const config = (worker: boolean): Config => ({
    ...loadConfig({}),
    dataDir: root,
    mediaDir: path.join(root, 'media'),
    uploadDir: path.join(root, 'uploads'),
    webDistDir: path.join(root, 'web'),
    seedDemo: false,
    mediaWorker: worker,
    appSecret: 'media-jobs-test-secret-media-jobs-test',
  });
  const database = await createTestDatabase();
  const clip = path.join(root, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=30:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', clip]);

  // First server: accepts the upload, then stops before any worker ran.
  const first = await buildApp({ config: config(false), db: database.db });
  await first.ready();
  await first.inject({ method: 'POST', url: '/api/register', payload: { username: 'reinicio', email: 'reinicio@example.test', password: 'secreto123', birth_date: '1990-01-01' } });
  const { token } = (await first.inject({ method: 'POST', url: '/api/login', payload: { email: 'reinicio@example.test', password: 'secreto123' } })).json() as { token: string };
  const body = multipart([{ field: 'media', filename: 'clip.mp4', contentType: 'video/mp4', data: await fs.readFile(clip) }]);
  const uploaded = await first.inject({ method: 'POST', url: '/api/posts', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
  const { slug } = uploaded.json() as { slug: string };
  await first.close();

  // Second server on the same database and folders: its worker finishes the job.
  const second = await buildApp({ config: config(true), db: database.db });
  await second.ready();
  try {
    let status = 'processing';
    for (let attempt = 0; attempt < 100 && status === 'processing'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await second.inject({ method: 'GET', url: `/api/posts/slug/${slug}`, headers: { authorization: `Bearer ${token}` } });
      status = (response.json() as { post: { status: string } }).post.status;
    }
    expect(status).toBe('ready');
    expect(await database.db.selectFrom('media_jobs').selectAll().execute()).toEqual([]);
  } finally {
    await second.close();
    await database.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}, 60_000);
