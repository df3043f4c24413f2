import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * Logs as JSON lines, one request id on every line of a request (and in its answer), the job's id on
 * every line of a job, and no credential anywhere: the app logs at info into memory.
 */
let app: FastifyInstance;
let root: string;
let closeDatabase: () => Promise<void>;
let db: Database;
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-logs-'));
  const database = await createTestDatabase();
  closeDatabase = database.close;
  db = database.db;
  const config = {
    ...loadConfig({}),
    dataDir: root,
    mediaDir: path.join(root, 'media'),
    uploadDir: path.join(root, 'uploads'),
    outboxDir: path.join(root, 'outbox'),
    identityDir: path.join(root, 'identity'),
    keysDir: `${root}-keys`,
    webDistDir: path.join(root, 'web'),
    seedDemo: false,
    mediaWorker: false,
    rateLimitScale: 0,
    logLevel: 'info',
    appSecret: randomBytes(32).toString('base64url'),
  };
  await fs.mkdir(config.webDistDir, { recursive: true });
  await fs.writeFile(path.join(config.webDistDir, 'index.html'), '<!doctype html><title>WAG</title>');
  const memory = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({ config, db: database.db, loggerInstance: pino(loggerOptions(config), memory) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(`${root}-keys`, { recursive: true, force: true });
});

it('keeps a short safe x-request-id, answers with it, and puts it on every line of that request', async () => {
  lines.length = 0;
  const response = await app.inject({ method: 'GET', url: '/api/profile/nadie', headers: { 'x-request-id': 'edge-7f3a.01' } });
  expect(response.headers['x-request-id']).toBe('edge-7f3a.01');
  const ofRequest = lines.filter((line) => line.reqId === 'edge-7f3a.01');
  expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  expect(lines.every((line) => line.reqId === 'edge-7f3a.01')).toBe(true);
});

it('gives a fresh UUID instead of an id too long or holding anything but a safe token', async () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  for (const given of ['a'.repeat(65), 'x"}\nforged', 'has space', undefined]) {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: given === undefined ? {} : { 'x-request-id': given } });
    expect(response.headers['x-request-id']).toMatch(uuid);
  }
  const first = await app.inject({ method: 'GET', url: '/api/profile/nadie' });
  const second = await app.inject({ method: 'GET', url: '/api/profile/nadie' });
  expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
});

it('writes no token, cookie, password or mailed link token on any line', async () => {
  raw.length = 0;
  const password = 'clave-muy-secreta-2026';
  const email = `logs_${randomBytes(3).toString('hex')}@example.test`;
  const json = { 'content-type': 'application/json' };
  await app.inject({ method: 'POST', url: '/api/register', headers: json, payload: { username: `logs_${randomBytes(3).toString('hex')}`, email, password, birth_date: '1994-02-03' } });
  const login = await app.inject({ method: 'POST', url: '/api/login', headers: json, payload: { email, password } });
  const token = (login.json() as { token: string }).token;
  expect(token).toBeTruthy();
  await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}`, cookie: 'wag_media=cookie-value-123' } });
  await app.inject({ method: 'GET', url: '/confirm-email?token=link-token-456' });
  await app.inject({ method: 'GET', url: '/api/live', headers: { authorization: 'Bearer wrong-token-789' } });
  const text = raw.join('');
  expect(text).toContain('/confirm-email?token=***');
  for (const secret of [password, token, 'cookie-value-123', 'link-token-456', 'wrong-token-789']) expect(text).not.toContain(secret);
});

it("puts the job's id on the lines of a job", async () => {
  // The registration queued its confirmation mail; the mail job says it sent it.
  await app.inject({ method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' }, payload: { username: `job_${randomBytes(3).toString('hex')}`, email: `job_${randomBytes(3).toString('hex')}@example.test`, password: 'clave-segura-2026', birth_date: '1994-02-03' } });
  const queued = await db.selectFrom('jobs').select('id').where('name', '=', 'mail.send').execute();
  expect(queued.length).toBeGreaterThan(0);
  lines.length = 0;
  await app.services.jobs.drain();
  const ofJobs = lines.filter((line) => line.job === 'mail.send');
  expect(ofJobs.map((line) => line.msg)).toContain('correo enviado');
  expect(ofJobs.every((line) => queued.some((job) => job.id === line.jobId))).toBe(true);
  // Nor does sending it write the link's token anywhere.
  expect(raw.join('')).not.toMatch(/token=(?!\*\*\*)/);
});
