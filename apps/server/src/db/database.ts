import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { DB } from './schema.js';

// int8 (counts, bigserial ids) as JS numbers: our counters stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// `date` columns stay YYYY-MM-DD strings: no timezone shifts.
pg.types.setTypeParser(1082, (value) => value);

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  /** Embedded engine when running on PGlite (tests use it to snapshot); undefined on a server. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
}

/** Opens Kysely over node-postgres: a PostgreSQL server, or embedded PGlite through its pg adapter. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // Short OLTP queries only: JIT compilation would cost more than it saves (hundreds of ms).
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, options: '-c jit=off' });
    // An idle connection the server drops (a restart, an administrator) must not take the process
    // down: the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection closed: ${error.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy() };
  }
  if (target.dataDir) await fs.mkdir(path.dirname(target.dataDir), { recursive: true });
  const pglite = await openPglite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  // PGlite is one connection: the pool holds exactly one client, so queries queue in order.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
