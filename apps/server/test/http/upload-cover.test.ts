import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart, type MultipartFile } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let author: TestUser;
let workDir: string;
/** Three seconds: red, then green, then blue, one second each. */
let clip: Buffer;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false, uploadMaxBytes: 2 * 1024 * 1024 });
  author = await createUser(t);
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-cover-'));
  const file = path.join(workDir, 'colours.mp4');
  const colour = (c: string) => ['-f', 'lavfi', '-i', `color=c=${c}:s=180x320:r=30:d=1`];
  await runFfmpeg([...colour('red'), ...colour('lime'), ...colour('blue'), '-filter_complex', '[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]', '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  clip = await fs.readFile(file);
});
afterAll(async () => {
  await t.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

const video = (data: Buffer): MultipartFile => ({ field: 'media', filename: 'colours.mp4', contentType: 'video/mp4', data });

function upload(files: MultipartFile[], fields: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: '/api/posts', token: author.token, ...multipart(files, fields) });
}

/** The colour a served poster is made of: the channel that dominates its average. */
async function posterColour(slug: string): Promise<'red' | 'green' | 'blue'> {
  await t.app.services.jobs.drain();
  const post = (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).json().post as { status: string; video_thumbnail_url: string };
  expect(post.status).toBe('ready');
  expect(post.video_thumbnail_url).toMatch(/poster\.webp$/);
  const served = await t.request({ method: 'GET', url: post.video_thumbnail_url });
  expect(served.statusCode).toBe(200);
  const { channels } = await sharp(served.rawPayload).stats();
  const [r, g, b] = channels.map((channel) => channel.mean) as [number, number, number];
  if (r > 150 && g < 80 && b < 80) return 'red';
  if (g > 150 && r < 80 && b < 80) return 'green';
  if (b > 150 && r < 80 && g < 80) return 'blue';
  throw new Error(`poster of no clear colour: ${[r, g, b].map(Math.round).join(', ')}`);
}

async function postCount(): Promise<number> {
  const row = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the cover of a video (coverAtMs)', () => {
  it('takes the poster at the moment the creator chose', async () => {
    const blue = await upload([video(clip)], { coverAtMs: '2500' });
    expect(blue.statusCode).toBe(201);
    expect(blue.json().postType).toBe('quicky');
    expect(await posterColour(blue.json().slug)).toBe('blue');

    const red = await upload([video(clip)], { coverAtMs: '300' });
    expect(await posterColour(red.json().slug)).toBe('red');
  }, 60_000);

  it('without a choice, takes a frame a second in', async () => {
    const plain = await upload([video(clip)]);
    expect(plain.statusCode).toBe(201);
    expect(await posterColour(plain.json().slug)).toBe('green');
  }, 60_000);

  it('keeps the very end inside the video', async () => {
    // The upload's length as probed: a cover chosen at its last millisecond still finds a frame.
    const end = await upload([video(clip)], { coverAtMs: '3000' });
    expect(end.statusCode).toBe(201);
    expect(await posterColour(end.json().slug)).toBe('blue');
  }, 60_000);

  it.each(['-1', '3001', '999999999', '1.5', 'abc', '1e3', '0x10'])('refuses coverAtMs=%j, leaving no post', async (value) => {
    const before = await postCount();
    const response = await upload([video(clip)], { coverAtMs: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.coverAtInvalid);
    expect(await postCount()).toBe(before);
  });

  it('refuses a cover moment on a photo', async () => {
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2266aa' } }).jpeg().toBuffer();
    const response = await upload([{ field: 'media', filename: 'foto.jpg', contentType: 'image/jpeg', data: photo }], { coverAtMs: '0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.coverAtInvalid);
  });
});
