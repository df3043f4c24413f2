import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { Clock } from '../../src/lib/clock.js';
import { createS3Client, s3Status } from '../../src/media/s3-store.js';
import { createTestDatabase } from './test-database.js';
import { startTestS3, type TestS3 } from './s3-server.js';

/** Where a test app keeps media: TEST_STORAGE=s3 runs every test file that does not choose against a bucket. */
export type TestStorage = 'local' | 's3';
const DEFAULT_STORAGE: TestStorage = process.env.TEST_STORAGE === 's3' ? 's3' : 'local';

/**
 * What a test reads or plants in the app's storage directly, the same on the disk and in a bucket:
 * stored media files by key, queued uploads, identity documents.
 */
export interface StoredMedia {
  kind: TestStorage;
  /** Media folder keys held (u/… and r/…), sorted. */
  folders(): Promise<string[]>;
  /** A stored file's bytes by its key, or null. */
  read(key: string): Promise<Buffer | null>;
  /** Writes a file under its key as it is (tests plant or damage files with it). */
  write(key: string, bytes: Buffer | string): Promise<void>;
  /** Queued uploads waiting for a video job. */
  queued(): Promise<string[]>;
  /** Identity documents held, by name. */
  identityDocuments(): Promise<string[]>;
  readIdentityDocument(name: string): Promise<Buffer | null>;
  writeIdentityDocument(name: string, bytes: Buffer): Promise<void>;
}

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
  /** The app's media and identity storage, read and written directly. */
  stored: StoredMedia;
  /** The S3 server of this app (storage 's3'). */
  s3: TestS3 | undefined;
  close(): Promise<void>;
}

async function readLocal(file: string): Promise<Buffer | null> {
  return fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

function storedMedia(config: Config): StoredMedia {
  const { storage } = config;
  if (storage.kind === 'local') {
    const list = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).sort();
    return {
      kind: 'local',
      folders: async () => [...(await list(path.join(config.mediaDir, 'r'))).map((n) => `r/${n}`), ...(await list(path.join(config.mediaDir, 'u'))).map((n) => `u/${n}`)],
      read: (key) => readLocal(path.join(config.mediaDir, ...key.split('/'))),
      write: async (key, bytes) => {
        const file = path.join(config.mediaDir, ...key.split('/'));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, bytes);
      },
      queued: () => list(path.join(config.uploadDir, 'jobs')),
      identityDocuments: () => list(config.identityDir),
      readIdentityDocument: (name) => readLocal(path.join(config.identityDir, name)),
      writeIdentityDocument: (name, bytes) => fs.writeFile(path.join(config.identityDir, name), bytes),
    };
  }
  const client = createS3Client(storage);
  const keys = async (bucket: string, prefix: string) => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((item) => item.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  };
  const get = async (bucket: string, key: string) => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (s3Status(error) === 404) return null;
      throw error;
    }
  };
  const put = async (bucket: string, key: string, bytes: Buffer | string) => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
  };
  return {
    kind: 's3',
    folders: async () => {
      const all = [...(await keys(storage.bucket, 'r/')), ...(await keys(storage.bucket, 'u/'))];
      return [...new Set(all.map((key) => path.posix.dirname(key)))].sort();
    },
    read: (key) => get(storage.bucket, key),
    write: (key, bytes) => put(storage.bucket, key, bytes),
    queued: async () => (await keys(storage.bucket, 'incoming/')).map((key) => path.posix.basename(key)),
    identityDocuments: async () => (await keys(storage.identityBucket, '')).sort(),
    readIdentityDocument: (name) => get(storage.identityBucket, name),
    writeIdentityDocument: (name, bytes) => put(storage.identityBucket, name, bytes),
  };
}

/**
 * The whole HTTP app on a fresh database, with its own media and web folders in a temp dir.
 * One per test file: `beforeAll(async () => (t = await createTestApp()))`, `afterAll(() => t.close())`.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { storage?: TestStorage; presignedRedirect?: boolean } = {}): Promise<TestApp> {
  const s3 = (options.storage ?? DEFAULT_STORAGE) === 's3' ? await startTestS3() : undefined;
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
    storage: s3 ? { kind: 's3', ...s3.config, presignedRedirect: options.presignedRedirect === true } : { kind: 'local' },
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
    stored: storedMedia(config),
    s3,
    close: async () => {
      await app.close();
      await database.close();
      await s3?.close();
      await fs.rm(root, { recursive: true, force: true });
      await fs.rm(`${root}-keys`, { recursive: true, force: true });
    },
  };
}
