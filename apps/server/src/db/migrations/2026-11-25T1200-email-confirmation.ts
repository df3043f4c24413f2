import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // When the account's current address was confirmed from a link sent to it (null: not yet).
  await sql`ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz`.execute(db);
  // A link confirming an address: the registration's, or a new one asked for (which replaces the
  // account's address only once confirmed). Only the token's SHA-256 is kept; used once.
  await sql`
    CREATE TABLE email_confirmations (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      -- The session that asked for a change: it stays open when the change is confirmed, the others end.
      session_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX email_confirmations_user ON email_confirmations (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS email_confirmations`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS email_confirmed_at`.execute(db);
}
