import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/database.js';
import { CUSTOM_PLAN, isStalePreparedStatement, prepareStatements } from '../src/db/prepared-statements.js';
import { testDatabaseUrl } from './support/test-database.js';

/**
 * The named prepared statements of src/db/prepared-statements.ts on a bare connection of its own:
 * to the PostgreSQL server of TEST_DATABASE_URL (in a schema of its own, dropped after), else to a
 * fresh PGlite (one session: its statements would outlive a client).
 */
const schema = `prep_${randomBytes(4).toString('hex')}`;

async function withConnection(limit: number, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const pglite = testDatabaseUrl ? undefined : await openPglite({});
  const client = new pg.Client(pglite ? createPgConfig(pglite) : { connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`DROP TABLE IF EXISTS ${schema}.items`);
    await client.query(`CREATE TABLE ${schema}.items (id int PRIMARY KEY, name text NOT NULL)`);
    await client.query(`INSERT INTO ${schema}.items VALUES (1, 'uno'), (2, 'dos'), (3, 'tres')`);
    await work(prepareStatements(client as pg.PoolClient, limit));
  } finally {
    if (testDatabaseUrl) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    await pglite?.close();
  }
}

/** The statements this connection holds, by text (asked without parameters, so never prepared itself). */
async function held(client: pg.PoolClient): Promise<string[]> {
  const result = await client.query('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time, name');
  return result.rows.map((row: { statement: string }) => row.statement);
}

describe('named prepared statements', () => {
  it('prepares a parameterized query once per connection and answers each execution with its own values', async () => {
    await withConnection(10, async (client) => {
      const text = `SELECT name FROM ${schema}.items WHERE id = $1`;
      const names: string[] = [];
      // Past the five custom plans, when PostgreSQL may keep a generic one: still each row as it is now.
      for (const id of [1, 2, 3, 1, 2, 3, 1, 2]) names.push((await client.query(text, [id])).rows[0].name);
      expect(names).toEqual(['uno', 'dos', 'tres', 'uno', 'dos', 'tres', 'uno', 'dos']);
      expect(await held(client)).toEqual([text]);
      await client.query(`UPDATE ${schema}.items SET name = $1 WHERE id = $2`, ['UNO', 1]);
      expect((await client.query(text, [1])).rows[0].name).toBe('UNO');
      await client.query(`UPDATE ${schema}.items SET name = $1 WHERE id = $2`, ['uno', 1]);
      // Patching the same pooled client again changes nothing.
      expect(prepareStatements(client, 10)).toBe(client);
      expect((await client.query(text, [2])).rows[0].name).toBe('dos');
      expect(await held(client)).toHaveLength(2);
    });
  });

  it('leaves queries without parameters unprepared', async () => {
    await withConnection(10, async (client) => {
      expect((await client.query(`SELECT count(*)::int AS n FROM ${schema}.items`)).rows[0].n).toBe(3);
      expect((await client.query(`SELECT count(*)::int AS n FROM ${schema}.items`, [])).rows[0].n).toBe(3);
      expect(await held(client)).toEqual([]);
    });
  });

  it('keeps at most its limit per connection, deallocating the least recently used', async () => {
    await withConnection(2, async (client) => {
      const a = `SELECT name FROM ${schema}.items WHERE id = $1`;
      const b = `SELECT id FROM ${schema}.items WHERE name = $1`;
      const c = `SELECT count(*)::int AS n FROM ${schema}.items WHERE id > $1`;
      await client.query(a, [1]);
      await client.query(b, ['dos']);
      await client.query(a, [2]); // a is now the most recently used: b goes first
      expect((await client.query(c, [1])).rows[0].n).toBe(2);
      expect((await held(client)).sort()).toEqual([a, c].sort());
      // The one let go is prepared again when it comes back, and answers as before.
      expect((await client.query(b, ['tres'])).rows[0].id).toBe(3);
      expect((await held(client)).sort()).toEqual([b, c].sort());
    });
  });

  it('recovers a statement whose result type a schema change altered: prepared afresh, the error unseen outside a transaction', async () => {
    await withConnection(10, async (client) => {
      const text = `SELECT * FROM ${schema}.items WHERE id = $1`;
      expect(Object.keys((await client.query(text, [1])).rows[0])).toEqual(['id', 'name']);
      await client.query(`ALTER TABLE ${schema}.items ADD COLUMN extra text DEFAULT 'x'`);
      expect((await client.query(text, [1])).rows[0]).toEqual({ id: 1, name: 'uno', extra: 'x' });
      await client.query(`ALTER TABLE ${schema}.items DROP COLUMN extra`);
    });
  });

  it('inside a transaction the stale statement fails once (the transaction is aborted), then is prepared afresh', async () => {
    await withConnection(10, async (client) => {
      const text = `SELECT * FROM ${schema}.items WHERE id = $1`;
      expect(Object.keys((await client.query(text, [1])).rows[0])).toEqual(['id', 'name']);
      await client.query(`ALTER TABLE ${schema}.items ADD COLUMN extra2 text DEFAULT 'y'`);
      await client.query('begin');
      await expect(client.query(text, [1])).rejects.toThrow(/cached plan must not change result type/);
      await client.query('rollback');
      expect((await client.query(text, [1])).rows[0]).toEqual({ id: 1, name: 'uno', extra2: 'y' });
      await client.query(`ALTER TABLE ${schema}.items DROP COLUMN extra2`);
    });
  });

  it('leaves a statement marked for custom plans unprepared (search: its best plan depends on its words)', async () => {
    await withConnection(10, async (client) => {
      const text = `${CUSTOM_PLAN} SELECT name FROM ${schema}.items WHERE name LIKE $1`;
      for (let run = 0; run < 7; run++) expect((await client.query(text, ['u%'])).rows).toEqual([{ name: 'uno' }]);
      expect(await held(client)).toEqual([]);
    });
  });

  it('tells a stale statement by its code and routine, whatever the language of the messages', () => {
    const spanish = Object.assign(new Error('el plan almacenado no debe cambiar el tipo de resultado'), { code: '0A000', routine: 'RevalidateCachedQuery' });
    expect(isStalePreparedStatement(spanish)).toBe(true);
    expect(isStalePreparedStatement(Object.assign(new Error('no existe la sentencia preparada «wag_1»'), { code: '26000' }))).toBe(true);
    expect(isStalePreparedStatement(Object.assign(new Error('other'), { code: '0A000', routine: 'transformLockingClause' }))).toBe(false);
    expect(isStalePreparedStatement(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('recovers statements the server no longer holds (DISCARD ALL): prepared afresh without an error', async () => {
    await withConnection(10, async (client) => {
      const text = `SELECT name FROM ${schema}.items WHERE id = $1`;
      expect((await client.query(text, [3])).rows[0].name).toBe('tres');
      await client.query('DEALLOCATE ALL');
      expect((await client.query(text, [3])).rows[0].name).toBe('tres');
      expect(await held(client)).toEqual([text]);
    });
  });

  it('runs unprepared from then on a statement PostgreSQL cannot plan generically (ON CONFLICT on a partial index named by a parameter)', async () => {
    await withConnection(10, async (client) => {
      await client.query(`CREATE TABLE ${schema}.live (who int NOT NULL, state text NOT NULL)`);
      await client.query(`CREATE UNIQUE INDEX ON ${schema}.live (who) WHERE state <> 'gone'`);
      const text = `INSERT INTO ${schema}.live (who, state) VALUES ($1, 'here') ON CONFLICT (who) WHERE state <> $2 DO NOTHING`;
      const failures: string[] = [];
      for (let who = 1; who <= 12; who += 1) {
        try {
          await client.query(text, [who, 'gone']);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      // The generic plan is tried at the sixth execution and fails once; then the statement runs unprepared.
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/no unique or exclusion constraint/);
      expect((await client.query(`SELECT count(*)::int AS n FROM ${schema}.live`)).rows[0].n).toBe(12 - failures.length);
      expect(await held(client)).not.toContain(text);
    });
  });
});
