import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A client's Idempotency-Key for one write (a message, a post), recorded in the write's own
  // transaction: a retry after a lost answer (a server killed mid-request, a dropped connection)
  // finds the write it already made instead of making it twice. Keys are the person's own and live
  // a day; `scope` says what the key was used for, so the same key sent for something else is refused.
  await sql`
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      scope text NOT NULL,
      target_id uuid,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
}
