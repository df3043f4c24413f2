import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
const OLD_TYPES = `'like', 'comment', 'reply', 'mention', 'follow', 'story_reply', 'report_decided', 'moderation_decision'`;
/** From WAG itself, with no actor: an identity decision, the verified check, a payout paid. */
const SYSTEM_TYPES = `'report_decided', 'moderation_decision', 'identity_decision', 'account_verified', 'payout_paid'`;
const NEW_TYPES = `${OLD_TYPES}, 'subscription', 'payment', 'identity_decision', 'account_verified', 'payout_paid'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Identity checked by a moderator (the right to sell and to publish subscribers-only content), and
  // the confirmation, with each subscribers-only post or story, that everyone shown is an adult who
  // agreed to appear and to its publication.
  await sql`ALTER TABLE users ADD COLUMN identity_verified_at timestamptz`.execute(db);
  await sql`ALTER TABLE posts ADD COLUMN consent_confirmed_at timestamptz`.execute(db);
  await sql`ALTER TABLE stories ADD COLUMN consent_confirmed_at timestamptz`.execute(db);

  // A creator's VIP offer, in cents.
  await sql`
    CREATE TABLE vip_plans (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      monthly_price integer NOT NULL CHECK (monthly_price BETWEEN 299 AND 49999),
      story_price integer NOT NULL CHECK (story_price BETWEEN 299 AND 49999),
      currency text NOT NULL DEFAULT 'USD',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // One row per subscription; access lasts while access_until is in the future (the paid period's
  // end, the end of the grace after a failed renewal, or the moment a refund ended it), so every read
  // path asks one indexed question.
  await sql`
    CREATE TABLE subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subscriber_id uuid NOT NULL REFERENCES users(id),
      creator_id uuid NOT NULL REFERENCES users(id),
      provider text NOT NULL CHECK (provider IN ('sandbox', 'ccbill')),
      provider_ref text,
      status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled', 'expired')),
      price integer NOT NULL,
      currency text NOT NULL,
      card_brand text,
      card_last4 text,
      current_period_start timestamptz NOT NULL,
      current_period_end timestamptz NOT NULL,
      access_until timestamptz NOT NULL,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      renewal_failures integer NOT NULL DEFAULT 0,
      accepted_immediate_access_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      CHECK (subscriber_id <> creator_id)
    )`.execute(db);
  // At most one live subscription per pair; an ended one stays as history.
  await sql`CREATE UNIQUE INDEX subscriptions_live_pair ON subscriptions (subscriber_id, creator_id) WHERE status <> 'expired'`.execute(db);
  await sql`CREATE UNIQUE INDEX subscriptions_provider_ref ON subscriptions (provider, provider_ref) WHERE provider_ref IS NOT NULL`.execute(db);
  await sql`CREATE INDEX subscriptions_access ON subscriptions (subscriber_id, creator_id, access_until)`.execute(db);
  await sql`CREATE INDEX subscriptions_creator ON subscriptions (creator_id, access_until)`.execute(db);
  await sql`CREATE INDEX subscriptions_due ON subscriptions (current_period_end) WHERE status IN ('active', 'past_due')`.execute(db);
  await sql`CREATE INDEX subscriptions_mine ON subscriptions (subscriber_id, created_at DESC, id DESC)`.execute(db);

  // Every money movement, append-only: gross, the platform's fee and the creator's net, in cents
  // (negative for refunds, chargebacks and payouts). One charge per subscription period, and one
  // entry per processor transaction, so a retried request or a second worker can never charge twice.
  await sql`
    CREATE TABLE ledger_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('subscription', 'renewal', 'story_purchase', 'verification_fee', 'refund', 'chargeback', 'payout')),
      payer_id uuid REFERENCES users(id),
      creator_id uuid REFERENCES users(id),
      subscription_id uuid REFERENCES subscriptions(id),
      period_start timestamptz,
      gross integer NOT NULL,
      fee integer NOT NULL,
      net integer NOT NULL,
      currency text NOT NULL,
      provider text NOT NULL,
      provider_ref text,
      card_brand text,
      card_last4 text,
      accepted_immediate_access_at timestamptz,
      refers_to uuid REFERENCES ledger_entries(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (gross = fee + net)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_one_charge_per_period ON ledger_entries (subscription_id, period_start) WHERE kind IN ('subscription', 'renewal')`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_one_per_transaction ON ledger_entries (provider, provider_ref, kind) WHERE provider_ref IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_one_reversal ON ledger_entries (refers_to) WHERE refers_to IS NOT NULL`.execute(db);
  await sql`CREATE INDEX ledger_creator ON ledger_entries (creator_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX ledger_payer ON ledger_entries (payer_id, created_at DESC)`.execute(db);
  await sql`
    CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger_entries is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`.execute(db);

  // 'Comprar Story': the subscribers-only stories live at the moment of the purchase, opened for the buyer.
  await sql`
    CREATE TABLE story_unlocks (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      story_id uuid NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      ledger_entry_id uuid NOT NULL REFERENCES ledger_entries(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, story_id)
    )`.execute(db);

  // A creator's request to be paid part of their balance; an admin marks it paid from the desk.
  await sql`
    CREATE TABLE payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      creator_id uuid NOT NULL REFERENCES users(id),
      amount integer NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('requested', 'paid')),
      ledger_entry_id uuid NOT NULL REFERENCES ledger_entries(id),
      requested_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      paid_by uuid REFERENCES users(id)
    )`.execute(db);
  await sql`CREATE INDEX payouts_creator ON payouts (creator_id, requested_at DESC)`.execute(db);
  await sql`CREATE INDEX payouts_status ON payouts (status, requested_at)`.execute(db);

  // A purchase started on the processor's hosted form: what it is for, at what price, and the
  // buyer's agreement; its id travels through the form and comes back in the processor's webhook.
  await sql`
    CREATE TABLE payment_checkouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('subscription', 'story_purchase', 'verification_fee')),
      creator_id uuid REFERENCES users(id) ON DELETE CASCADE,
      amount integer NOT NULL,
      currency text NOT NULL,
      story_ids uuid[] NOT NULL DEFAULT '{}',
      accepted_immediate_access_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);

  // Each processor event once: its key (the processor's transaction or event identity) is stored
  // with the outcome, so a repeated delivery changes nothing.
  await sql`
    CREATE TABLE processor_events (
      provider text NOT NULL,
      event_key text NOT NULL,
      event_type text NOT NULL,
      occurred_at timestamptz,
      received_at timestamptz NOT NULL DEFAULT now(),
      outcome text NOT NULL,
      PRIMARY KEY (provider, event_key)
    )`.execute(db);

  // Identity documents sent for review: the files are encrypted at rest (AES-256-GCM) under the
  // identity store, never the media folder; the row keeps who decided what and why, and when the
  // documents were deleted (30 days after the decision).
  await sql`
    CREATE TABLE identity_verifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      dob date NOT NULL,
      dob_matches boolean NOT NULL,
      document_keys text[] NOT NULL DEFAULT '{}',
      reason text,
      decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
      decided_at timestamptz,
      documents_deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX identity_verifications_user ON identity_verifications (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX identity_verifications_queue ON identity_verifications (status, created_at, id)`.execute(db);
  await sql`CREATE UNIQUE INDEX identity_verifications_one_pending ON identity_verifications (user_id) WHERE status = 'pending'`.execute(db);

  // The sandbox provider's own books, as a processor keeps them: the cards it has seen (a token, the
  // brand, last four and expiry; never the number or the CVV) and every charge it was asked for, once
  // per idempotency key, approved or declined.
  await sql`
    CREATE TABLE sandbox_cards (
      token text PRIMARY KEY,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('approved', 'declined')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE sandbox_charges (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      card_token text NOT NULL REFERENCES sandbox_cards(token),
      amount integer NOT NULL,
      currency text NOT NULL,
      description text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('approved', 'declined')),
      decline_code text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The card a sandbox subscription renews with: the provider's token, not the card.
  await sql`ALTER TABLE subscriptions ADD COLUMN card_token text, ADD COLUMN next_attempt_at timestamptz`.execute(db);

  // Lines about money and verification: a new subscriber (actor: the subscriber), a payment event of
  // a subscription (actor: the creator; detail: renewed, renewal_failed, expired, refunded,
  // chargeback, story_unlocked), and lines from WAG itself with no actor.
  await sql`ALTER TABLE notifications ADD COLUMN detail text`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${NEW_TYPES}))`).execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_actor_or_decision`.execute(db);
  await sql.raw(`
    ALTER TABLE notifications ADD CONSTRAINT notifications_actor_or_decision
    CHECK ((type IN ('report_decided', 'moderation_decision')) = (moderation_event_id IS NOT NULL)
           AND (actor_id IS NOT NULL OR type IN (${SYSTEM_TYPES})))`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DELETE FROM notifications WHERE type NOT IN (${OLD_TYPES})`).execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_actor_or_decision`.execute(db);
  await sql`
    ALTER TABLE notifications ADD CONSTRAINT notifications_actor_or_decision
    CHECK ((type IN ('report_decided', 'moderation_decision')) = (moderation_event_id IS NOT NULL)
           AND (actor_id IS NOT NULL OR moderation_event_id IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`.execute(db);
  await sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${OLD_TYPES}))`).execute(db);
  await sql`ALTER TABLE notifications DROP COLUMN IF EXISTS detail`.execute(db);
  await sql`DROP TABLE IF EXISTS sandbox_charges`.execute(db);
  await sql`DROP TABLE IF EXISTS sandbox_cards`.execute(db);
  for (const table of ['identity_verifications', 'processor_events', 'payment_checkouts', 'payouts', 'story_unlocks', 'ledger_entries', 'subscriptions', 'vip_plans']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS ledger_append_only()`.execute(db);
  await sql`ALTER TABLE stories DROP COLUMN IF EXISTS consent_confirmed_at`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS consent_confirmed_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS identity_verified_at`.execute(db);
}
