import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Direct messages. Story replies arrive here quoting their story (docs/product-decisions.md §7); the
  // conversations screens read the same table.
  await sql`
    CREATE TABLE messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text text NOT NULL,
      story_id uuid REFERENCES stories(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX messages_recipient ON messages (recipient_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX messages_sender ON messages (sender_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX stories_highlighted ON stories (user_id, highlighted_at DESC) WHERE highlighted_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS stories_highlighted`.execute(db);
  await sql`DROP TABLE IF EXISTS messages`.execute(db);
}
