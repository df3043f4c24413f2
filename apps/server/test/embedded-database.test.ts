import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

const folders: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-embedded-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(folders.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

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
