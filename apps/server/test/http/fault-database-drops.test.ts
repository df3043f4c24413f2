import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, stopServers, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const DROPS = 5;
const CONCURRENCY = 50;

if (!testDatabaseUrl) console.warn('fault-database-drops: TEST_DATABASE_URL is unset; dropped PostgreSQL connections are not tested');

// The server's connections to PostgreSQL are ended by the database (an administrator, a restart, a
// failover) while it serves many requests: it must stay up, answer those requests with a clean 5xx at
// worst, and serve again on fresh connections without a restart.
describe.runIf(testDatabaseUrl)('dropped database connections under load', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ DATABASE_URL: database.url! });
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
  }, 90_000);

  afterAll(async () => {
    await admin?.end();
    await stopServers();
    await database?.close();
  }, 30_000);

  /** Ends every connection the server holds to its database, pool and live listener alike. */
  async function terminateBackends(): Promise<number> {
    const result = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [new URL(database.url!).pathname.slice(1)],
    );
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [result.rows.map((row) => row.pid)]);
    return result.rows.length;
  }

  /** Waits until `count` more requests have been answered; fails at once if the server died meanwhile. */
  async function answered(count: number, progress: () => number): Promise<void> {
    const target = progress() + count;
    const deadline = Date.now() + 10_000;
    while (progress() < target) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server died: ${server.stderr()}`);
      if (Date.now() > deadline) throw new Error(`fewer than ${count} answers within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it(`stays up through ${DROPS} drops under ${CONCURRENCY} concurrent requests, then answers 200 on fresh connections`, async () => {
    const token = await register(server, `carga_${Math.random().toString(36).slice(2, 8)}`);
    const headers = { authorization: `Bearer ${token}` };
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let loading = true;
    let served = 0;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (loading) {
        try {
          const response = await fetch(`${server.url}/api/feed`, { headers, signal: AbortSignal.timeout(10_000) });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          served += 1;
          if (response.status !== 200) failures.push(text);
        } catch (error) {
          // The process is gone (or stopped answering): counted, and checked below.
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          if (server.child.exitCode !== null || server.child.signalCode !== null) return;
          failures.push(String(error));
        }
      }
    });
    try {
      let terminated = 0;
      for (let drop = 0; drop < DROPS; drop += 1) {
        // Let requests be in flight on every connection before cutting them.
        await answered(CONCURRENCY, () => served);
        terminated += await terminateBackends();
      }
      expect(terminated).toBeGreaterThanOrEqual(DROPS);
      await answered(CONCURRENCY, () => served);
    } finally {
      loading = false;
      await Promise.all(workers);
    }

    expect(server.child.exitCode, server.stderr()).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(server.stderr()).not.toMatch(/Unhandled 'error' event/);
    // Whatever failed while connections were being cut failed as the API fails: a 5xx with no internals.
    for (const status of statuses.keys()) expect([0, 200, 500, 503]).toContain(status);
    expect(statuses.get(0) ?? 0).toBe(0);
    for (const body of failures) {
      expect(JSON.parse(body)).toEqual({ success: false, message: expect.any(String) });
      expect(body).not.toMatch(/terminat|connection|postgres|pg_/i);
    }

    // Recovered without a restart: a full round of requests all served on healthy connections.
    const after = await Promise.all(Array.from({ length: CONCURRENCY }, () => fetch(`${server.url}/api/feed`, { headers }).then((response) => response.status)));
    expect(after.every((status) => status === 200), JSON.stringify(after)).toBe(true);
    console.info(`fault-database-drops: ${DROPS} drops survived, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 90_000);
});
