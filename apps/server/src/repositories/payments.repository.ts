import { sql, type Selectable } from 'kysely';
import { STORY_LIFETIME_MS } from '@wag/contract/stories';
import type { Database } from '../db/database.js';
import type { LedgerEntriesTable, LedgerKind, PaymentPurpose, SubscriptionsTable } from '../db/schema.js';
import { blockedSql, personVisibleSql } from '../access/filters.js';
import { createNotificationsRepository, type NewNotification } from './notifications.repository.js';

/** Notification lines written in the same transaction as the money movement they tell of. */
async function writeLines(trx: Database, lines: NewNotification[] | undefined): Promise<void> {
  const repo = createNotificationsRepository(trx);
  for (const line of lines ?? []) await repo.insert(line);
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** A creator as a buyer finds them: their offer, and whether they may sell at all. */
export interface SellerRow {
  id: string;
  username: string;
  email: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  /** Identity approved and not suspended: the offer is open. */
  identity_verified: boolean;
  suspended: boolean;
  monthly_price: number | null;
  story_price: number | null;
  currency: string | null;
}

export interface NewLedgerEntry {
  kind: LedgerKind;
  payerId: string | null;
  creatorId: string | null;
  subscriptionId?: string | null;
  periodStart?: Date | null;
  split: { gross: number; fee: number; net: number };
  currency: string;
  provider: string;
  providerRef: string | null;
  card?: { brand: string; last4: string } | null;
  acceptedAt?: Date | null;
  refersTo?: string | null;
  at: Date;
}

/** The subscriptions a list shows, with their creator. */
export interface SubscriptionListRow extends SubscriptionRow {
  creator_username: string;
  creator_full_name: string | null;
  creator_avatar_key: string | null;
  creator_is_verified: boolean;
  cursor_at: string;
}

const SUBSCRIPTION_COLUMNS = [
  's.id',
  's.subscriber_id',
  's.creator_id',
  's.provider',
  's.provider_ref',
  's.status',
  's.price',
  's.currency',
  's.card_brand',
  's.card_last4',
  's.card_token',
  's.next_attempt_at',
  's.current_period_start',
  's.current_period_end',
  's.access_until',
  's.cancel_at_period_end',
  's.renewal_failures',
  's.accepted_immediate_access_at',
  's.created_at',
  's.updated_at',
  's.ended_at',
] as const;

/** Subscriptions, the ledger, VIP offers and story unlocks: the money's records (docs/decisions/0022). */
export function createPaymentsRepository(db: Database) {
  return {
    /** The creator named `username` as `viewerId` finds them (undefined: no such account, or hidden from the viewer). */
    async seller(username: string, viewerId: string | null, now: Date): Promise<SellerRow | undefined> {
      return db
        .selectFrom('users as u')
        .leftJoin('vip_plans as v', 'v.user_id', 'u.id')
        .select([
          'u.id',
          'u.username',
          'u.email',
          'u.full_name',
          'u.avatar_key',
          'u.is_verified',
          sql<boolean>`u.identity_verified_at IS NOT NULL`.as('identity_verified'),
          sql<boolean>`(u.suspended_until > ${now}) IS TRUE`.as('suspended'),
          'v.monthly_price',
          'v.story_price',
          'v.currency',
        ])
        .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
        .where(personVisibleSql(viewerId, now, 'u'))
        .executeTakeFirst();
    },

    /** The account paying: its address, identity, suspension and the verified check. */
    async buyer(userId: string, now: Date) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'username',
          'email',
          'is_verified',
          sql<boolean>`identity_verified_at IS NOT NULL`.as('identity_verified'),
          sql<boolean>`(suspended_until > ${now}) IS TRUE`.as('suspended'),
        ])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Whether the two block each other, either way round. */
    async blockedBetween(a: string, b: string): Promise<boolean> {
      const row = await sql<{ blocked: boolean }>`SELECT ${blockedSql(a, sql`${b}::uuid`)} AS blocked`.execute(db);
      return row.rows[0]?.blocked ?? false;
    },

    async vipPlan(userId: string) {
      return db.selectFrom('vip_plans').select(['monthly_price', 'story_price', 'currency']).where('user_id', '=', userId).executeTakeFirst();
    },

    async saveVipPlan(userId: string, plan: { monthlyPrice: number; storyPrice: number; currency: string }, now: Date) {
      return db
        .insertInto('vip_plans')
        .values({ user_id: userId, monthly_price: plan.monthlyPrice, story_price: plan.storyPrice, currency: plan.currency, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ monthly_price: plan.monthlyPrice, story_price: plan.storyPrice, currency: plan.currency, updated_at: now }),
        )
        .returning(['monthly_price', 'story_price', 'currency'])
        .executeTakeFirstOrThrow();
    },

    /** The pair's subscription that has not ended (at most one: subscriptions_live_pair). */
    async liveSubscription(subscriberId: string, creatorId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions as s')
        .select(SUBSCRIPTION_COLUMNS)
        .where('s.subscriber_id', '=', subscriberId)
        .where('s.creator_id', '=', creatorId)
        .where('s.status', '<>', 'expired')
        .executeTakeFirst();
    },

    async subscriptionById(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('subscriptions as s').select(SUBSCRIPTION_COLUMNS).where('s.id', '=', id).executeTakeFirst();
    },

    /** How many subscriptions the pair has had: numbers the next one, so a retried purchase names the same charge. */
    async subscriptionCount(subscriberId: string, creatorId: string): Promise<number> {
      const row = await db
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('subscriber_id', '=', subscriberId)
        .where('creator_id', '=', creatorId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * A new subscription and its first charge, together. When the pair already has a live one (a
     * concurrent request for the same purchase won the race) nothing is written and that one is
     * returned with `created: false`.
     */
    async startSubscription(
      input: Omit<SubscriptionRow, 'id' | 'created_at' | 'updated_at' | 'ended_at' | 'renewal_failures' | 'next_attempt_at' | 'cancel_at_period_end' | 'status'>,
      entry: Omit<NewLedgerEntry, 'subscriptionId' | 'periodStart'>,
      lines?: NewNotification[],
    ): Promise<{ subscription: SubscriptionRow; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('subscriptions')
          .values({ ...input, status: 'active', created_at: entry.at, updated_at: entry.at })
          // The partial index's condition as a literal: a parameter there cannot be matched to the index
          // once PostgreSQL plans the prepared statement generically (db/prepared-statements.ts).
          .onConflict((oc) => oc.columns(['subscriber_id', 'creator_id']).where('status', '<>', sql.lit('expired')).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const existing = await trx
            .selectFrom('subscriptions as s')
            .select(SUBSCRIPTION_COLUMNS)
            .where('s.subscriber_id', '=', input.subscriber_id)
            .where('s.creator_id', '=', input.creator_id)
            .where('s.status', '<>', 'expired')
            .executeTakeFirstOrThrow();
          return { subscription: existing, created: false };
        }
        await insertEntry(trx, { ...entry, subscriptionId: inserted.id, periodStart: input.current_period_start });
        await writeLines(trx, lines);
        const subscription = await trx.selectFrom('subscriptions as s').select(SUBSCRIPTION_COLUMNS).where('s.id', '=', inserted.id).executeTakeFirstOrThrow();
        return { subscription, created: true };
      });
    },

    /**
     * A paid period: the renewal's entry (one per period, whoever writes it) and the subscription
     * moved on, only if it is still at the period that was charged. False when another worker (or a
     * retried request) already did it.
     */
    async renewPeriod(
      subscription: Pick<SubscriptionRow, 'id' | 'current_period_end'>,
      next: {
        periodStart: Date;
        periodEnd: Date;
        card?: { brand: string; last4: string; token: string };
        /** The subscriber paid it themselves: it renews again (a cancellation is taken back). */
        reactivate?: boolean;
      },
      entry: Omit<NewLedgerEntry, 'subscriptionId' | 'periodStart'>,
      lines?: NewNotification[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const written = await insertEntry(trx, { ...entry, subscriptionId: subscription.id, periodStart: next.periodStart }, { skipDuplicate: true });
        if (!written) return false;
        const moved = await trx
          .updateTable('subscriptions')
          .set((eb) => ({
            // A cancellation made while the job was charging stands: the period is paid, it does not renew.
            status: next.reactivate ? 'active' : eb.case().when('status', '=', 'canceled').then(sql<'canceled'>`'canceled'`).else(sql<'active'>`'active'`).end(),
            current_period_start: next.periodStart,
            current_period_end: next.periodEnd,
            access_until: next.periodEnd,
            renewal_failures: 0,
            next_attempt_at: null,
            ...(next.reactivate ? { cancel_at_period_end: false } : {}),
            updated_at: entry.at,
            ...(next.card ? { card_brand: next.card.brand, card_last4: next.card.last4, card_token: next.card.token } : {}),
          }))
          .where('id', '=', subscription.id)
          .where('current_period_end', '=', new Date(subscription.current_period_end))
          .executeTakeFirst();
        // Written only with the entry: the period was not charged before (the entry is unique per period).
        await writeLines(trx, lines);
        return Number(moved.numUpdatedRows) === 1;
      });
    },

    /** A renewal declined: access runs to the end of the grace; tried again at `retryAt`. */
    async markPastDue(
      subscription: Pick<SubscriptionRow, 'id' | 'current_period_end'>,
      graceUntil: Date,
      retryAt: Date,
      now: Date,
      lines?: NewNotification[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('subscriptions')
          .set((eb) => ({ status: 'past_due', access_until: graceUntil, next_attempt_at: retryAt, renewal_failures: eb('renewal_failures', '+', 1), updated_at: now }))
          .where('id', '=', subscription.id)
          .where('current_period_end', '=', new Date(subscription.current_period_end))
          .where('status', 'in', ['active', 'past_due'])
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) === 1;
        if (changed) await writeLines(trx, lines);
        return changed;
      });
    },

    /** The subscription ends: access stops now, or when it had already run out. */
    async expire(id: string, now: Date, lines?: NewNotification[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('subscriptions')
          .set((eb) => ({ status: 'expired', ended_at: now, access_until: eb.fn('least', [eb.ref('access_until'), eb.val(now)]), next_attempt_at: null, updated_at: now }))
          .where('id', '=', id)
          .where('status', '<>', 'expired')
          .executeTakeFirst();
        const changed = Number(result.numUpdatedRows) === 1;
        if (changed) await writeLines(trx, lines);
        return changed;
      });
    },

    /** Cancelled by the subscriber: no renewal; access stays until it runs out. */
    async cancelAtPeriodEnd(id: string, now: Date): Promise<void> {
      await db.updateTable('subscriptions').set({ status: 'canceled', cancel_at_period_end: true, next_attempt_at: null, updated_at: now }).where('id', '=', id).where('status', 'in', ['active', 'past_due']).execute();
    },

    /** A cancelled subscription still running is taken up again: it renews at its period's end. */
    async resume(id: string, now: Date): Promise<void> {
      await db.updateTable('subscriptions').set({ status: 'active', cancel_at_period_end: false, updated_at: now }).where('id', '=', id).where('status', '=', 'canceled').execute();
    },

    /**
     * Sandbox subscriptions with something due at `now`: a period to renew, a failed renewal to try
     * again, or an access that has run out (a cancelled one, or the end of the grace).
     */
    async dueSandboxSubscriptions(now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions as s')
        .select(SUBSCRIPTION_COLUMNS)
        .where('s.provider', '=', 'sandbox')
        .where((eb) =>
          eb.or([
            eb.and([eb('s.status', '=', 'active'), eb('s.current_period_end', '<=', now)]),
            eb.and([eb('s.status', '=', 'past_due'), eb.or([eb('s.next_attempt_at', '<=', now), eb('s.access_until', '<=', now)])]),
            eb.and([eb('s.status', '=', 'canceled'), eb('s.access_until', '<=', now)]),
          ]),
        )
        .orderBy('s.current_period_end')
        .limit(limit)
        .execute();
    },

    /** Whether the pair may still renew: neither suspended nor deleted, not blocked either way. */
    async renewalAllowed(subscriberId: string, creatorId: string, now: Date): Promise<boolean> {
      const row = await sql<{ allowed: boolean }>`
        SELECT NOT EXISTS (
          SELECT 1 FROM users u WHERE u.id IN (${subscriberId}, ${creatorId})
            AND ((u.suspended_until > ${now}) IS TRUE OR u.deleted_at IS NOT NULL)
        ) AND NOT ${blockedSql(subscriberId, sql`${creatorId}::uuid`)} AS allowed`.execute(db);
      return row.rows[0]?.allowed ?? false;
    },

    /** The subscriber's subscriptions, newest first (keyset on created_at, id). */
    async subscriptionsOf(subscriberId: string, after: { at: string; id: string } | null, limit: number): Promise<SubscriptionListRow[]> {
      let query = db
        .selectFrom('subscriptions as s')
        .innerJoin('users as c', 'c.id', 's.creator_id')
        .select(SUBSCRIPTION_COLUMNS)
        .select([
          'c.username as creator_username',
          'c.full_name as creator_full_name',
          'c.avatar_key as creator_avatar_key',
          'c.is_verified as creator_is_verified',
          sql<string>`s.created_at::text`.as('cursor_at'),
        ])
        .where('s.subscriber_id', '=', subscriberId)
        .where('c.deleted_at', 'is', null);
      if (after) query = query.where(sql<boolean>`(s.created_at, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
      return query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
    },

    /** The creator's subscribers-only stories live now that `viewerId` cannot open (bought ones aside). */
    async lockedStoryIds(creatorId: string, viewerId: string, now: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('stories as s')
        .select('s.id')
        .where('s.user_id', '=', creatorId)
        .where('s.audience', '=', 'subscribers')
        .where('s.status', '=', 'ready')
        .where('s.moderation', 'is', null)
        .where('s.created_at', '>', new Date(now.getTime() - STORY_LIFETIME_MS))
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('story_unlocks as su').select('su.story_id').where('su.user_id', '=', viewerId).whereRef('su.story_id', '=', 's.id'))),
        )
        .orderBy('s.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** A one-time purchase (stories, the verification fee): its entry and what it unlocks, together. */
    async recordPurchase(
      entry: NewLedgerEntry,
      effects: { unlockStories?: { userId: string; storyIds: string[] }; verifyAccount?: string },
      lines?: NewNotification[],
    ): Promise<{ id: string; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const written = await insertEntry(trx, entry, { skipDuplicate: true });
        const id =
          written?.id ??
          (
            await trx
              .selectFrom('ledger_entries')
              .select('id')
              .where('provider', '=', entry.provider)
              .where('provider_ref', '=', entry.providerRef)
              .where('kind', '=', entry.kind)
              .executeTakeFirstOrThrow()
          ).id;
        if (written && effects.unlockStories && effects.unlockStories.storyIds.length > 0) {
          await trx
            .insertInto('story_unlocks')
            .values(effects.unlockStories.storyIds.map((storyId) => ({ user_id: effects.unlockStories!.userId, story_id: storyId, ledger_entry_id: id, created_at: entry.at })))
            .onConflict((oc) => oc.columns(['user_id', 'story_id']).doNothing())
            .execute();
        }
        if (written && effects.verifyAccount) await trx.updateTable('users').set({ is_verified: true }).where('id', '=', effects.verifyAccount).execute();
        if (written) await writeLines(trx, lines);
        return { id, created: Boolean(written) };
      });
    },

    /** Records a hosted-form checkout; its id goes through the processor's form and comes back. */
    async createCheckout(input: {
      buyerId: string;
      purpose: PaymentPurpose;
      creatorId: string | null;
      amount: number;
      currency: string;
      storyIds: string[];
      acceptedAt: Date;
    }): Promise<string> {
      const row = await db
        .insertInto('payment_checkouts')
        .values({
          buyer_id: input.buyerId,
          purpose: input.purpose,
          creator_id: input.creatorId,
          amount: input.amount,
          currency: input.currency,
          story_ids: input.storyIds,
          accepted_immediate_access_at: input.acceptedAt,
          created_at: input.acceptedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Ledger entries (tests and the dashboard read them through their own queries). */
    async entriesOf(filter: { subscriptionId?: string; payerId?: string }): Promise<Array<Selectable<LedgerEntriesTable>>> {
      let query = db.selectFrom('ledger_entries').selectAll();
      if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
      if (filter.payerId) query = query.where('payer_id', '=', filter.payerId);
      return query.orderBy('created_at').execute();
    },
  };
}

/**
 * Appends one ledger entry. With `skipDuplicate`, an entry the unique indexes already hold (the same
 * period of a subscription, the same processor transaction) is not written again: undefined.
 */
async function insertEntry(db: Database, entry: NewLedgerEntry, options: { skipDuplicate?: boolean } = {}): Promise<{ id: string } | undefined> {
  const values = {
    kind: entry.kind,
    payer_id: entry.payerId,
    creator_id: entry.creatorId,
    subscription_id: entry.subscriptionId ?? null,
    period_start: entry.periodStart ?? null,
    gross: entry.split.gross,
    fee: entry.split.fee,
    net: entry.split.net,
    currency: entry.currency,
    provider: entry.provider,
    provider_ref: entry.providerRef,
    card_brand: entry.card?.brand ?? null,
    card_last4: entry.card?.last4 ?? null,
    accepted_immediate_access_at: entry.acceptedAt ?? null,
    refers_to: entry.refersTo ?? null,
    created_at: entry.at,
  };
  if (!options.skipDuplicate) return db.insertInto('ledger_entries').values(values).returning('id').executeTakeFirstOrThrow();
  // ON CONFLICT DO NOTHING with no target covers every unique index (period, transaction).
  return db.insertInto('ledger_entries').values(values).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
