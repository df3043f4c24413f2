import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/** Server the suite runs against when TEST_DATABASE_URL is set; otherwise embedded PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated, empty database for one test file: a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped on close), or an in-memory PGlite copied from the
 * snapshot the global setup made.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDatabaseUrl) {
    const name = `wag_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    // DATABASE_PREPARED_STATEMENTS=0 runs the suite without prepared statements, as the server would.
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrlFor(name), poolSize: 5, preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== '0' });
    await migrateToLatest(handle.db);
    return {
      db: handle.db,
      url: databaseUrlFor(name),
      close: async () => {
        await handle.close();
        // Connections the pool just ended may still be closing: wait for them before forcing.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (error) {
            if (attempt >= 20) {
              await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            }
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) return openDatabase({ kind: 'pglite' }).then(async (handle) => {
    await migrateToLatest(handle.db);
    return handle;
  });
  const bytes = await fs.readFile(snapshot);
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([bytes]) });
}
