import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { testDatabaseUrl } from '../../test/support/test-database.js';
import { createLocalBus, createPostgresBus, createRedisBus, type LiveEnvelope } from './live-bus.js';

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
    await expect(createRedisBus(`redis://127.0.0.1:${port}`, () => undefined, 500)).rejects.toThrow(/did not answer within 500 ms/);
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('refuses at once when nothing listens at REDIS_URL', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const startedAt = Date.now();
    await expect(createRedisBus(`redis://127.0.0.1:${port}`, () => undefined, 20_000)).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });
});

describe.runIf(testDatabaseUrl)('live bus on PostgreSQL', () => {
  it('listens again after the server drops its connection, and delivers what is published next', async () => {
    const bus = await createPostgresBus(testDatabaseUrl!, () => undefined);
    const received: LiveEnvelope[] = [];
    bus.subscribe((event) => received.push(event));
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN wag_live' AND datname = current_database() AND pid <> pg_backend_pid()`);
      // Publishing works again once the bus has reconnected (after about a second).
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          await bus.publish(envelope);
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0);
      expect(received.at(-1)).toEqual(envelope);
    } finally {
      await admin.end();
      await bus.close();
    }
  });
});
