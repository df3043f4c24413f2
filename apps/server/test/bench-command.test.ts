import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { derivedDatabaseName, siblingDatabaseUrl } from '../scripts/bench-support.js';
import { benchScale, benchTargets, benchTotals, seedBench, type SeedStep } from '../scripts/bench-seed.js';
import { checkAnswer, formatTable, measureLoad, scaleTable, type MeasuredCall, type ScaleRun } from '../scripts/bench-table.js';
import { createTestDatabase } from './support/test-database.js';

/** The pieces of `npm run bench` (scripts/bench.ts): the seed at a tiny scale, the answer check, the load's refusals, the table. */

describe('the benchmark seed', () => {
  let db: Database;
  let close: () => Promise<void>;
  const scale = benchScale(0.0005);
  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.db;
    close = database.close;
  });
  afterAll(async () => close?.());

  it('seeds the world at a scale, step by step, with what the calls read', async () => {
    expect(scale).toMatchObject({ users: 50, posts: 500, followsPerUser: 48, viewerFollows: 25, viewerNotifications: 500 });
    const lines: string[] = [];
    const report = await seedBench(db, scale, { log: (line) => lines.push(line) });
    expect(report.reused).toBe(false);
    expect(report.ran.map((step) => step.name)).toEqual(['users', 'posts', 'follows', 'notifications', 'comments', 'counters']);
    expect(lines.filter((line) => /^ {2}\w+: \d+\.\d s$/.test(line))).toHaveLength(7);
    // 49 people follow 47 others each (the 48th draw would be themselves), the viewer 25.
    expect(await benchTotals(db)).toEqual({ users: 50, posts: 500, follows: 49 * 47 + 25, notifications: 49 * 10 + 500, comments: 50 + 60 + 61 * 3, viewer_follows: 25 });
    const targets = benchTargets(scale);
    const busy = await db.selectFrom('posts').select(['visibility', 'status', 'comments_count']).where('slug', '=', targets.busyPostSlug).executeTakeFirstOrThrow();
    expect(busy).toEqual({ visibility: 'public', status: 'ready', comments_count: 61 + 61 * 3 });
    const profile = await db.selectFrom('users').select(['posts_count']).where('username', '=', targets.profile).executeTakeFirstOrThrow();
    expect(profile.posts_count).toBeGreaterThan(0);
    const playa = await sql<{ n: number }>`SELECT posts_count AS n FROM hashtags WHERE tag = 'playa'`.execute(db);
    expect(playa.rows[0]!.n).toBeGreaterThan(0);
  });

  it('reuses a seeded world, runs only a step added later, and refuses another scale', async () => {
    const again = await seedBench(db, scale, { log: () => undefined });
    expect(again).toEqual({ reused: true, ran: [] });
    const added: SeedStep = { name: 'extra', run: (tx) => sql`UPDATE users SET bio = 'paso nuevo' WHERE username = 'bench_viewer'`.execute(tx) };
    const withStep = await seedBench(db, scale, { steps: [{ name: 'users', run: () => Promise.reject(new Error('must not run again')) }, added], log: () => undefined });
    expect(withStep.ran.map((step) => step.name)).toEqual(['extra']);
    expect((await benchTotals(db)).users).toBe(50);
    await expect(seedBench(db, benchScale(0.001), { log: () => undefined })).rejects.toThrow(/scale 0.0005/);
  });
});

describe('the answer check', () => {
  const list = { label: 'feed', path: '/api/feed', list: (body: Record<string, unknown>) => body.items };
  it('takes a 200 with a non-empty page', () => {
    expect(() => checkAnswer(list, 200, JSON.stringify({ items: [{}] }))).not.toThrow();
    expect(() => checkAnswer({ label: 'me', path: '/api/me' }, 200, '{"user":{}}')).not.toThrow();
  });
  it('refuses any other status, a body that is not JSON and an empty page', () => {
    expect(() => checkAnswer(list, 404, '{"success":false}')).toThrow(/answered 404/);
    expect(() => checkAnswer(list, 200, '<html>')).toThrow(/not JSON/);
    expect(() => checkAnswer(list, 200, '{"items":[]}')).toThrow(/empty page/);
  });
});

describe('a load', () => {
  let server: http.Server;
  let address: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/hang') return;
      response.writeHead(request.url === '/ok' ? 200 : 404, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('measures a call that answers 2xx and fails the run on any other answer', async () => {
    const options = { connections: 2, seconds: 3, warmupSeconds: 0, headers: {} };
    const ok = await measureLoad(`${address}/ok`, options);
    expect(ok.requests).toBeGreaterThan(0);
    expect(ok.requestsPerSecond).toBeGreaterThan(0);
    await expect(measureLoad(`${address}/missing`, options)).rejects.toThrow(/answers other than 2xx/);
  });

  it('fails a load in which no request finished', async () => {
    await expect(measureLoad(`${address}/hang`, { connections: 1, seconds: 1, warmupSeconds: 0, headers: {}, timeoutSeconds: 30 })).rejects.toThrow(/no request finished/);
  });
});

describe('the table', () => {
  const measured = (label: string, requestsPerSecond: number, p50: number, p99: number, statements = 1): MeasuredCall => ({
    call: { label, path: '/' },
    statements,
    result: { requestsPerSecond, p50, p99, requests: requestsPerSecond * 10 },
  });
  const run = (feedP50: number, feedP99: number): ScaleRun => ({
    label: 'x',
    before: { hello: measured('GET /healthz', 20_000, 2, 5, 0), me: measured('GET /api/me', 1_000, 40, 90) },
    calls: [measured('GET /api/feed', 250, feedP50, feedP99, 7)],
    after: { hello: measured('GET /healthz', 10_000, 4, 7, 0), me: measured('GET /api/me', 1_400, 30, 110) },
  });

  it('prints a Markdown table with each ratio to the mean of the references before and after', () => {
    const table = scaleTable(run(150, 400), run(100, 320)).split('\n');
    expect(table).toHaveLength(2 + 5);
    const cells = (line: string) => line.split('|').slice(1, -1).map((cell) => cell.trim());
    expect(cells(table[0]!)).toEqual(['Call', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ me', 'p99 ÷ me', 'req/s ÷ hello', 'SQL/req', 'tenth p50', 'tenth p99', 'p50 full ÷ tenth', 'p99 full ÷ tenth']);
    // /api/me: 1,200 req/s and p99 100 ms on average; the hello route 15,000 req/s.
    expect(cells(table.find((line) => line.startsWith('| GET /api/feed'))!)).toEqual(['GET /api/feed', '250', '150', '400', '0.21', '4.00', '0.02', '7', '100', '320', '1.50', '1.25']);
    expect(cells(table[2]!)).toEqual(['GET /healthz (before)', '20,000', '2.0', '5.0', '16.67', '0.05', '1.33', '0', '2.0', '5.0', '1.00', '1.00']);
    expect(cells(table[6]!)[0]).toBe('GET /api/me (after)');
    // Columns line up.
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
  });

  it('adds the CPU per request of the server and of PostgreSQL, and their sum against /api/me, when measured; no tenth columns without a tenth', () => {
    const withCpu = run(150, 400);
    withCpu.before.me.cpu = { server: 0.1, database: 0.05 };
    withCpu.after.me.cpu = { server: 0.1, database: 0.05 };
    withCpu.calls[0]!.cpu = { server: 0.5, database: 0.4 };
    const table = scaleTable(withCpu).split('\n');
    const cells = (line: string) => line.split('|').slice(1, -1).map((cell) => cell.trim());
    expect(cells(table[0]!)).toEqual(['Call', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ me', 'p99 ÷ me', 'req/s ÷ hello', 'SQL/req', 'server CPU ms/req', 'PG CPU ms/req', 'CPU ÷ me']);
    // /api/me: 0.15 ms in all; the feed 0.9 ms, 6 times as much.
    expect(cells(table.find((line) => line.startsWith('| GET /api/feed'))!).slice(8)).toEqual(['0.50', '0.40', '6.00']);
    expect(cells(table[2]!).slice(8)).toEqual(['–', '–', '–']);
    expect(new Set(table.map((line) => line.length)).size).toBe(1);
  });

  it('pads columns, right-aligning the numbers', () => {
    expect(formatTable(['a', 'n'], [['xy', '1'], ['z', '100']], ['left', 'right'])).toBe('| a  |   n |\n|----|----:|\n| xy |   1 |\n| z  | 100 |');
  });
});

describe('the tenth database', () => {
  it('is named after the full one: bench_full → bench_tenth, anything else with the suffix', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/bench_full';
    expect(siblingDatabaseUrl(url, derivedDatabaseName(url, 'tenth'))).toBe('postgres://postgres@127.0.0.1:5432/bench_tenth');
    expect(derivedDatabaseName('postgres://h/wag', 'demo')).toBe('wag_demo');
  });
});
