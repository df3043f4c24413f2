import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per limited thing (an account's comments this minute, an IP's registrations this hour,
  // an account's failed logins...): a counter and the end of its window. One upsert reserves a hit
  // atomically, so the limit holds under concurrency and across every server process on the database.
  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      resets_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_resets_at ON rate_limits (resets_at)`.execute(db);

  // Addresses an account has signed in from: a failed-login lockout of the account by strangers
  // does not apply there (that address keeps its own counter).
  await sql`
    CREATE TABLE login_known_ips (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      ip text NOT NULL,
      last_login_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, ip)
    )`.execute(db);

  // Failed logins are counted in rate_limits now.
  await sql`DROP TABLE IF EXISTS login_failures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      throttle_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_key ON login_failures (throttle_key, created_at)`.execute(db);
  await sql`DROP TABLE IF EXISTS login_known_ips`.execute(db);
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db);
}
