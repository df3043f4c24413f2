import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two-factor sign-in (TOTP, RFC 6238). Secrets are kept sealed with a key derived from APP_SECRET;
  // the pending one waits for its first code; the last accepted time step stops a code being replayed.
  await sql`
    ALTER TABLE users
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_pending_secret text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint`.execute(db);
  // Ten single-use recovery codes, kept as keyed hashes.
  await sql`
    CREATE TABLE recovery_codes (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`.execute(db);
  // The step between a right password and the code: single use, five minutes.
  await sql`
    CREATE TABLE login_challenges (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      device_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS login_challenges`.execute(db);
  await sql`DROP TABLE IF EXISTS recovery_codes`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS totp_secret, DROP COLUMN IF EXISTS totp_pending_secret, DROP COLUMN IF EXISTS totp_enabled_at, DROP COLUMN IF EXISTS totp_last_step`.execute(db);
}
