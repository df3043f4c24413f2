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
