import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A processor event that refers to a sale not seen yet (a renewal, a cancellation or a refund
  // delivered before the sale) is kept, with what is needed to apply it (ids, cents, the card's brand
  // and last four; nothing personal), and applied when the sale arrives (docs/decisions/0020).
  await sql`
    ALTER TABLE processor_events
      ADD COLUMN subscription_ref text,
      ADD COLUMN transaction_ref text,
      ADD COLUMN data jsonb,
      ADD COLUMN applied_at timestamptz`.execute(db);
  await sql`CREATE INDEX processor_events_deferred_subscription ON processor_events (provider, subscription_ref) WHERE outcome = 'deferred'`.execute(db);
  await sql`CREATE INDEX processor_events_deferred_transaction ON processor_events (provider, transaction_ref) WHERE outcome = 'deferred'`.execute(db);
  // The events of one processor subscription, for the questions of order (a failure older than a success).
  await sql`CREATE INDEX processor_events_subscription ON processor_events (provider, subscription_ref, event_type, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS processor_events_subscription`.execute(db);
  await sql`DROP INDEX IF EXISTS processor_events_deferred_transaction`.execute(db);
  await sql`DROP INDEX IF EXISTS processor_events_deferred_subscription`.execute(db);
  await sql`
    ALTER TABLE processor_events
      DROP COLUMN IF EXISTS applied_at,
      DROP COLUMN IF EXISTS data,
      DROP COLUMN IF EXISTS transaction_ref,
      DROP COLUMN IF EXISTS subscription_ref`.execute(db);
}
