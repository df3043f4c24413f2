import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { LedgerKind, PaymentCheckoutsTable, SubscriptionStatus } from '../db/schema.js';
import { createNotificationsRepository } from './notifications.repository.js';

/** The kinds of ledger entry a processor's transaction can be: what a refund or chargeback undoes. */
const CHARGE_KINDS = ['subscription', 'renewal', 'story_purchase', 'verification_fee'] as const;
type ChargeKind = (typeof CHARGE_KINDS)[number];

export interface StoredEvent {
  event_key: string;
  event_type: string;
  occurred_at: Date | null;
  received_at: Date;
  outcome: string;
  data: unknown;
}

export interface Checkout {
  id: string;
  buyer_id: string;
  purpose: PaymentCheckoutsTable['purpose'];
  creator_id: string | null;
  amount: number;
  currency: string;
  story_ids: string[];
  accepted_immediate_access_at: Date;
  completed_at: Date | null;
}

export interface ProviderSubscription {
  id: string;
  subscriber_id: string;
  creator_id: string;
  status: SubscriptionStatus;
  price: number;
  currency: string;
  current_period_start: Date;
  current_period_end: Date;
  access_until: Date;
  card_brand: string | null;
  card_last4: string | null;
}

export interface ChargeEntry {
  id: string;
  kind: ChargeKind;
  payer_id: string | null;
  creator_id: string | null;
  subscription_id: string | null;
  gross: number;
  currency: string;
}

export interface NewLedgerEntry {
  kind: LedgerKind;
  payer_id: string | null;
  creator_id: string | null;
  subscription_id: string | null;
  period_start: Date | null;
  gross: number;
  fee: number;
  net: number;
  currency: string;
  provider: string;
  provider_ref: string;
  card_brand: string | null;
  card_last4: string | null;
  accepted_immediate_access_at: Date | null;
  refers_to: string | null;
  created_at: Date;
}

const SUBSCRIPTION_COLUMNS = [
  'id',
  'subscriber_id',
  'creator_id',
  'status',
  'price',
  'currency',
  'current_period_start',
  'current_period_end',
  'access_until',
  'card_brand',
  'card_last4',
] as const;

/**
 * What the processor's webhooks change (services/processor-events.service.ts): the events kept once
 * by their key, the hosted checkouts they complete, the subscriptions, ledger entries, story unlocks
 * and verified checks they make or undo.
 */
export function createProcessorEventsRepository(db: Database) {
  return {
    /**
     * Applies one processor's events one at a time across every server process (a transaction-scoped
     * advisory lock): a sale and an event waiting for it can never pass each other unseen.
     */
    async lockProvider(provider: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`processor-events:${provider}`}))`.execute(db);
    },

    async event(provider: string, key: string): Promise<StoredEvent | undefined> {
      return db
        .selectFrom('processor_events')
        .select(['event_key', 'event_type', 'occurred_at', 'received_at', 'outcome', 'data'])
        .where('provider', '=', provider)
        .where('event_key', '=', key)
        .executeTakeFirst();
    },

    async recordEvent(input: {
      provider: string;
      key: string;
      type: string;
      occurredAt: string | null;
      receivedAt: Date;
      outcome: string;
      subscriptionRef: string | null;
      transactionRef: string | null;
      data: unknown;
      appliedAt: Date | null;
    }): Promise<void> {
      await db
        .insertInto('processor_events')
        .values({
          provider: input.provider,
          event_key: input.key,
          event_type: input.type,
          occurred_at: input.occurredAt,
          received_at: input.receivedAt,
          outcome: input.outcome,
          subscription_ref: input.subscriptionRef,
          transaction_ref: input.transactionRef,
          data: JSON.stringify(input.data),
          applied_at: input.appliedAt,
        })
        .execute();
    },

    async settleEvent(provider: string, key: string, outcome: string, appliedAt: Date): Promise<void> {
      await db.updateTable('processor_events').set({ outcome, applied_at: appliedAt }).where('provider', '=', provider).where('event_key', '=', key).execute();
    },

    /** Events waiting for a sale, of one processor subscription or transaction, in the processor's order. */
    async deferred(provider: string, refs: { subscriptionRefs: string[]; transactionRefs: string[] }): Promise<StoredEvent[]> {
      if (refs.subscriptionRefs.length === 0 && refs.transactionRefs.length === 0) return [];
      return db
        .selectFrom('processor_events')
        .select(['event_key', 'event_type', 'occurred_at', 'received_at', 'outcome', 'data'])
        .where('provider', '=', provider)
        .where('outcome', '=', 'deferred')
        .where((eb) =>
          eb.or([
            ...(refs.subscriptionRefs.length > 0 ? [eb('subscription_ref', 'in', refs.subscriptionRefs)] : []),
            ...(refs.transactionRefs.length > 0 ? [eb('transaction_ref', 'in', refs.transactionRefs)] : []),
          ]),
        )
        .orderBy(sql`occurred_at ASC NULLS LAST`)
        .orderBy('received_at')
        .orderBy('event_key')
        .execute();
    },

    /** Whether an event of this type for the subscription was applied with a later processor time. */
    async appliedLater(provider: string, subscriptionRef: string, type: string, than: string): Promise<boolean> {
      const row = await db
        .selectFrom('processor_events')
        .select('event_key')
        .where('provider', '=', provider)
        .where('subscription_ref', '=', subscriptionRef)
        .where('event_type', '=', type)
        .where('outcome', '=', 'applied')
        .where('occurred_at', '>', new Date(than))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The sale of a processor subscription, whatever it made. */
    async sale(provider: string, subscriptionRef: string): Promise<StoredEvent | undefined> {
      return db
        .selectFrom('processor_events')
        .select(['event_key', 'event_type', 'occurred_at', 'received_at', 'outcome', 'data'])
        .where('provider', '=', provider)
        .where('subscription_ref', '=', subscriptionRef)
        .where('event_type', '=', 'NewSaleSuccess')
        .executeTakeFirst();
    },

    async checkout(id: string): Promise<Checkout | undefined> {
      return db
        .selectFrom('payment_checkouts')
        .select(['id', 'buyer_id', 'purpose', 'creator_id', 'amount', 'currency', 'story_ids', 'accepted_immediate_access_at', 'completed_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async completeCheckout(id: string, at: Date): Promise<void> {
      await db.updateTable('payment_checkouts').set({ completed_at: at }).where('id', '=', id).where('completed_at', 'is', null).execute();
    },

    async subscriptionByRef(provider: 'ccbill', ref: string): Promise<ProviderSubscription | undefined> {
      return db.selectFrom('subscriptions').select(SUBSCRIPTION_COLUMNS).where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
    },

    async subscriptionById(id: string): Promise<ProviderSubscription | undefined> {
      return db.selectFrom('subscriptions').select(SUBSCRIPTION_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Whether the pair has a subscription that has not ended (at most one may exist). */
    async hasLiveSubscription(subscriberId: string, creatorId: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('subscriber_id', '=', subscriberId)
        .where('creator_id', '=', creatorId)
        .where('status', '<>', 'expired')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertSubscription(input: {
      subscriber_id: string;
      creator_id: string;
      provider: 'ccbill';
      provider_ref: string;
      price: number;
      currency: string;
      card_brand: string | null;
      card_last4: string | null;
      current_period_start: Date;
      current_period_end: Date;
      accepted_immediate_access_at: Date;
      at: Date;
    }): Promise<ProviderSubscription> {
      const { at, ...values } = input;
      return db
        .insertInto('subscriptions')
        .values({ ...values, status: 'active', access_until: input.current_period_end, created_at: at, updated_at: at })
        .returning(SUBSCRIPTION_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async updateSubscription(
      id: string,
      change: {
        status?: SubscriptionStatus;
        current_period_start?: Date;
        current_period_end?: Date;
        access_until?: Date;
        cancel_at_period_end?: boolean;
        card_brand?: string | null;
        card_last4?: string | null;
        ended_at?: Date;
        addFailure?: boolean;
        resetFailures?: boolean;
      },
      at: Date,
    ): Promise<void> {
      const { addFailure, resetFailures, ended_at, ...columns } = change;
      await db
        .updateTable('subscriptions')
        .set((eb) => ({
          ...columns,
          updated_at: at,
          ...(ended_at ? { ended_at: eb.fn.coalesce('ended_at', eb.val(ended_at)) } : {}),
          ...(addFailure ? { renewal_failures: eb('renewal_failures', '+', 1) } : {}),
          ...(resetFailures ? { renewal_failures: 0 } : {}),
        }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * Appends a ledger entry once: the ledger's unique keys (one charge per subscription period, one
     * entry per processor transaction and kind, one reversal per entry) turn a second one into
     * nothing. Returns the entry's id, or null when it already existed.
     */
    async appendLedger(entry: NewLedgerEntry): Promise<string | null> {
      const row = await db.insertInto('ledger_entries').values(entry).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      return row?.id ?? null;
    },

    /** The charge a processor transaction made (a sale or a renewal), to refund or charge back. */
    async chargeByRef(provider: string, transactionRef: string): Promise<ChargeEntry | undefined> {
      const row = await db
        .selectFrom('ledger_entries')
        .select(['id', 'kind', 'payer_id', 'creator_id', 'subscription_id', 'gross', 'currency'])
        .where('provider', '=', provider)
        .where('provider_ref', '=', transactionRef)
        .where('kind', 'in', CHARGE_KINDS)
        .executeTakeFirst();
      return row as ChargeEntry | undefined;
    },

    async hasReversal(entryId: string): Promise<boolean> {
      const row = await db.selectFrom('ledger_entries').select('id').where('refers_to', '=', entryId).executeTakeFirst();
      return row !== undefined;
    },

    /** Opens to the buyer those of the stories that still exist; returns how many were opened. */
    async unlockStories(userId: string, storyIds: string[], ledgerEntryId: string, at: Date): Promise<number> {
      if (storyIds.length === 0) return 0;
      const result = await db
        .insertInto('story_unlocks')
        .columns(['user_id', 'story_id', 'ledger_entry_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('stories')
            .select([eb.val(userId).as('user_id'), 'id as story_id', eb.val(ledgerEntryId).as('ledger_entry_id'), eb.val(at).as('created_at')])
            .where('id', 'in', storyIds),
        )
        .onConflict((oc) => oc.columns(['user_id', 'story_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Closes what a purchase opened (its refund or chargeback). */
    async removeUnlocks(ledgerEntryId: string): Promise<void> {
      await db.deleteFrom('story_unlocks').where('ledger_entry_id', '=', ledgerEntryId).execute();
    },

    async setVerified(userId: string, verified: boolean, at: Date): Promise<void> {
      await db.updateTable('users').set({ is_verified: verified, updated_at: at }).where('id', '=', userId).execute();
    },

    /** Which of these accounts are suspended now. */
    async suspended(userIds: string[], now: Date): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db.selectFrom('users').select('id').where('id', 'in', userIds).where('suspended_until', '>', now).execute();
      return rows.map((row) => row.id);
    },
  };
}

export type ProcessorEventsRepository = ReturnType<typeof createProcessorEventsRepository>;

/** The repositories one processor event is applied with, in one transaction. */
export function processorEventRepositories(db: Database) {
  return { events: createProcessorEventsRepository(db), notifications: createNotificationsRepository(db) };
}

export type ProcessorEventRepositories = ReturnType<typeof processorEventRepositories>;

/** Applies an event and everything it causes (its notifications included) in one transaction. */
export function createProcessorEventsUnit(db: Database) {
  return {
    run<T>(work: (repos: ProcessorEventRepositories) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(processorEventRepositories(trx)));
    },
  };
}

export type ProcessorEventsUnit = ReturnType<typeof createProcessorEventsUnit>;
