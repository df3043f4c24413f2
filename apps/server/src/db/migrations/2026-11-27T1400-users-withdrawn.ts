import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The accounts whose posts nobody is shown (suspended or deleted: access/filters.ts suspendedSql),
  // a handful among all users. When a listing filters many posts (a search walking the newest posts),
  // PostgreSQL reads that check once as a set of ids: with this index it reads those few accounts
  // instead of every user (100,000 at the benchmark's scale, most of a search's time).
  await sql`CREATE INDEX users_withdrawn ON users (id) WHERE suspended_until IS NOT NULL OR deleted_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX users_withdrawn`.execute(db);
}
