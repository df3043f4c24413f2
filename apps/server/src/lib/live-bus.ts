import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { LiveEvent } from '@wag/contract/messages';
import { createPool } from '../db/database.js';

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
  /**
   * Runs `handler` each time the bus hears events again after losing its connection: what was
   * published in between was missed here, so clients should fetch what they show again.
   */
  onResync(handler: () => void): void;
  /** Asks the bus's server whether it answers (Redis PING), for the readiness probe; absent when there is none of its own. */
  ping?(): Promise<void>;
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
    // In one process nothing is ever missed.
    onResync() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Where the bus reports lost connections and reconnects (the server's logger). */
export type BusLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

const silentLog: BusLog = { info: () => undefined, warn: () => undefined };

/** First wait before listening again after a lost connection; doubles up to RECONNECT_MAX_MS. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 30_000;
/** `application_name` of the bus's connections, apart from the pool's, so each can be found. */
export const LIVE_APPLICATION_NAME = 'wag-live';

/**
 * LISTEN on one dedicated connection; NOTIFY through a small pool, so publishing works whatever state
 * the listening connection is in (a notification reaches every listener of the database, this
 * process's included). When the listening connection is lost, one loop listens again, backing off;
 * once it does, the resync handlers run, since events published meanwhile were not heard.
 */
export async function createPostgresBus(url: string, options: { log?: BusLog } = {}): Promise<LiveBus> {
  const log = options.log ?? silentLog;
  const handlers: ((envelope: LiveEnvelope) => void)[] = [];
  const resyncHandlers: (() => void)[] = [];
  const publisher = createPool({ connectionString: url, max: 2, application_name: LIVE_APPLICATION_NAME }, log);
  let listener: pg.Client | undefined;
  let reconnecting = false;
  let closed = false;
  let cancelWait: (() => void) | undefined;
  /** Clients whose connection was reported lost, even before they became the listener. */
  const dead = new WeakSet<pg.Client>();

  async function listen(): Promise<pg.Client> {
    // keepAlive: a connection cut without a word (a network failure) is noticed too.
    const client = new pg.Client({ connectionString: url, application_name: LIVE_APPLICATION_NAME, keepAlive: true });
    client.on('notification', (note) => {
      if (client !== listener || note.channel !== LIVE_CHANNEL || !note.payload) return;
      const envelope = parse(note.payload);
      if (envelope) for (const handler of handlers) handler(envelope);
    });
    client.on('error', (error) => {
      dead.add(client);
      lost(client, error);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /**
   * A lost connection reports 'error' once or twice (the server's message, then the closed socket),
   * and a client being replaced may still report: only the first report of the current listener
   * starts the one reconnect loop.
   */
  function lost(client: pg.Client, error: Error): void {
    if (client !== listener) return;
    listener = undefined;
    log.warn({ err: error }, 'live channel: listening connection lost');
    client.end().catch(() => undefined);
    void reconnect();
  }

  async function reconnect(): Promise<void> {
    if (reconnecting) return;
    reconnecting = true;
    try {
      for (let attempt = 0; !closed; attempt += 1) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt));
          cancelWait = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (closed) return;
        try {
          const client = await listen();
          if (closed) {
            await client.end().catch(() => undefined);
            return;
          }
          // Lost again between LISTEN and now: its report was not counted, so try once more here.
          if (dead.has(client)) continue;
          listener = client;
          log.info('live channel: listening again');
          for (const handler of resyncHandlers) handler();
          return;
        } catch (error) {
          log.warn({ err: error, attempt }, 'live channel: listening again failed');
        }
      }
    } finally {
      reconnecting = false;
    }
  }

  listener = await listen();

  return {
    kind: 'postgres',
    async publish(envelope) {
      const payload = fitPayload(envelope);
      try {
        await publisher.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
      } catch {
        // A pooled connection the server ended is found out by using it (and dropped): one more try
        // goes out on a fresh one.
        await publisher.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
      }
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      closed = true;
      cancelWait?.();
      const current = listener;
      listener = undefined;
      await current?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

/**
 * Redis pub/sub: one connection subscribed, one publishing (a subscribed connection cannot publish).
 * ioredis reconnects and subscribes again by itself; each time the subscriber is back, the resync
 * handlers run, since what was published while it was away was not heard.
 */
export async function createRedisBus(url: string, options: { log?: BusLog; startTimeoutMs?: number } = {}): Promise<LiveBus> {
  const log = options.log ?? silentLog;
  const startTimeoutMs = options.startTimeoutMs ?? REDIS_START_TIMEOUT_MS;
  const handlers: ((envelope: LiveEnvelope) => void)[] = [];
  const resyncHandlers: (() => void)[] = [];
  // Named per process, so an operator (or a test) can tell this process's connections apart.
  const connection = { lazyConnect: true, connectTimeout: startTimeoutMs, maxRetriesPerRequest: 2 };
  const publisher = new Redis(url, { ...connection, connectionName: `${LIVE_APPLICATION_NAME}-pub-${process.pid}` });
  const subscriber = new Redis(url, { ...connection, connectionName: `${LIVE_APPLICATION_NAME}-sub-${process.pid}` });
  for (const client of [publisher, subscriber]) client.on('error', (error: Error) => log.warn({ err: error }, 'live channel: redis error'));
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
  // 'ready' comes again after every reconnection, before ioredis has subscribed again: a SUBSCRIBE
  // of ours, queued behind its own, answers once the subscription is back.
  subscriber.on('ready', () => {
    subscriber
      .subscribe(LIVE_CHANNEL)
      .then(() => {
        log.info('live channel: subscribed again');
        for (const handler of resyncHandlers) handler();
      })
      .catch((error: Error) => log.warn({ err: error }, 'live channel: subscribing again failed'));
  });
  return {
    kind: 'redis',
    async publish(envelope) {
      await publisher.publish(LIVE_CHANNEL, JSON.stringify(envelope));
    },
    async ping() {
      await publisher.ping();
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
