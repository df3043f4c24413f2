import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, openDatabase, openPglite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { PgliteConnection, pgliteClientConfig } from '../src/db/pglite-connection.js';
import { startPgliteThread } from '../src/db/pglite-thread.js';
import { prepareStatements } from '../src/db/prepared-statements.js';

const folders: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-embedded-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** Makes the engine's next call fail as a broken engine would (a rejected call); returns a way to arm it again. */
function failingOnce(pglite: PGlite): () => void {
  const original = pglite.execProtocolStream.bind(pglite);
  let fail = true;
  pglite.execProtocolStream = (bytes, options) => {
    if (!fail) return original(bytes, options);
    fail = false;
    return Promise.reject(new Error('engine fault'));
  };
  return () => (fail = true);
}

// The server runs PGlite in a worker thread behind node-postgres (db/pglite-thread.ts).
describe('the embedded database in its own thread', () => {
  it('migrates, runs concurrent queries and transactions, and keeps its data across a reopen', async () => {
    const dataDir = path.join(await tempDir(), 'db');
    let handle = await openDatabase({ kind: 'pglite', dataDir, thread: true });
    expect(handle.pglite).toBeUndefined();
    await migrateToLatest(handle.db);
    await sql`CREATE TABLE bridge_check (id serial PRIMARY KEY, label text NOT NULL)`.execute(handle.db);

    // Many queries at once through one connection: each gets its own answer, in full.
    const labels = Array.from({ length: 200 }, (_, i) => `etiqueta-ñ-${i}-${'x'.repeat(i * 50)}`);
    const inserted = await Promise.all(labels.map((label) => sql<{ label: string }>`INSERT INTO bridge_check (label) VALUES (${label}) RETURNING label`.execute(handle.db)));
    expect(inserted.map((result) => result.rows[0]!.label)).toEqual(labels);

    // A failed transaction leaves nothing behind; a committed one stays.
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO bridge_check (label) VALUES ('deshecha')`.execute(trx);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    await handle.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO bridge_check (label) VALUES ('hecha')`.execute(trx);
    });
    // An SQL error answers that query and leaves the connection usable.
    await expect(sql`SELECT no_such_column FROM bridge_check`.execute(handle.db)).rejects.toThrow(/no_such_column/);
    const wide = await sql<{ total: number }>`SELECT count(*)::int AS total FROM bridge_check`.execute(handle.db);
    expect(wide.rows[0]!.total).toBe(201);
    // A large answer (several megabytes) crosses whole.
    const big = await sql<{ body: string }>`SELECT repeat('a', 5000000) AS body`.execute(handle.db);
    expect(big.rows[0]!.body.length).toBe(5_000_000);
    await handle.close();

    handle = await openDatabase({ kind: 'pglite', dataDir, thread: true });
    const again = await sql<{ label: string }>`SELECT label FROM bridge_check WHERE label IN ('hecha', 'deshecha')`.execute(handle.db);
    expect(again.rows.map((row) => row.label)).toEqual(['hecha']);
    await handle.close();
  }, 300_000);
});

// The embedded engine is one session, as a PostgreSQL connection is: its statements are prepared too
// (db/prepared-statements.ts), and a client that replaces a dropped one must not meet the old names.
describe('prepared statements on the embedded database', () => {
  const preparedNames = async (client: pg.ClientBase) =>
    (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((row) => row.name);

  it('in this thread: prepared once, and a new client after a dropped one names its statements afresh', async () => {
    const pglite = await openPglite({});
    const config = pgliteClientConfig(pglite);
    const pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0 });
    try {
      const first = prepareStatements(await pool.connect());
      expect((await first.query<{ n: number }>('SELECT $1::int + 1 AS n', [1])).rows[0]!.n).toBe(2);
      expect((await first.query<{ n: number }>('SELECT $1::int + 1 AS n', [41])).rows[0]!.n).toBe(42);
      const firstNames = await preparedNames(first);
      expect(firstNames).toHaveLength(1);
      // Dropped (as an error or an idle timeout drops a client); the engine's connection says when it has ended.
      const ended = new Promise((resolve) => config.connection.once('end', resolve));
      first.release(true);
      await ended;

      // The engine's connection object (and what it remembers as parsed) outlives the client.
      const second = prepareStatements(await pool.connect());
      expect((await second.query<{ word: string }>('SELECT $1::text AS word', ['hola'])).rows[0]!.word).toBe('hola');
      expect((await second.query<{ n: number }>('SELECT $1::int + 1 AS n', [9])).rows[0]!.n).toBe(10);
      // The old client's statement is still in the session: the new one's two are named apart from it.
      const names = await preparedNames(second);
      expect(names).toHaveLength(3);
      expect(names.filter((name) => firstNames.includes(name))).toEqual(firstNames);
      second.release();
    } finally {
      await pool.end();
      await pglite.close();
    }
  }, 120_000);

  it('in its own thread: a connection that ends leaves no statement to the next one', async () => {
    const thread = await startPgliteThread({});
    try {
      const first = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connection() });
      await first.connect();
      prepareStatements(first as unknown as pg.PoolClient);
      expect((await first.query<{ n: number }>('SELECT $1::int * 2 AS n', [21])).rows[0]!.n).toBe(42);
      expect(await preparedNames(first)).toHaveLength(1);
      await first.end();

      const second = new pg.Client({ user: 'postgres', database: 'postgres', stream: () => thread.connection() });
      await second.connect();
      expect(await preparedNames(second)).toEqual([]);
      await second.end();
    } finally {
      await thread.close();
    }
  }, 120_000);
});

// node-postgres on PGlite in this thread (db/pglite-connection.ts): each exchange reaches the engine in
// one call, and behaves as it does on a server.
describe('the embedded engine behind node-postgres in this thread', () => {
  it('hands the engine one call per query, and answers errors, transactions and concurrency as a server does', async () => {
    const pglite = await openPglite({});
    const calls: string[][] = [];
    const original = pglite.execProtocolStream.bind(pglite);
    // Which messages each call carried (their type bytes), read without changing the call.
    pglite.execProtocolStream = (bytes, options) => {
      const types: string[] = [];
      for (let at = 0; at < bytes.length; at += 1 + new DataView(bytes.buffer, bytes.byteOffset + at + 1, 4).getInt32(0)) types.push(String.fromCharCode(bytes[at]!));
      calls.push(types);
      return original(bytes, options);
    };
    const pool = new pg.Pool({ ...pgliteClientConfig(pglite), max: 1, idleTimeoutMillis: 0 });
    try {
      const client = prepareStatements(await pool.connect());
      // A prepared statement: Parse, Bind, Describe, Execute and Sync in one call; afterwards, without the Parse.
      calls.length = 0;
      expect((await client.query<{ n: number }>('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query<{ n: number }>('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
      expect(calls).toEqual([
        ['P', 'B', 'D', 'E', 'S'],
        ['B', 'D', 'E', 'S'],
      ]);
      // A simple query: one call.
      calls.length = 0;
      expect((await client.query<{ word: string }>("SELECT 'hola' AS word")).rows).toEqual([{ word: 'hola' }]);
      expect(calls).toEqual([['Q']]);

      // An error answers its query alone: the engine skips to the Sync, and the next query is answered.
      await expect(client.query('SELECT $1::int / 0', [1])).rejects.toThrow(/division by zero/);
      await expect(client.query('SELECT no_such_column FROM pg_class WHERE oid = $1', [1])).rejects.toThrow(/no_such_column/);
      expect((await client.query<{ n: number }>('SELECT $1::int + 1 AS n', [9])).rows).toEqual([{ n: 10 }]);

      // A transaction rolled back leaves nothing; a committed one stays.
      await client.query('CREATE TABLE one_call_check (id serial PRIMARY KEY, label text NOT NULL)');
      await client.query('BEGIN');
      await client.query('INSERT INTO one_call_check (label) VALUES ($1)', ['deshecha']);
      await expect(client.query('INSERT INTO one_call_check (id, label) VALUES ($1, NULL)', [7])).rejects.toThrow(/null value/);
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await client.query('INSERT INTO one_call_check (label) VALUES ($1)', ['hecha']);
      await client.query('COMMIT');

      // Many queries at once through the pool's one connection: each gets its own answer, in full.
      const labels = Array.from({ length: 100 }, (_, i) => `etiqueta-ñ-${i}-${'x'.repeat(i * 100)}`);
      client.release();
      const inserted = await Promise.all(labels.map((label) => pool.query<{ label: string }>('INSERT INTO one_call_check (label) VALUES ($1) RETURNING label', [label])));
      expect(inserted.map((result) => result.rows[0]!.label)).toEqual(labels);
      const again = prepareStatements(await pool.connect());
      const rows = await again.query<{ label: string }>('SELECT label FROM one_call_check WHERE label = ANY($1::text[]) ORDER BY id', [['hecha', 'deshecha']]);
      expect(rows.rows).toEqual([{ label: 'hecha' }]);
      // Rows read a page at a time (a row limit: Execute and Flush per page, Sync after the last).
      calls.length = 0;
      const paged = await again.query({ text: 'SELECT generate_series(1, $1::int) AS n', values: [3], rows: 2 } as pg.QueryConfig);
      expect(paged.rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(calls.map((types) => types.at(-1))).toEqual(['H', 'H', 'S']);
      again.release();
    } finally {
      await pool.end();
      await pglite.close();
    }
  }, 120_000);

  it('fails the query when the engine fails, and goes on: the process stays up and the next query is answered', async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    const pglite = handle.pglite!;
    try {
      const failNext = failingOnce(pglite);
      await expect(sql`SELECT 1 AS n`.execute(handle.db)).rejects.toThrow('engine fault');
      expect((await sql<{ n: number }>`SELECT 2 AS n`.execute(handle.db)).rows).toEqual([{ n: 2 }]);
      // Inside a transaction, the client checked out (the pool does not listen to it then).
      failNext();
      await expect(handle.db.transaction().execute(async (trx) => sql`SELECT 1 AS n`.execute(trx))).rejects.toThrow('engine fault');
      expect(pglite.isInTransaction()).toBe(false);
      expect((await sql<{ n: number }>`SELECT ${3}::int AS n`.execute(handle.db)).rows).toEqual([{ n: 3 }]);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('keeps its queue going after an engine failure no one was listening for', async () => {
    const pglite = await openPglite({});
    try {
      failingOnce(pglite);
      const connection = new PgliteConnection(pglite);
      // No 'error' listener (its client already gone): nothing is thrown, nothing left unhandled.
      connection.query('SELECT 1');
      const ready = new Promise((resolve) => connection.once('readyForQuery', resolve));
      const rows: unknown[] = [];
      connection.on('dataRow', (message: { fields: unknown[] }) => rows.push(message.fields[0]));
      connection.query('SELECT 2');
      await ready;
      expect(rows.map(String)).toEqual(['2']);
    } finally {
      await pglite.close();
    }
  }, 60_000);

  it('rolls back what a dropped client left open, so the next client does not run inside its transaction', async () => {
    const pglite = await openPglite({});
    const pool = createPool({ ...pgliteClientConfig(pglite), max: 1, idleTimeoutMillis: 0 });
    try {
      await pool.query('CREATE TABLE kept (n int)');
      const client = await pool.connect();
      await client.query('BEGIN');
      await client.query('INSERT INTO kept VALUES (1)');
      // Discarded mid-transaction, as the pool does with a client whose rollback failed.
      client.release(true);
      expect((await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM kept')).rows).toEqual([{ count: 0 }]);
      await pool.query('INSERT INTO kept VALUES (2)');
      // Committed: the engine is not inside any transaction, and reads the row on its own.
      expect(pglite.isInTransaction()).toBe(false);
      expect((await pglite.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 2 }]);
    } finally {
      await pool.end();
      await pglite.close();
    }
  }, 60_000);

  it('lets the event loop turn between queries, so a busy engine still reads new requests', async () => {
    const pglite = await openPglite({});
    const pool = new pg.Pool({ ...pgliteClientConfig(pglite), max: 1, idleTimeoutMillis: 0 });
    try {
      await pool.query('SELECT 1');
      // A request that sends its next query as soon as the last one is answered, 200 times over.
      let answered = 0;
      const busy = (async () => {
        for (let i = 0; i < 200; i += 1) {
          await pool.query('SELECT $1::int AS n', [i]);
          answered += 1;
        }
      })();
      // Something the loop must get to meanwhile (reading a socket, a timer): it runs after a query
      // or two, not after all 200.
      const answeredWhenTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(answered)));
      await busy;
      expect(answered).toBe(200);
      expect(answeredWhenTurned).toBeLessThanOrEqual(2);
    } finally {
      await pool.end();
      await pglite.close();
    }
  }, 120_000);
});
