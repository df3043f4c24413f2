import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { READINESS_CHECK_TIMEOUT_MS } from '../../src/http/readiness.js';
import { createRedisBus } from '../../src/lib/live-bus.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * GET /healthz: alive is alive. The app here runs on a database that refuses every statement once
 * the test says so, with its rate limits on and its log written to memory.
 */

let app: FastifyInstance;
let root: string;
let closeDatabase: () => Promise<void>;
let databaseDown = false;
const logLines: string[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-health-'));
  const database = await createTestDatabase();
  closeDatabase = database.close;
  const refuseWhenDown: KyselyPlugin = {
    transformQuery: (args) => {
      if (databaseDown) throw new Error('the database is down');
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const config = {
    ...loadConfig({}),
    dataDir: root,
    mediaDir: path.join(root, 'media'),
    uploadDir: path.join(root, 'uploads'),
    webDistDir: path.join(root, 'web'),
    mediaWorker: false,
    logLevel: 'info',
    appSecret: randomBytes(32).toString('base64url'),
  };
  const memory = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, db: database.db.withPlugin(refuseWhenDown), loggerInstance: pino(loggerOptions(config), memory) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  await fs.rm(root, { recursive: true, force: true });
});

describe('GET /healthz', () => {
  it('answers { status: "ok" }, not cached, without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('touches no database: it still answers while every statement fails', async () => {
    databaseDown = true;
    try {
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer x' } });
      expect(me.statusCode).toBe(500);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
    } finally {
      databaseDown = false;
    }
  });

  it('counts no rate limit and writes no log line, where an API call logs its request', async () => {
    logLines.length = 0;
    for (let i = 0; i < 300; i += 1) expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(logLines).toEqual([]);
    await app.inject({ method: 'GET', url: '/api/profile/nadie' });
    expect(logLines.some((line) => line.includes('/api/profile/nadie'))).toBe(true);
  });
});

describe('GET /readyz', () => {
  it('answers 200 with every check ok: the database, the media folder (and Redis when the bus is Redis)', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the check that failed, with nothing of the error, and writes no log line', async () => {
    logLines.length = 0;
    databaseDown = true;
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', checks: { database: 'failed', storage: 'ok' } });
      expect(response.body).not.toContain('down');
    } finally {
      databaseDown = false;
    }
    // A file where the media folder should be: nothing can be stored (a missing folder would be made).
    await fs.rm(path.join(root, 'media'), { recursive: true, force: true });
    await fs.writeFile(path.join(root, 'media'), '');
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', checks: { database: 'ok', storage: 'failed' } });
    } finally {
      await fs.rm(path.join(root, 'media'), { force: true });
      await fs.mkdir(path.join(root, 'media'), { recursive: true });
    }
    expect(logLines).toEqual([]);
  });

  it('counts a check that does not answer in time as failed, so the probe still answers', async () => {
    const other = await createTestDatabase();
    const hanging = await buildApp({
      config: { ...app.config },
      db: other.db,
      readinessChecks: [
        { name: 'database', check: async () => undefined },
        { name: 'redis', check: () => new Promise<void>(() => undefined) },
      ],
    });
    try {
      const started = Date.now();
      const response = await hanging.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', checks: { database: 'ok', redis: 'timeout' } });
      expect(Date.now() - started).toBeLessThan(READINESS_CHECK_TIMEOUT_MS + 1000);
    } finally {
      await hanging.close();
      await other.close();
    }
  });

  it('PINGs Redis when the live bus is Redis (REDIS_URL): ok while it answers, failed once it is gone', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const bus = await createRedisBus(redisUrl, { startTimeoutMs: 2000 }).catch(() => undefined);
    if (!bus) {
      console.warn(`health: no Redis answers at ${redisUrl}; the Redis readiness check is not tried`);
      return;
    }
    const other = await createTestDatabase();
    const withRedis = await buildApp({ config: { ...app.config }, db: other.db, liveBus: bus });
    try {
      const ready = await withRedis.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });
      await bus.close();
      const gone = await withRedis.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ status: 'unready', checks: { database: 'ok', storage: 'ok' } });
      expect(['failed', 'timeout']).toContain((gone.json() as { checks: { redis: string } }).checks.redis);
    } finally {
      await withRedis.close();
      await other.close();
    }
  });

  it('answers 503 from the moment the process is stopping, whatever the checks say', async () => {
    app.readiness.markStopping();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'stopping' });
    // Alive is still alive: only readiness changes.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
