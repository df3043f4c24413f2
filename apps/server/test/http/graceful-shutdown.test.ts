import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLive } from '../support/live-client.js';
import { register, startServer, stopServers, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase } from '../support/test-database.js';

/** Whether a new TCP connection to the server's port is refused. */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const PAUSE_MS = 3000;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let root: string;
let server: ServerProcess;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-stop-'));
  // On PostgreSQL when the suite runs there; otherwise the embedded default.
  database = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  server = await startServer({
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    RATE_LIMIT_SCALE: '0',
    // Every upload waits PAUSE_MS once received: a slow request in flight.
    WAG_TEST_PAUSE_AT: 'upload.received',
    WAG_TEST_PAUSE_MS: String(PAUSE_MS),
    WAG_TEST_PAUSE_MARKER: path.join(root, 'paused'),
  });
}, 90_000);

afterAll(async () => {
  await stopServers();
  await database?.close();
  await fs.rm(root, { recursive: true, force: true });
}, 30_000);

it('on SIGTERM refuses new connections, ends live streams, lets the request in flight finish, and exits 0', async () => {
  const token = await register(server, `fin_${Math.random().toString(36).slice(2, 8)}`);
  const live = await openLive(server.url, token);
  await live.next('counts');
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } }).png().toBuffer();
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'picture.png');
  const upload = fetch(`${server.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await expect.poll(() => fs.readFile(path.join(root, 'paused'), 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('upload.received');

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  // The stream ends cleanly (its client reconnects elsewhere) and no new connection is taken,
  // both while the upload is still held.
  await live.ended;
  await expect.poll(() => refused(server.url), { timeout: 2000, interval: 20 }).toBe(true);
  expect(Date.now() - signalledAt).toBeLessThan(PAUSE_MS);
  let uploadDone = false;
  void upload.finally(() => (uploadDone = true));
  expect(uploadDone).toBe(false);

  const answer = await upload;
  expect(answer.status).toBe(201);
  expect(await answer.json()).toMatchObject({ success: true, postType: 'grid' });
  expect(await server.exited).toBe(0);
  // It waited for the request, not for its deadline (SHUTDOWN_TIMEOUT_MS, 10 s by default).
  expect(Date.now() - signalledAt).toBeLessThan(PAUSE_MS + 5000);
}, 60_000);

it('past SHUTDOWN_TIMEOUT_MS cuts a request that does not finish, and exits 1', async () => {
  const marker = path.join(root, 'held');
  const held = await startServer({
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    RATE_LIMIT_SCALE: '0',
    SHUTDOWN_TIMEOUT_MS: '500',
    // Held for ever: only the deadline ends it.
    WAG_TEST_PAUSE_AT: 'upload.received',
    WAG_TEST_PAUSE_MARKER: marker,
  });
  const token = await register(held, `corte_${Math.random().toString(36).slice(2, 8)}`);
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } }).png().toBuffer())], { type: 'image/png' }), 'p.png');
  const upload = fetch(`${held.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(
    (answer) => answer.status,
    () => 'cut',
  );
  await expect.poll(() => fs.readFile(marker, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('upload.received');
  const signalledAt = Date.now();
  held.child.kill('SIGTERM');
  expect(await held.exited).toBe(1);
  expect(await upload).toBe('cut');
  expect(Date.now() - signalledAt).toBeLessThan(5000);
}, 60_000);

it('waits for a request whose client left before stopping: its work is done, not cut by the closed database', async () => {
  const marker = path.join(root, 'left');
  const env = {
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    RATE_LIMIT_SCALE: '0',
  };
  const left = await startServer({ ...env, WAG_TEST_PAUSE_AT: 'upload.received', WAG_TEST_PAUSE_MS: '1500', WAG_TEST_PAUSE_MARKER: marker });
  const username = `ida_${Math.random().toString(36).slice(2, 8)}`;
  const token = await register(left, username);
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a3' } }).png().toBuffer())], { type: 'image/png' }), 'p.png');
  const gaveUp = new AbortController();
  const upload = fetch(`${left.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: gaveUp.signal }).catch(
    (error: Error) => error.name,
  );
  await expect.poll(() => fs.readFile(marker, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('upload.received');
  // The client leaves while the upload is held, and its connection closes: nothing holds the server's close.
  gaveUp.abort();
  expect(await upload).toBe('AbortError');
  // A connection opened ahead of use, that never sends a byte (as browsers and proxies keep):
  // Node's closeIdleConnections leaves it, and it held the close until the deadline.
  const { hostname, port } = new URL(left.url);
  const spare = net.connect({ host: hostname, port: Number(port) });
  spare.on('error', () => {});
  await new Promise((resolve) => spare.once('connect', resolve));
  const signalledAt = Date.now();
  left.child.kill('SIGTERM');
  expect(await left.exited).toBe(0);
  // It waited for the handler (held 1.5 s), not for its deadline (10 s).
  expect(Date.now() - signalledAt).toBeLessThan(6000);
  spare.destroy();

  // The same data, another process: the post the handler was making is there.
  const after = await startServer(env, { dataDir: left.dataDir });
  const posts = await fetch(`${after.url}/api/users/${username}/posts`, { headers: { authorization: `Bearer ${token}` } });
  expect(posts.status).toBe(200);
  expect(((await posts.json()) as { posts: unknown[] }).posts).toHaveLength(1);
}, 60_000);

it('stops as Ctrl+C stops `npm start`: the whole process group signalled, the server drains and stops', async () => {
  // A terminal's Ctrl+C signals every process of the foreground group: npm, its shell and the server.
  // The server must get the signal once and drain: a launcher that relays it again, or kills the server
  // when its own signal arrives first (the tsx command did, 60 ms later, when the machine was busy), cut
  // the drain short. `npm start` runs node with tsx as a loader, so no launcher stands between.
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-npm-start-'));
  const { spawn } = await import('node:child_process');
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  const npm = spawn('npm', ['run', 'start', '-w', '@wag/server'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', MEDIA_WORKER: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm start did not answer: ${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    process.kill(-npm.pid!, 'SIGINT');
    await exited;
    // npm itself ends on the signal; the server, its child, drains and ends on its own.
    const groupGone = async () => {
      for (const stop = Date.now() + 15_000; Date.now() < stop; await new Promise((resolve) => setTimeout(resolve, 100))) {
        try {
          process.kill(-npm.pid!, 0);
        } catch {
          return true;
        }
      }
      return false;
    };
    expect(await groupGone()).toBe(true);
    expect(output).toMatch(/"drained":true,"closed":true,"msg":"stopped"/);
    expect(output).not.toMatch(/second stop signal/);
  } finally {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}, 90_000);
