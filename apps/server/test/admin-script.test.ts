import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { productionProblems } from '../src/lib/production-guard.js';
import { MODERATOR_ACCOUNT } from '../src/seed/moderation.js';
import { createTestDatabase, testDatabaseUrl } from './support/test-database.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

/**
 * `npm run admin -- role <username> <role>` as a child process, against the database the server
 * would use: the embedded one under DATA_DIR (here a copy of the migrated snapshot) or DATABASE_URL.
 */
let dataDir: string;
let env: Record<string, string>;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-admin-'));
  if (testDatabaseUrl) {
    const database = await createTestDatabase();
    db = database.db;
    close = database.close;
    env = { DATABASE_URL: database.url! };
  } else {
    const snapshot = inject('pgliteSnapshot');
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), loadDataDir: snapshot ? new Blob([await fs.readFile(snapshot)]) : undefined });
    await migrateToLatest(handle.db);
    db = handle.db;
    close = handle.close;
    env = { DATA_DIR: dataDir };
  }
  await db.insertInto('users').values({ username: 'Futura_Mod', email: 'futura@example.test', password_hash: 'x', birth_date: '1990-01-01' }).execute();
  // The embedded database is one process's: the script opens it after this test has let go.
  if (!testDatabaseUrl) await close();
});
afterAll(async () => {
  if (testDatabaseUrl) await close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/scripts/admin.ts', ...args], { cwd: repoRoot, env: { ...rest, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function roleOf(username: string): Promise<string | undefined> {
  const handle = testDatabaseUrl ? { db, close: async () => undefined } : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    return (await handle.db.selectFrom('users').select('role').where('username', '=', username).executeTakeFirst())?.role;
  } finally {
    await handle.close();
  }
}

describe('npm run admin -- role', () => {
  it('sets a role by username (any case) against the configured database; refuses an unknown account or role, or command, clearly', async () => {
    // Only one process at a time may open the embedded database: the two that do run one after the other.
    const [done, unknownRole, usage] = await Promise.all([admin('role', '@futura_mod', 'moderator'), admin('role', 'Futura_Mod', 'jefa'), admin('borrar', 'Futura_Mod')]);
    expect(done).toMatchObject({ code: 0, stdout: 'Rol de @Futura_Mod: moderator (antes: user).\n' });
    expect(unknownRole).toMatchObject({ code: 1, stderr: 'Rol desconocido: «jefa». Los roles son: user, moderator, admin.\n' });
    expect(usage).toMatchObject({ code: 2, stderr: 'Uso: npm run admin -- role <usuario> moderator|admin|user\n' });
    expect(await admin('role', 'nadie_asi', 'admin')).toMatchObject({ code: 1, stderr: 'No existe ninguna cuenta con el nombre de usuario «nadie_asi».\n' });
    expect(await roleOf('Futura_Mod')).toBe('moderator');
  });
});

describe('the demo moderator in production', () => {
  it('is a demo account: a production server refuses to start while it exists', async () => {
    const handle = await createTestDatabase();
    try {
      // Everything else a production server needs is given: its payments through CCBill, the key of identity documents.
      const env = { CCBILL_ACCOUNT_NUMBER: '900000', CCBILL_SUBACCOUNT: '0000', CCBILL_FLEXFORM_ID: 'form', CCBILL_SALT: 'salt', CCBILL_WEBHOOK_SECRET: 'secret', IDENTITY_KEY: 'k'.repeat(64) };
      const config = { ...loadConfig(env), production: true, seedDemo: false, appSecret: 'x'.repeat(40) };
      expect(await productionProblems(config, handle.db)).toEqual([]);
      await handle.db.insertInto('users').values({ username: MODERATOR_ACCOUNT.username, email: MODERATOR_ACCOUNT.email, password_hash: 'x', birth_date: '1990-01-01', role: 'moderator' }).execute();
      expect(await productionProblems(config, handle.db)).toEqual([expect.stringContaining('demo accounts')]);
    } finally {
      await handle.close();
    }
  });
});
