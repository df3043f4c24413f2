import {
  MIN_PAYOUT_CENTS,
  PAYOUTS_QUEUE_PAGE_SIZE,
  type CreatorDashboardResponse,
  type IdentityStatus,
  type MarkPayoutPaidResponse,
  type Payout,
  type PayoutsQueueItem,
  type PayoutsQueueResponse,
} from '@wag/contract/payments';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { ForbiddenError, ConflictError, NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { isUuid } from '../lib/uuid.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { CreatorRepository, DashboardSummaryRow, DeskPayoutRow, MonthEarningsRow, PayoutRow } from '../repositories/creator.repository.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { Viewer } from './auth.service.js';
import type { NotificationsService } from './notifications.service.js';

/** Months the dashboard's chart covers, the current one included. */
export const EARNINGS_MONTHS = 12;
const LATEST_PAYMENTS = 20;
const RECENT_POSTS = 12;
const LATEST_PAYOUTS = 20;

export interface CreatorServiceDeps {
  creator: CreatorRepository;
  uow: UnitOfWork;
  clock: Clock;
  notify: Pick<NotificationsService, 'announce'>;
  payments: { currency: string; platformFeePercent: number };
  /** A mail was queued with a write: wake the job worker. */
  jobsQueued: () => void;
}

const iso = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The first instants (UTC) of the `count` months ending with the one of `now`, oldest first, and of the month after. */
export function monthWindow(now: Date, count: number): { months: string[]; from: Date; to: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const starts = Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - (count - 1) + i, 1)));
  return { months: starts.map(monthKey), from: starts[0]!, to: new Date(Date.UTC(year, month + 1, 1)) };
}

/** Every month of the window, the sums of those with entries and zeros for the others. */
export function fillMonths(months: readonly string[], rows: readonly MonthEarningsRow[]): CreatorDashboardResponse['earningsByMonth'] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => {
    const row = byMonth.get(month);
    return { month, gross: row?.gross ?? 0, fee: row?.fee ?? 0, net: row?.net ?? 0 };
  });
}

function identityOf(row: DashboardSummaryRow): IdentityStatus {
  if (row.identity_verified_at) return 'approved';
  return row.identity_status ?? 'none';
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    requestedAt: new Date(row.requested_at).toISOString(),
    paidAt: iso(row.paid_at),
  };
}

function toDeskItem(row: DeskPayoutRow, balance: number): PayoutsQueueItem {
  return {
    ...toPayout(row),
    creator: { username: row.creator_username, fullName: row.creator_full_name, profilePictureUrl: mediaUrl(row.creator_avatar_key, MEDIA_FILES.avatarSmall) },
    paidBy: row.paid_by_username,
    creatorBalance: balance,
  };
}

/**
 * The creator's dashboard (docs/product-decisions.md §10): subscribers, earnings by month, balance,
 * latest payments and how their recent posts do; payout requests, which an admin marks paid from the
 * desk after making the transfer by hand (there is no automatic transfer).
 */
export function createCreatorService({ creator, uow, clock, notify, payments, jobsQueued }: CreatorServiceDeps) {
  async function requireAdmin(viewer: Viewer): Promise<void> {
    if ((await creator.roleOf(viewer.userId)) !== 'admin') throw new ForbiddenError(messages.adminsOnly);
  }

  return {
    async dashboard(viewer: Viewer): Promise<CreatorDashboardResponse> {
      const now = clock.now();
      const window = monthWindow(now, EARNINGS_MONTHS);
      const [summary, months, entries, posts, payouts] = await Promise.all([
        creator.summary(viewer.userId, now),
        creator.earningsByMonth(viewer.userId, window.from, window.to),
        creator.latestEntries(viewer.userId, LATEST_PAYMENTS),
        creator.recentPosts(viewer.userId, RECENT_POSTS),
        creator.payoutsOf(viewer.userId, LATEST_PAYOUTS),
      ]);
      return {
        vip: {
          enabled: summary.monthly_price !== null,
          monthlyPrice: summary.monthly_price,
          storyPrice: summary.story_price,
          currency: summary.vip_currency ?? payments.currency,
        },
        identity: identityOf(summary),
        subscribers: summary.subscribers,
        currency: payments.currency,
        platformFeePercent: payments.platformFeePercent,
        balance: summary.balance,
        earningsByMonth: fillMonths(window.months, months),
        latestPayments: entries.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          gross: entry.gross,
          fee: entry.fee,
          net: entry.net,
          currency: entry.currency,
          at: new Date(entry.created_at).toISOString(),
          payer: entry.payer_username,
        })),
        recentPosts: posts.map((post) => ({
          id: post.id,
          slug: post.slug,
          postType: post.post_type,
          title: post.title,
          visibility: post.visibility,
          // The creator's own posts: the picture grids show (toPostSummary's cover), never locked for them.
          thumbnailUrl: mediaFileUrl(post.thumb_key ?? post.poster_key ?? post.image_key),
          views: post.views_count,
          likes: post.likes_count,
          comments: post.comments_count,
          createdAt: new Date(post.created_at).toISOString(),
        })),
        payouts: payouts.map(toPayout),
      };
    },

    /**
     * A payout of part of the balance: identity-verified, not suspended, at most the balance. The
     * creator's row is locked for the whole check and write, so two requests at once cannot both
     * spend the same balance; the negative ledger entry and the request commit together.
     */
    async requestPayout(viewer: Viewer, amount: number): Promise<{ success: true; payout: Payout; message: string }> {
      if (!Number.isInteger(amount) || amount < MIN_PAYOUT_CENTS) throw new ValidationError(messages.payoutTooSmall);
      const now = clock.now();
      const payout = await uow.run(async (r) => {
        const gate = await r.creator.lockForPayout(viewer.userId);
        if (!gate?.identity_verified_at) throw new ForbiddenError(messages.payoutNeedsIdentity);
        if (gate.suspended_until && new Date(gate.suspended_until).getTime() > now.getTime()) throw new ForbiddenError(messages.paymentsSuspended);
        if (amount > (await r.creator.balanceOf(viewer.userId))) throw new ValidationError(messages.payoutTooLarge);
        return r.creator.insertPayout({ creatorId: viewer.userId, amount, currency: payments.currency, at: now });
      });
      return { success: true, payout: toPayout(payout), message: messages.payoutRequested };
    },

    /** The admins' desk: requests waiting (oldest first) or paid (latest first), with each creator's balance now. */
    async payoutsQueue(viewer: Viewer, status: 'requested' | 'paid' = 'requested', cursor?: string): Promise<PayoutsQueueResponse> {
      await requireAdmin(viewer);
      const rows = await creator.deskPage(status, PAYOUTS_QUEUE_PAGE_SIZE + 1, cursor ? decodeTimeCursor(cursor) : undefined);
      const page = rows.slice(0, PAYOUTS_QUEUE_PAGE_SIZE);
      const balances = await creator.balancesOf([...new Set(page.map((row) => row.creator_id))]);
      const last = page.at(-1);
      return {
        items: page.map((row) => toDeskItem(row, balances.get(row.creator_id) ?? 0)),
        nextCursor: rows.length > PAYOUTS_QUEUE_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },

    /**
     * An admin made the transfer and marks the request paid, once (409 after). The creator is told by
     * a notification from WAG and by mail in their language, both committed with the change.
     */
    async markPaid(viewer: Viewer, id: string): Promise<MarkPayoutPaidResponse> {
      await requireAdmin(viewer);
      if (!isUuid(id)) throw new NotFoundError(messages.payoutNotFound);
      const now = clock.now();
      const row = await uow.run(async (r) => {
        const payout = await r.creator.lockDeskPayout(id);
        if (!payout) throw new NotFoundError(messages.payoutNotFound);
        if (payout.status === 'paid' || !(await r.creator.markPaid(id, viewer.userId, now))) throw new ConflictError(messages.payoutAlreadyPaid);
        await r.notifications.insert({ recipientId: payout.creator_id, actorId: null, type: 'payout_paid', detail: null, at: now });
        await r.jobs.enqueue({
          name: 'mail.send',
          data: {
            message: {
              kind: 'payout-paid',
              to: payout.creator_email,
              username: payout.creator_username,
              amount: payout.amount,
              currency: payout.currency,
              requestedAt: new Date(payout.requested_at).toISOString(),
              paidAt: now.toISOString(),
              language: await r.preferences.languageOf(payout.creator_id),
            },
          },
        });
        // Paying out does not move the balance (the request's entry already did): read for the desk's line.
        const balance = await r.creator.balanceOf(payout.creator_id);
        return { payout: { ...payout, status: 'paid' as const, paid_at: now, paid_by_username: viewer.username }, balance };
      });
      await notify.announce([{ userId: row.payout.creator_id, event: 'notification' }]);
      jobsQueued();
      return { success: true, payout: toDeskItem(row.payout, row.balance), message: messages.payoutMarkedPaid };
    },
  };
}

export type CreatorService = ReturnType<typeof createCreatorService>;
