import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, testDatabaseUrl } from '../../test/support/test-database.js';
import { createLocalBus, createPostgresBus, createRedisBus, type LiveBus, type LiveEnvelope } from './live-bus.js';

const envelope: LiveEnvelope = { userId: 'u1', event: { type: 'counts', counts: { notifications: 1, messages: 0, requests: 0 } } } as LiveEnvelope;

describe('live bus', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('hands every subscriber a copy of the published event in one process, as across processes', async () => {
    const bus = createLocalBus();
    const received: LiveEnvelope[] = [];
    bus.subscribe((event) => received.push(event));
    bus.subscribe((event) => received.push(event));
    await bus.publish(envelope);
    expect(received).toEqual([envelope, envelope]);
    expect(received[0]).not.toBe(envelope);
    await bus.close();
  });

  it('gives up on a Redis that accepts connections but never answers, instead of waiting for ever', async () => {
    // Reads what it is sent and never answers.
    const silent = net.createServer((socket) => socket.resume());
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const startedAt = Date.now();
    await expect(createRedisBus(`redis://127.0.0.1:${port}`, { startTimeoutMs: 500 })).rejects.toThrow(/did not answer within 500 ms/);
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('refuses at once when nothing listens at REDIS_URL', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const startedAt = Date.now();
    await expect(createRedisBus(`redis://127.0.0.1:${port}`, { startTimeoutMs: 20_000 })).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });
});

describe.runIf(testDatabaseUrl)('live bus on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  let bus: LiveBus | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterEach(async () => {
    await bus?.close();
    bus = undefined;
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  /** Backends of this database running LISTEN, as an operator would count them. */
  async function listening(): Promise<number[]> {
    const result = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    return result.rows.map((row) => row.pid);
  }

  /** Ends the bus's listening connection, as an administrator or a failover would; returns the pids ended. */
  async function dropListener(): Promise<number[]> {
    const pids = await listening();
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    return pids;
  }

  const counts = (n: number): LiveEnvelope => ({ userId: 'u1', event: { type: 'counts', counts: { notifications: n, messages: 0, requests: 0 } } });

  it('keeps exactly one listening connection through five drops, and a message then arrives once', async () => {
    bus = await createPostgresBus(database.url!);
    const received: LiveEnvelope[] = [];
    bus.subscribe((event) => received.push(event));
    let resyncs = 0;
    bus.onResync(() => (resyncs += 1));
    for (let drop = 1; drop <= 5; drop += 1) {
      const ended = await dropListener();
      expect(ended).toHaveLength(1);
      // Listening again on a new connection, and saying so once.
      await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(drop);
      const now = await listening();
      expect(now.some((pid) => ended.includes(pid))).toBe(false);
    }
    expect(await listening()).toHaveLength(1);
    await bus.publish(counts(1));
    await bus.publish(counts(2));
    // The second one has arrived, so a duplicate of the first would have too.
    await expect.poll(() => received.some((event) => 'counts' in event.event && event.event.counts.notifications === 2)).toBe(true);
    expect(received.filter((event) => 'counts' in event.event && event.event.counts.notifications === 1)).toHaveLength(1);
    expect(resyncs).toBe(5);
  }, 60_000);

  it('publishes while the listening connection is down, and a subscriber gets the message or a resync', async () => {
    bus = await createPostgresBus(database.url!);
    const received: LiveEnvelope[] = [];
    bus.subscribe((event) => received.push(event));
    let resyncs = 0;
    bus.onResync(() => (resyncs += 1));
    await dropListener();
    // Right after the drop, before the bus listens again: publishing does not depend on the listener.
    await bus.publish(counts(7));
    await expect.poll(() => resyncs > 0 || received.length > 0, { timeout: 10_000 }).toBe(true);
    // Once listening again, what is published next arrives live.
    await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(1);
    await bus.publish(counts(8));
    await expect.poll(() => received.map((event) => 'counts' in event.event && event.event.counts.notifications)).toContain(8);
  }, 30_000);
});
