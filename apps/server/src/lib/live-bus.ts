import { EventEmitter } from 'node:events';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { LiveEvent } from '@wag/contract/messages';

/** An event for one user, as it travels between server processes. */
export interface LiveEnvelope {
  userId: string;
  event: LiveEvent;
}

/**
 * Carries live events to every server process, each of which hands them to the clients of that user
 * connected to it. One process alone uses the in-process bus; several on one database use PostgreSQL
 * LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set.
 */
export interface LiveBus {
  readonly kind: 'local' | 'postgres' | 'redis';
  publish(envelope: LiveEnvelope): Promise<void>;
  subscribe(handler: (envelope: LiveEnvelope) => void): void;
  close(): Promise<void>;
}

export const LIVE_CHANNEL = 'wag_live';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const PG_PAYLOAD_LIMIT = 7900;
/** How long a starting server waits for Redis before giving up. */
const REDIS_START_TIMEOUT_MS = 10_000;

function parse(raw: string): LiveEnvelope | undefined {
  try {
    const value = JSON.parse(raw) as LiveEnvelope;
    return typeof value?.userId === 'string' && typeof value.event?.type === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A message too long for the payload travels without its text: the client fetches it. */
function fitPayload(envelope: LiveEnvelope): string {
  const raw = JSON.stringify(envelope);
  if (Buffer.byteLength(raw) <= PG_PAYLOAD_LIMIT || envelope.event.type !== 'message') return raw;
  return JSON.stringify({ ...envelope, event: { ...envelope.event, message: null } });
}

export function createLocalBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'local',
    async publish(envelope) {
      // Same shape as across processes: handlers never share the publisher's object.
      const copy = parse(JSON.stringify(envelope));
      if (copy) emitter.emit('event', copy);
    },
    subscribe(handler) {
      emitter.on('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** LISTEN on one dedicated connection; NOTIFY through it too (delivered to every listener, us included). */
export async function createPostgresBus(url: string, log: (message: string) => void = console.warn): Promise<LiveBus> {
  const handlers: ((envelope: LiveEnvelope) => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (note) => {
      if (note.channel !== LIVE_CHANNEL || !note.payload) return;
      const envelope = parse(note.payload);
      if (envelope) for (const handler of handlers) handler(envelope);
    });
    next.on('error', (error) => {
      log(`live channel connection lost: ${error.message}`);
      client = undefined;
      reconnect(0);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  }

  /** Tries again after 1 s, doubling up to 30 s, until connected or closed. */
  function reconnect(attempt: number): void {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      connect().catch((error: Error) => {
        log(`live channel reconnect failed: ${error.message}`);
        reconnect(attempt + 1);
      });
    }, Math.min(30_000, 1000 * 2 ** attempt));
  }
  await connect();

  return {
    kind: 'postgres',
    async publish(envelope) {
      if (!client) throw new Error('live channel not connected');
      await client.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, fitPayload(envelope)]);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Redis pub/sub: one connection subscribed, one publishing (a subscribed connection cannot publish). */
export async function createRedisBus(
  url: string,
  log: (message: string) => void = console.warn,
  startTimeoutMs = REDIS_START_TIMEOUT_MS,
): Promise<LiveBus> {
  const handlers: ((envelope: LiveEnvelope) => void)[] = [];
  const options = { lazyConnect: true, connectTimeout: startTimeoutMs, maxRetriesPerRequest: 2 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => log(`redis: ${error.message}`));
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== LIVE_CHANNEL) return;
    const envelope = parse(raw);
    if (envelope) for (const handler of handlers) handler(envelope);
  });
  // A server that cannot reach Redis stops with a clear message instead of waiting for it.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis (REDIS_URL) did not answer within ${startTimeoutMs} ms`)), startTimeoutMs);
  });
  try {
    await Promise.race([
      (async () => {
        await Promise.all([publisher.connect(), subscriber.connect()]);
        await subscriber.subscribe(LIVE_CHANNEL);
      })(),
      timeout,
    ]);
  } catch (error) {
    subscriber.disconnect();
    publisher.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    kind: 'redis',
    async publish(envelope) {
      await publisher.publish(LIVE_CHANNEL, JSON.stringify(envelope));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
