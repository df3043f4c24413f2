import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // 'Tu Feed' takes each followed person's newest ready posts from this index alone (an index-only
  // scan): someone following thousands of accounts costs thousands of small index probes, never a
  // read of every one of their posts from the table.
  await sql`CREATE INDEX posts_user_ready ON posts (user_id, created_at DESC, id DESC) WHERE status = 'ready'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS posts_user_ready`.execute(db);
}
