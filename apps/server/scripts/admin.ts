/**
 * Administration from the command line, against the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR/db — stop the server first: the embedded database belongs to one
 * process at a time).
 *
 *   npm run admin -- role <username> moderator|admin|user
 *
 * Exits 0 when done, 1 with a message for an unknown account or role, 2 for a command it does not know.
 */
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Role } from '../src/db/schema.js';
import { createUsersRepository } from '../src/repositories/users.repository.js';

const ROLES: readonly Role[] = ['user', 'moderator', 'admin'];
const USAGE = 'Uso: npm run admin -- role <usuario> moderator|admin|user';

async function main(args: string[]): Promise<number> {
  const [command, username, role] = args;
  if (command !== 'role' || !username || !role || args.length !== 3) {
    console.error(USAGE);
    return 2;
  }
  if (!ROLES.includes(role as Role)) {
    console.error(`Rol desconocido: «${role}». Los roles son: ${ROLES.join(', ')}.`);
    return 1;
  }
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    // A database the server never started on gets its tables first, as a start would.
    await migrateToLatest(handle.db);
    const changed = await createUsersRepository(handle.db).setRole(username.replace(/^@/, ''), role as Role);
    if (!changed) {
      console.error(`No existe ninguna cuenta con el nombre de usuario «${username}».`);
      return 1;
    }
    console.log(
      changed.before === role ? `@${changed.username} ya tenía el rol ${role}.` : `Rol de @${changed.username}: ${role} (antes: ${changed.before}).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
