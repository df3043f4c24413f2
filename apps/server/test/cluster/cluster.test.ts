import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLive, type LiveClient } from '../support/live-client.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { s3Environment, startTestS3, type TestS3 } from '../support/s3-server.js';
import { killServer, register, startServer, startWorker, stopServers, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase, testDatabaseUrl } from '../support/test-database.js';
import { startNginx, type Balancer } from '../support/nginx.js';
import { waitFor } from '../support/wait-for.js';

/**
 * WAG beyond one machine (issue 18), as docs/deploy.md runs it: nginx balancing two web processes on
 * one PostgreSQL database, Redis and an S3 server (s3rver), with one worker process (npm run worker)
 * doing the background jobs. Run by `npm run test:cluster` (npm test runs it after the PostgreSQL
 * pass); it needs TEST_DATABASE_URL and Redis, and nginx (Debian's package).
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const json = { 'content-type': 'application/json' };

/** What a client of WAG does with a write: send it, and while no answer comes, send it again with its key. */
async function sendWithRetries(urls: string[], init: RequestInit & { headers: Record<string, string> }, key: string): Promise<Response> {
  let lastError: unknown;
  for (const url of urls) {
    try {
      const answer = await fetch(url, { ...init, headers: { ...init.headers, 'idempotency-key': key }, signal: AbortSignal.timeout(10_000) });
      if (![502, 503, 504].includes(answer.status)) return answer;
      lastError = new Error(`balancer answered ${answer.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw lastError;
}

describe.runIf(testDatabaseUrl)('a cluster behind nginx', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let s3: TestS3;
  let clip: Buffer;
  let web1: ServerProcess;
  let web2: ServerProcess;
  let nginx: Balancer;
  /** The clip and web1's pause marker. */
  let scratch: string;
  let marker: string;
  const streams: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startTestS3();
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-cluster-'));
    marker = path.join(scratch, 'paused');
    // A clip of a few seconds, 540x960 with sound: a ladder of two rungs.
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', path.join(scratch, 'clip.mp4')]);
    clip = await fs.readFile(path.join(scratch, 'clip.mp4'));
    const common = {
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      ...s3Environment(s3.config),
    };
    const web = {
      ...common,
      // nginx on this machine is the one proxy in front: its X-Forwarded-For is believed.
      TRUST_PROXY: '1',
      // Background jobs are the worker's.
      MEDIA_WORKER: '0',
    };
    // The first web process stops after a text message is written and told live, before answering:
    // the test kills it there, as a machine that dies mid-request.
    [web1, web2] = await Promise.all([
      startServer({ ...web, WAG_TEST_PAUSE_AT: 'message.sent', WAG_TEST_PAUSE_MARKER: marker }, { detached: true }),
      startServer(web),
    ]);
    await startWorker(common);
    nginx = await startNginx([web1.url, web2.url]);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await nginx?.stop();
    await stopServers();
    await database?.close();
    await s3?.close();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  it('balances requests between both web processes', async () => {
    const answered = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      const answer = await fetch(`${nginx.url}/healthz`);
      expect(answer.status).toBe(200);
      answered.add(answer.headers.get('x-upstream') ?? '');
    }
    expect(answered).toEqual(new Set([new URL(web1.url).host, new URL(web2.url).host]));
  });

  it('plays, through the other process, a quicky uploaded through one and transcoded by the worker: MP4 first, then HLS', async () => {
    const gala = await register(nginx, 'cl_gala');
    const hugo = await register(nginx, 'cl_hugo');
    const form = new FormData();
    form.append('visibility', 'public');
    form.append('media', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await fetch(`${web1.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${gala}`, 'idempotency-key': 'cluster-quicky-01' }, body: form });
    expect(uploaded.status).toBe(201);
    const { slug, postType } = (await uploaded.json()) as { slug: string; postType: string };
    expect(postType).toBe('quicky');
    const post = async (token = hugo) => {
      const answer = await fetch(`${web2.url}/api/posts/slug/${slug}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await answer.json()) as { post?: { status: string; video_url: string | null; stream_url?: string } };
      if (!body.post) throw new Error(`the post answered ${answer.status}: ${JSON.stringify(body)}`);
      return body.post;
    };
    // Neither web process transcodes (MEDIA_WORKER=0): the worker does, from the bucket. Others see
    // the post once it is ready; its author sees it processing.
    await waitFor('the MP4', async () => ((await post(gala)).status === 'ready' ? true : undefined), 60_000, 100);
    const ready = await post();
    const mp4 = await fetch(`${web2.url}${ready.video_url}`, { headers: { range: 'bytes=0-1023' } });
    expect(mp4.status).toBe(206);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    // Then the ladder, also the worker's; watched through the balancer as a phone would.
    const streamUrl = await waitFor('the HLS ladder', async () => (await post()).stream_url, 120_000);
    const master = await fetch(`${nginx.url}${streamUrl}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toContain('mpegurl');
    const rung = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!;
    const folder = streamUrl.slice(0, streamUrl.lastIndexOf('/'));
    const playlist = await (await fetch(`${nginx.url}${folder}/${rung}`)).text();
    const segment = playlist.split('\n').find((line) => line.endsWith('.ts'))!;
    const bytes = await fetch(`${web2.url}${folder}/${segment}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/mp2t');
    expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // Nothing was kept on a web process's disk: the bucket holds the media.
    for (const server of [web1, web2]) expect(await fs.readdir(path.join(server.dataDir, 'media')).catch(() => [])).toEqual([]);
  });

  it('carries a direct message from one process to a live stream on the other', async () => {
    const ana = await register(nginx, 'cl_ana');
    const bea = await register(nginx, 'cl_bea');
    const live = await openLive(web1.url, bea);
    streams.push(live);
    const sent = await fetch(`${web2.url}/api/conversations/cl_bea/messages`, { method: 'POST', headers: { ...json, authorization: `Bearer ${ana}` }, body: JSON.stringify({ text: 'de un proceso a otro' }) });
    expect(sent.status).toBe(200);
    const event = await live.next('message', (item) => item.message?.text === 'de un proceso a otro');
    expect(event.with).toBe('cl_ana');
  });

  it('holds the login throttle across processes', async () => {
    await register(nginx, 'cl_carla');
    const attempt = (server: { url: string }, password: string) =>
      fetch(`${server.url}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'cl_carla@example.test', password }) });
    // Five wrong passwords, alternating processes, then the right one is refused on either.
    for (let i = 0; i < 5; i += 1) expect((await attempt(i % 2 === 0 ? web1 : web2, `mala-clave-${i}`)).status).toBe(401);
    expect((await attempt(web1, 'clave-segura-2026')).status).toBe(429);
    expect((await attempt(web2, 'clave-segura-2026')).status).toBe(429);
  });

  it('holds rate limits across processes', async () => {
    const dani = await register(nginx, 'cl_dani');
    const post = await createPhotoPost(web2, dani);
    const comment = (server: { url: string }, n: number) =>
      fetch(`${server.url}/api/posts/${post}/comments`, { method: 'POST', headers: { ...json, authorization: `Bearer ${dani}` }, body: JSON.stringify({ text: `comentario ${n}` }) });
    // Twenty comments a minute per person (services/rate-limit-rules.ts), counted once for both processes.
    for (let n = 0; n < 20; n += 1) expect((await comment(n % 2 === 0 ? web1 : web2, n)).status).toBe(201);
    expect((await comment(web1, 20)).status).toBe(429);
    expect((await comment(web2, 21)).status).toBe(429);
  });

  it('loses no acknowledged write when a web process is killed mid-request: the retry with its key answers the first write', async () => {
    const eva = await register(nginx, 'cl_eva');
    const fer = await register(nginx, 'cl_fer');
    // Fer's stream goes through the balancer; it must come back after the kill.
    const request = { method: 'POST', headers: { ...json, authorization: `Bearer ${eva}` }, body: JSON.stringify({ text: 'llega una vez' }) };
    // The first attempt reaches web1, which writes the message and dies before answering.
    const first = fetch(`${web1.url}/api/conversations/cl_fer/messages`, { ...request, headers: { ...request.headers, 'idempotency-key': 'cluster-kill-0001' } }).then(
      (answer) => answer.status,
      () => 'no answer',
    );
    await Promise.race([
      waitFor('web1 paused after writing', async () => ((await fs.readFile(marker, 'utf8').catch(() => '')).includes('message.sent') ? true : undefined), 20_000),
      first.then((outcome) => {
        throw new Error(`web1 answered before pausing: ${outcome}`);
      }),
    ]);
    await killServer(web1);
    expect(await first).toBe('no answer');
    // The client sends it again with the same key, through the balancer, which now finds only web2.
    const retried = await sendWithRetries([`${nginx.url}/api/conversations/cl_fer/messages`, `${nginx.url}/api/conversations/cl_fer/messages`], request, 'cluster-kill-0001');
    expect(retried.status).toBe(200);
    const history = (await (await fetch(`${nginx.url}/api/conversations/cl_eva/messages`, { headers: { authorization: `Bearer ${fer}` } })).json()) as { items: Array<{ id: string; text: string }> };
    expect(history.items.map((item) => item.text)).toEqual(['llega una vez']);
    expect(((await retried.json()) as { message: { id: string } }).message.id).toBe(history.items[0]!.id);

    // A live stream opened through the balancer now lands on web2 and hears the next message.
    const live = await openLive(nginx.url, fer);
    streams.push(live);
    const next = await sendWithRetries([`${nginx.url}/api/conversations/cl_fer/messages`], { ...request, body: JSON.stringify({ text: 'después del corte' }) }, 'cluster-kill-0002');
    expect(next.status).toBe(200);
    await live.next('message', (item) => item.message?.text === 'después del corte');
  });
});

/** A public photo post by the token's owner, through the given process; answers its id. */
async function createPhotoPost(server: { url: string }, token: string): Promise<string> {
  const sharp = (await import('sharp')).default;
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  const created = await fetch(`${server.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(created.status).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const post = (await (await fetch(`${server.url}/api/posts/slug/${slug}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { post?: { id: string }; id?: string };
  return (post.post?.id ?? post.id)!;
}
