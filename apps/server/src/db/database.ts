import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite-engine.js';
import { pgliteClientConfig } from './pglite-connection.js';
import { preparingPool } from './prepared-statements.js';
import { startPgliteThread } from './pglite-thread.js';
import type { DB } from './schema.js';

export { openPglite };

// int8 (counts, bigserial ids) as JS numbers: our counters stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// `date` columns stay YYYY-MM-DD strings: no timezone shifts.
pg.types.setTypeParser(1082, (value) => value);

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  /** Embedded engine when PGlite runs on this thread (tests use it to snapshot); undefined on a server or in a thread. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Named prepared statements (prepared-statements.ts); on unless false. */
      preparedStatements?: boolean;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * Run the engine in its own worker thread (the server does): its queries use another core
       * instead of blocking this thread's event loop. Off, it runs here and `pglite` is handed out.
       */
      thread?: boolean;
      /** Named prepared statements, as on PostgreSQL; on unless false. */
      preparedStatements?: boolean;
    };

/** Where a dropped connection is reported (the server's logger; silent where none is given). */
export type ConnectionLog = Pick<FastifyBaseLogger, 'warn'>;

/** `application_name` of every connection the server opens, so an operator (or a test) can find them. */
export const APPLICATION_NAME = 'wag';

/**
 * A node-postgres pool that survives the server ending its connections (an administrator, a restart,
 * a failover). node-postgres emits 'error' on a client whose connection dies; the pool listens only
 * while the client is idle, so a client checked out for a query or a transaction would emit it with no
 * listener and end the process. Each client gets its own listener for its whole life: the query in
 * flight fails (the request gets a 5xx), and the pool discards the broken client when it is released
 * (pg-pool drops a client that is no longer queryable) instead of handing it out again.
 */
export function createPool(config: pg.PoolConfig, log?: ConnectionLog): pg.Pool {
  const pool = new pg.Pool({ application_name: APPLICATION_NAME, ...config });
  pool.on('connect', (client) => {
    client.on('error', (error) => log?.warn({ err: error }, 'database connection lost'));
  });
  // The pool passes on an idle client's error too: the client's own listener has reported it.
  pool.on('error', () => undefined);
  return pool;
}

/** Opens Kysely over node-postgres: a PostgreSQL server, or embedded PGlite through its pg adapter. */
export async function openDatabase(target: DatabaseTarget, options: { log?: ConnectionLog } = {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Short OLTP queries only: JIT compilation would cost more than it saves (hundreds of ms).
    const pool = createPool({ connectionString: target.url, max: target.poolSize ?? 10, options: '-c jit=off' }, options.log);
    // Parameterized queries as named prepared statements: parsed and planned once per connection (prepared-statements.ts).
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: target.preparedStatements === false ? pool : preparingPool(pool) }) });
    return { db, close: () => db.destroy() };
  }
  if (target.dataDir) await fs.mkdir(path.dirname(target.dataDir), { recursive: true });
  if (target.thread) {
    const thread = await startPgliteThread({ dataDir: target.dataDir, loadDataDir: target.loadDataDir ? await target.loadDataDir.arrayBuffer() : undefined });
    // Still one connection: the pool holds exactly one client, so queries (and transactions) queue in order.
    // Kept open while idle (nothing to free in one process): a reconnection would prepare every statement again.
    const pool = createPool({ max: 1, idleTimeoutMillis: 0, user: 'postgres', database: 'postgres', stream: () => thread.connection() }, options.log);
    // Named prepared statements here too: the embedded engine plans like PostgreSQL, in one thread (prepared-statements.ts).
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: target.preparedStatements === false ? pool : preparingPool(pool) }) });
    return {
      db,
      close: async () => {
        await db.destroy();
        await thread.close();
      },
    };
  }
  const pglite = await openPglite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  // PGlite is one connection: the pool holds exactly one client, kept while idle, so queries queue in
  // order. Each query reaches the engine in one call (pglite-connection.ts).
  // createPool: a client checked out when the engine fails hears it through its own listener.
  const pool = createPool({ ...pgliteClientConfig(pglite), max: 1, idleTimeoutMillis: 0 }, options.log);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: target.preparedStatements === false ? pool : preparingPool(pool) }) });
  return {
    db,
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
