import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { IdentityVerificationStatus, LedgerKind, Role } from '../db/schema.js';

/** The kinds that are a creator's earnings: sales and what undoes them (payouts and fees are not). */
export const EARNING_KINDS: readonly LedgerKind[] = ['subscription', 'renewal', 'story_purchase', 'refund', 'chargeback'];

/** What the dashboard's header tells in one statement: the offer, the identity, subscribers, balance. */
export interface DashboardSummaryRow {
  monthly_price: number | null;
  story_price: number | null;
  vip_currency: string | null;
  identity_verified_at: Date | null;
  identity_status: IdentityVerificationStatus | null;
  subscribers: number;
  balance: number;
}

export interface MonthEarningsRow {
  /** 'YYYY-MM', in UTC. */
  month: string;
  gross: number;
  fee: number;
  net: number;
}

export interface LedgerLineRow {
  id: string;
  kind: LedgerKind;
  gross: number;
  fee: number;
  net: number;
  currency: string;
  created_at: Date;
  payer_username: string | null;
}

export interface CreatorPostRow {
  id: string;
  slug: string;
  post_type: 'grid' | 'quicky' | 'vip';
  title: string | null;
  visibility: 'public' | 'followers' | 'subscribers';
  views_count: number;
  likes_count: number;
  comments_count: number;
  created_at: Date;
  thumb_key: string | null;
  poster_key: string | null;
  image_key: string | null;
}

export interface PayoutRow {
  id: string;
  creator_id: string;
  amount: number;
  currency: string;
  status: 'requested' | 'paid';
  requested_at: Date;
  paid_at: Date | null;
}

/** A payout with its creator and who paid it, as the admins' desk lists it. */
export interface DeskPayoutRow extends PayoutRow {
  creator_username: string;
  creator_full_name: string | null;
  creator_avatar_key: string | null;
  creator_email: string;
  paid_by_username: string | null;
  /** The sort key printed by PostgreSQL (microseconds kept) for the cursor. */
  cursor_at: string;
}

/** The facts a payout request is judged on, read with the creator's row locked. */
export interface PayoutGate {
  identity_verified_at: Date | null;
  suspended_until: Date | null;
}

const deskPayoutColumns = sql`
  p.id, p.creator_id, p.amount, p.currency, p.status, p.requested_at, p.paid_at,
  u.username AS creator_username, u.full_name AS creator_full_name, u.avatar_key AS creator_avatar_key, u.email AS creator_email,
  CASE WHEN a.deleted_at IS NULL THEN a.username END AS paid_by_username`;

/**
 * A creator's money and numbers (the dashboard), their payout requests, and the admins' payouts desk.
 * Sums are made in SQL, cents as integers.
 */
export function createCreatorRepository(db: Database) {
  return {
    /** The offer, the identity, the subscribers with access now and the balance, in one statement. */
    async summary(creatorId: string, now: Date): Promise<DashboardSummaryRow> {
      const result = await sql<DashboardSummaryRow>`
        SELECT v.monthly_price, v.story_price, v.currency AS vip_currency, u.identity_verified_at,
               (SELECT i.status FROM identity_verifications i WHERE i.user_id = u.id ORDER BY i.created_at DESC, i.id DESC LIMIT 1) AS identity_status,
               (SELECT count(*) FROM subscriptions s WHERE s.creator_id = u.id AND s.access_until > ${now})::int AS subscribers,
               (SELECT coalesce(sum(l.net), 0) FROM ledger_entries l WHERE l.creator_id = u.id)::int AS balance
        FROM users u
        LEFT JOIN vip_plans v ON v.user_id = u.id
        WHERE u.id = ${creatorId}`.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error(`creator ${creatorId} not found`);
      return row;
    },

    /** Gross, fee and net of sales and reversals per UTC month from `from` (inclusive) to `to` (exclusive); months with none are absent. */
    async earningsByMonth(creatorId: string, from: Date, to: Date): Promise<MonthEarningsRow[]> {
      const result = await sql<MonthEarningsRow>`
        SELECT to_char(date_trunc('month', l.created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
               sum(l.gross)::int AS gross, sum(l.fee)::int AS fee, sum(l.net)::int AS net
        FROM ledger_entries l
        WHERE l.creator_id = ${creatorId}
          AND l.kind IN (${sql.join(EARNING_KINDS)})
          AND l.created_at >= ${from} AND l.created_at < ${to}
        GROUP BY 1
        ORDER BY 1`.execute(db);
      return result.rows;
    },

    /** The creator's latest ledger entries, newest first, with the payer's username (null once deleted). */
    async latestEntries(creatorId: string, limit: number): Promise<LedgerLineRow[]> {
      const result = await sql<LedgerLineRow>`
        SELECT l.id, l.kind, l.gross, l.fee, l.net, l.currency, l.created_at,
               CASE WHEN p.deleted_at IS NULL THEN p.username END AS payer_username
        FROM ledger_entries l
        LEFT JOIN users p ON p.id = l.payer_id
        WHERE l.creator_id = ${creatorId}
        ORDER BY l.created_at DESC, l.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** The creator's latest posts with their counters and the files of their first item. */
    async recentPosts(creatorId: string, limit: number): Promise<CreatorPostRow[]> {
      const result = await sql<CreatorPostRow>`
        SELECT p.id, p.slug, p.post_type, p.title, p.visibility, p.views_count, p.likes_count, p.comments_count, p.created_at,
               m.thumb_key, m.poster_key, m.image_key
        FROM posts p
        LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
        WHERE p.user_id = ${creatorId}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** The creator's latest payout requests, newest first. */
    async payoutsOf(creatorId: string, limit: number): Promise<PayoutRow[]> {
      return db
        .selectFrom('payouts')
        .select(['id', 'creator_id', 'amount', 'currency', 'status', 'requested_at', 'paid_at'])
        .where('creator_id', '=', creatorId)
        .orderBy('requested_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Locks the creator's row until the transaction ends (run inside one): two payout requests of
     * one creator are judged one after the other, each seeing the other's entry.
     */
    async lockForPayout(creatorId: string): Promise<PayoutGate | undefined> {
      return db.selectFrom('users').select(['identity_verified_at', 'suspended_until']).where('id', '=', creatorId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    },

    async balanceOf(creatorId: string): Promise<number> {
      const result = await sql<{ balance: number }>`SELECT coalesce(sum(net), 0)::int AS balance FROM ledger_entries WHERE creator_id = ${creatorId}`.execute(db);
      return result.rows[0]?.balance ?? 0;
    },

    /** Balances of several creators in one statement (0 for one with no entries). */
    async balancesOf(creatorIds: readonly string[]): Promise<Map<string, number>> {
      if (creatorIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('ledger_entries')
        .select(['creator_id', sql<number>`coalesce(sum(net), 0)::int`.as('balance')])
        .where('creator_id', 'in', [...creatorIds])
        .groupBy('creator_id')
        .execute();
      return new Map(rows.map((row) => [row.creator_id as string, row.balance]));
    },

    /** A payout request: its negative ledger entry and the request pointing at it (inside a transaction). */
    async insertPayout(input: { creatorId: string; amount: number; currency: string; at: Date }): Promise<PayoutRow> {
      const entry = await db
        .insertInto('ledger_entries')
        .values({
          kind: 'payout',
          payer_id: null,
          creator_id: input.creatorId,
          gross: -input.amount,
          fee: 0,
          net: -input.amount,
          currency: input.currency,
          provider: 'manual',
          created_at: input.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return db
        .insertInto('payouts')
        .values({ creator_id: input.creatorId, amount: input.amount, currency: input.currency, status: 'requested', ledger_entry_id: entry.id, requested_at: input.at })
        .returning(['id', 'creator_id', 'amount', 'currency', 'status', 'requested_at', 'paid_at'])
        .executeTakeFirstOrThrow();
    },

    async roleOf(userId: string): Promise<Role | undefined> {
      const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
      return row?.role;
    },

    /**
     * A page of the desk: requests waiting, oldest first; or paid ones, the latest paid first.
     * Keyset on (requested_at, id) or (paid_at, id).
     */
    async deskPage(status: 'requested' | 'paid', limit: number, after?: { at: string; id: string }): Promise<DeskPayoutRow[]> {
      const waiting = status === 'requested';
      const result = await sql<DeskPayoutRow>`
        SELECT ${deskPayoutColumns}, ${waiting ? sql`p.requested_at::text` : sql`p.paid_at::text`} AS cursor_at
        FROM payouts p
        JOIN users u ON u.id = p.creator_id
        LEFT JOIN users a ON a.id = p.paid_by
        WHERE p.status = ${status}
          ${
            after
              ? waiting
                ? sql`AND (p.requested_at, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
                : sql`AND (p.paid_at, p.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : sql``
          }
        ORDER BY ${waiting ? sql`p.requested_at ASC, p.id ASC` : sql`p.paid_at DESC, p.id DESC`}
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** One payout with its creator, locked until the transaction ends (run inside one). */
    async lockDeskPayout(id: string): Promise<DeskPayoutRow | undefined> {
      const result = await sql<DeskPayoutRow>`
        SELECT ${deskPayoutColumns}, p.requested_at::text AS cursor_at
        FROM payouts p
        JOIN users u ON u.id = p.creator_id
        LEFT JOIN users a ON a.id = p.paid_by
        WHERE p.id = ${id}
        FOR UPDATE OF p`.execute(db);
      return result.rows[0];
    },

    /** Marks a requested payout paid; false when it was not waiting any more. */
    async markPaid(id: string, adminId: string, at: Date): Promise<boolean> {
      const result = await db.updateTable('payouts').set({ status: 'paid', paid_at: at, paid_by: adminId }).where('id', '=', id).where('status', '=', 'requested').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type CreatorRepository = ReturnType<typeof createCreatorRepository>;
