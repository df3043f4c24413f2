import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A deleted account stays as an empty row (no name, address, password or content) so that the
  // other side of its conversations keeps the messages, shown as "Cuenta eliminada".
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS deleted_at`.execute(db);
}
