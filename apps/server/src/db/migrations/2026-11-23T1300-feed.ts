import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The discovery feed pages through public, ready posts newest first.
  await sql`CREATE INDEX posts_public_created ON posts (created_at DESC, id DESC) WHERE visibility = 'public' AND status = 'ready'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS posts_public_created`.execute(db);
}
