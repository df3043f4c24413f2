import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { Clock } from '../../src/lib/clock.js';
import { createTestDatabase } from './test-database.js';

/** A clock tests move by hand: time-based rules are tested without sleeping. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = new Date('2026-11-22T12:00:00Z')) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(date: Date): void {
    this.current = date.getTime();
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  config: Config;
  /** The PostgreSQL database of this app (TEST_DATABASE_URL); undefined on embedded PGlite. */
  databaseUrl: string | undefined;
  /** app.inject with an optional bearer token. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The whole HTTP app on a fresh database, with its own media and web folders in a temp dir.
 * One per test file: `beforeAll(async () => (t = await createTestApp()))`, `afterAll(() => t.close())`.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-app-'));
  const webDistDir = path.join(root, 'web');
  await fs.mkdir(webDistDir, { recursive: true });
  await fs.writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>WAG</title><div id="root"></div>');
  const config: Config = {
    ...loadConfig({}),
    dataDir: root,
    mediaDir: path.join(root, 'media'),
    uploadDir: path.join(root, 'uploads'),
    outboxDir: path.join(root, 'outbox'),
    identityDir: path.join(root, 'identity'),
    // Beside the data, never inside it (as the default): removed with it.
    keysDir: `${root}-keys`,
    webDistDir,
    seedDemo: false,
    logLevel: 'silent',
    appSecret: randomBytes(32).toString('base64url'),
    // The factories register every user from one address: the rate limits would stop them. The tests
    // of the limits turn them on (rate-limits.test.ts).
    rateLimitScale: 0,
    ...overrides,
  };
  const database = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildApp({ config, db: database.db, clock });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    databaseUrl: database.url,
    request: ({ token, headers, ...options }) =>
      app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(root, { recursive: true, force: true });
      await fs.rm(`${root}-keys`, { recursive: true, force: true });
    },
  };
}
