import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLive } from '../support/live-client.js';
import { createTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

/** Starts the real server (src/main.ts) as its own process on the given database. */
async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', MEDIA_WORKER: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/me`)).status === 401) return { url, child };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
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
// LISTEN/NOTIFY by default and through Redis pub/sub when REDIS_URL is set.
describe.runIf(testDatabaseUrl)('live delivery across two server processes', () => {
  for (const variant of ['postgres', 'redis'] as const) {
    describe(variant, () => {
      let database: Awaited<ReturnType<typeof createTestDatabase>>;
      let servers: ServerProcess[] = [];

      beforeAll(async () => {
        database = await createTestDatabase();
        const env = { DATABASE_URL: database.url!, ...(variant === 'redis' ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }) };
        const base = 3400 + (variant === 'redis' ? 10 : 0) + Math.floor(Math.random() * 50) * 20;
        servers = await Promise.all([startServer(base, env), startServer(base + 1, env)]);
      }, 90_000);

      afterAll(async () => {
        for (const server of servers) server.child.kill('SIGTERM');
        await Promise.all(servers.map((server) => new Promise((resolve) => (server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve)))));
        await database?.close();
      }, 30_000);

      it("delivers a message sent through one process to a client connected to the other, and a like's notification", async () => {
        const [first, second] = servers as [ServerProcess, ServerProcess];
        const suffix = Math.random().toString(36).slice(2, 8);
        const ana = await register(first, `ana_${suffix}`);
        const bea = await register(second, `bea_${suffix}`);
        const beaLive = await openLive(second.url, bea);
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

          const follow = await fetch(`${first.url}/api/follow/bea_${suffix}`, { method: 'POST', headers: { authorization: `Bearer ${ana}` } });
          expect(follow.status).toBe(200);
          expect(await beaLive.next('notification')).toMatchObject({ counts: { notifications: 1 } });
        } finally {
          beaLive.close();
        }
      });
    });
  }
});
