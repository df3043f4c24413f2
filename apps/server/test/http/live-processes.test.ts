import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '../../src/lib/live-bus.js';
import { openLive } from '../support/live-client.js';
import { createTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

/** Every child started by this file and its data folder, removed at the end even when a start failed half-way. */
const children: { child: ChildProcess; dataDir: string }[] = [];

async function stopChildren(): Promise<void> {
  const started = children.splice(0);
  const running = started.map(({ child }) => child).filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  await Promise.all(started.map(({ dataDir }) => fs.rm(dataDir, { recursive: true, force: true })));
}

/** A port nothing listens on right now, chosen by the system. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether Redis at the given address answers PING within two seconds, connection included. */
async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, enableReadyCheck: false, connectTimeout: 2000, commandTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 2000);
  });
  try {
    const answer = await Promise.race([client.connect().then(() => client.ping()), giveUp]);
    return answer === 'PONG';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** Listens on the live channel of the given transport, as a third party, and keeps what passes. */
async function watchTransport(variant: 'postgres' | 'redis', databaseUrl: string): Promise<{ seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  if (variant === 'redis') {
    const subscriber = new Redis(redisUrl);
    subscriber.on('message', (_channel: string, payload: string) => seen.push(payload));
    await subscriber.subscribe(LIVE_CHANNEL);
    return { seen, close: async () => subscriber.disconnect() };
  }
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (note) => seen.push(note.payload ?? ''));
  await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  return { seen, close: () => listener.end() };
}

/** Starts the real server (src/main.ts) as its own process on the given database. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', MEDIA_WORKER: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push({ child, dataDir });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}: ${stderr}`);
    try {
      const answer = await fetch(`${url}/api/me`, { signal: AbortSignal.timeout(2000) });
      if (answer.status === 401) return { url, child };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start within 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function register(server: ServerProcess, username: string): Promise<string> {
  const email = `${username}@example.test`;
  const password = 'clave-segura-2026';
  const json = { 'content-type': 'application/json' };
  await fetch(`${server.url}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username, email, password, birth_date: '1994-02-03' }) });
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  return ((await login.json()) as { token: string }).token;
}

// Two server processes on one PostgreSQL database deliver each other's live events, through
// LISTEN/NOTIFY by default and through Redis pub/sub when REDIS_URL is set. The Redis pass needs a
// Redis server (TEST_REDIS_URL, by default the local one); without one it is skipped and says so.
const redisReady = testDatabaseUrl ? await redisAnswers(redisUrl) : false;
if (testDatabaseUrl && !redisReady) console.warn(`live-processes: no Redis answers at ${redisUrl}; the Redis pass is skipped`);

describe.runIf(testDatabaseUrl)('live delivery across two server processes', () => {
  for (const variant of ['postgres', 'redis'] as const) {
    describe.runIf(variant === 'postgres' || redisReady)(variant, () => {
      let database: Awaited<ReturnType<typeof createTestDatabase>>;
      let servers: ServerProcess[] = [];

      beforeAll(async () => {
        database = await createTestDatabase();
        const env = { DATABASE_URL: database.url!, REDIS_URL: variant === 'redis' ? redisUrl : '' };
        servers = await Promise.all([startServer(env), startServer(env)]);
      }, 90_000);

      afterAll(async () => {
        await stopChildren();
        await database?.close();
      }, 30_000);
      it("delivers a message sent through one process to a client connected to the other, and a like's notification", async () => {
        const [first, second] = servers as [ServerProcess, ServerProcess];
        const suffix = Math.random().toString(36).slice(2, 8);
        const ana = await register(first, `ana_${suffix}`);
        const bea = await register(second, `bea_${suffix}`);
        const beaLive = await openLive(second.url, bea);
        const transport = await watchTransport(variant, database.url!);
        try {
          await beaLive.next('counts');
          const sent = await fetch(`${first.url}/api/conversations/bea_${suffix}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${ana}` },
            body: JSON.stringify({ text: `hola desde ${variant}` }),
          });
          expect(sent.status).toBe(200);
          const event = await beaLive.next('message');
          expect(event).toMatchObject({ with: `ana_${suffix}`, message: { text: `hola desde ${variant}`, fromMe: false }, counts: { requests: 1 } });
          // It travelled through the transport under test, not another one.
          await expect.poll(() => transport.seen.some((payload) => payload.includes(`hola desde ${variant}`))).toBe(true);

          const follow = await fetch(`${first.url}/api/follow/bea_${suffix}`, { method: 'POST', headers: { authorization: `Bearer ${ana}` } });
          expect(follow.status).toBe(200);
          expect(await beaLive.next('notification')).toMatchObject({ counts: { notifications: 1 } });
        } finally {
          beaLive.close();
          await transport.close();
        }
      });
    });
  }
});
