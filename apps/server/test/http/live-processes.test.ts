import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_APPLICATION_NAME, LIVE_CHANNEL } from '../../src/lib/live-bus.js';
import { openLive } from '../support/live-client.js';
import { register, startServer, stopServers, type ServerProcess } from '../support/server-process.js';
import { createTestDatabase, testDatabaseUrl } from '../support/test-database.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis at the given address answers PING within two seconds, connection included. */
async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, enableReadyCheck: false, connectTimeout: 2000, commandTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 2000);
  });
  try {
    const answer = await Promise.race([client.connect().then(() => client.ping()), giveUp]);
    return answer === 'PONG';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** Listens on the live channel of the given transport, as a third party, and keeps what passes. */
async function watchTransport(variant: 'postgres' | 'redis', databaseUrl: string): Promise<{ seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  if (variant === 'redis') {
    const subscriber = new Redis(redisUrl);
    subscriber.on('message', (_channel: string, payload: string) => seen.push(payload));
    await subscriber.subscribe(LIVE_CHANNEL);
    return { seen, close: async () => subscriber.disconnect() };
  }
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (note) => seen.push(note.payload ?? ''));
  await listener.query(`LISTEN ${LIVE_CHANNEL}`);
  return { seen, close: () => listener.end() };
}

// Two server processes on one PostgreSQL database deliver each other's live events, through
// LISTEN/NOTIFY by default and through Redis pub/sub when REDIS_URL is set. The Redis pass needs a
// Redis server (TEST_REDIS_URL, by default the local one); without one it is skipped and says so.
const redisReady = testDatabaseUrl ? await redisAnswers(redisUrl) : false;
if (testDatabaseUrl && !redisReady) console.warn(`live-processes: no Redis answers at ${redisUrl}; the Redis pass is skipped`);

describe.runIf(testDatabaseUrl)('live delivery across two server processes', () => {
  for (const variant of ['postgres', 'redis'] as const) {
    describe.runIf(variant === 'postgres' || redisReady)(variant, () => {
      let database: Awaited<ReturnType<typeof createTestDatabase>>;
      let servers: ServerProcess[] = [];

      beforeAll(async () => {
        database = await createTestDatabase();
        const env = { DATABASE_URL: database.url!, REDIS_URL: variant === 'redis' ? redisUrl : '' };
        servers = await Promise.all([startServer(env), startServer(env)]);
      }, 90_000);

      afterAll(async () => {
        await stopServers();
        await database?.close();
      }, 30_000);
      it("delivers a message sent through one process to a client connected to the other, and a like's notification", async () => {
        const [first, second] = servers as [ServerProcess, ServerProcess];
        const suffix = Math.random().toString(36).slice(2, 8);
        const ana = await register(first, `ana_${suffix}`);
        const bea = await register(second, `bea_${suffix}`);
        const beaLive = await openLive(second.url, bea);
        const transport = await watchTransport(variant, database.url!);
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
          // It travelled through the transport under test, not another one.
          await expect.poll(() => transport.seen.some((payload) => payload.includes(`hola desde ${variant}`))).toBe(true);

          const follow = await fetch(`${first.url}/api/follow/bea_${suffix}`, { method: 'POST', headers: { authorization: `Bearer ${ana}` } });
          expect(follow.status).toBe(200);
          expect(await beaLive.next('notification')).toMatchObject({ counts: { notifications: 1 } });
        } finally {
          beaLive.close();
          await transport.close();
        }
      });

      /** Cuts the live channel's listening connection of every server process, as a failover would. */
      async function dropListeners(): Promise<number> {
        if (variant === 'redis') {
          const admin = new Redis(redisUrl);
          try {
            const names = servers.map((server) => `${LIVE_APPLICATION_NAME}-sub-${server.child.pid}`);
            const list = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
            const ids = list.split('\n').flatMap((line) => {
              const fields = Object.fromEntries(line.split(' ').map((pair) => pair.split('=') as [string, string]));
              return names.includes(fields.name ?? '') ? [fields.id!] : [];
            });
            for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
            return ids.length;
          } finally {
            admin.disconnect();
          }
        }
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        try {
          const result = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = $1 AND query LIKE 'LISTEN%'`,
            [LIVE_APPLICATION_NAME],
          );
          return result.rowCount ?? 0;
        } finally {
          await admin.end();
        }
      }

      it('after a lost connection, a message sent meanwhile reaches the client live or through a resync, and later ones arrive once', async () => {
        const [first, second] = servers as [ServerProcess, ServerProcess];
        const suffix = Math.random().toString(36).slice(2, 8);
        const ana = await register(first, `ana_${suffix}`);
        const bea = await register(second, `bea_${suffix}`);
        const beaLive = await openLive(second.url, bea);
        const send = async (text: string) => {
          const sent = await fetch(`${first.url}/api/conversations/bea_${suffix}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${ana}` },
            body: JSON.stringify({ text }),
          });
          expect(sent.status).toBe(200);
        };
        const arrived = (text: string) => beaLive.events.filter((event) => event.type === 'message' && event.message?.text === text).length;
        try {
          await beaLive.next('counts');
          expect(await dropListeners()).toBe(2);
          // Sent while the listening connections are being replaced.
          await send('durante el corte');
          // The server tells its client to fetch again once it hears the channel again.
          await beaLive.next('resync', undefined, 15_000);
          if (arrived('durante el corte') === 0) {
            const history = await fetch(`${second.url}/api/conversations/ana_${suffix}/messages`, { headers: { authorization: `Bearer ${bea}` } });
            const { items } = (await history.json()) as { items: { text: string }[] };
            expect(items.map((item) => item.text)).toContain('durante el corte');
          }
          await send('después del corte');
          await send('último');
          await beaLive.next('message', (event) => event.message?.text === 'último');
          expect(arrived('después del corte')).toBe(1);
          expect(arrived('durante el corte')).toBeLessThanOrEqual(1);
          expect(beaLive.events.filter((event) => event.type === 'resync')).toHaveLength(1);
        } finally {
          beaLive.close();
        }
      }, 30_000);
    });
  }
});
