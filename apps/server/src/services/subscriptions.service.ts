import { createHmac } from 'node:crypto';
import {
  GRACE_DAYS,
  MAX_PRICE_CENTS,
  MIN_PRICE_CENTS,
  VERIFICATION_FEE_CENTS,
  type AccountVerificationResponse,
  type PaymentBody,
  type PaymentInfoResponse,
  type StoryPurchaseResponse,
  type SubscribeResponse,
  type Subscription,
  type SubscriptionsResponse,
  type UserVipResponse,
  type VipOffer,
} from '@wag/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import type { MailContent } from '../mail/mail-messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import { platformOnly, splitFee } from '../payments/fees.js';
import type { ChargeOutcome, PaymentProvider } from '../payments/provider.js';
import type { NewNotification } from '../repositories/notifications.repository.js';
import type { PaymentsRepository, SellerRow, SubscriptionRow } from '../repositories/payments.repository.js';
import type { Viewer } from './auth.service.js';
import type { NotificationsService } from './notifications.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBSCRIPTIONS_PAGE_SIZE = 20;
/** How many due subscriptions one pass of the renewal job takes. */
const RENEWAL_BATCH = 100;

/** A card refused at the counter: 402, as processors answer a decline. */
export class PaymentDeclinedError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** The same day `months` months later (the last day of a shorter month), in UTC. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}

/** The same day next month: a monthly period. */
export function addMonth(date: Date): Date {
  return addMonths(date, 1);
}

/**
 * The end of the period after the one ending at `periodEnd`, counted from the subscription's start
 * (`anchor`), so a subscription begun on the 31st renews on the last day of short months and on the
 * 31st again after them, rather than drifting to the 28th for good.
 */
export function nextPeriodEnd(anchor: Date, periodEnd: Date): Date {
  let months = (periodEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (periodEnd.getUTCMonth() - anchor.getUTCMonth());
  let next = addMonths(anchor, months);
  while (next.getTime() <= periodEnd.getTime()) next = addMonths(anchor, ++months);
  return next;
}

export interface SubscriptionsServiceDeps {
  payments: PaymentsRepository;
  provider: PaymentProvider;
  config: PaymentsConfig;
  clock: Clock;
  notify: Pick<NotificationsService, 'announce'>;
  queueMail: (recipientId: string, message: MailContent) => Promise<void>;
  /** Keys the card fingerprint in idempotency keys (never stored with the card). */
  appSecret: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * VIP: a creator's offer, subscriptions and their renewals, 'Comprar Story' and the account
 * verification fee (issue 15; docs/decisions/0022). Money moves through the provider seam; every
 * movement is one ledger entry written with what it pays for; access itself is the access module's
 * (a subscription opens content while its access_until is ahead).
 */
export function createSubscriptionsService({ payments, provider, config, clock, notify, queueMail, appSecret, log }: SubscriptionsServiceDeps) {
  /** A keyed fingerprint of the card form, so a retry with the same card names the same charge and another card does not. */
  function cardFingerprint(body: PaymentBody): string {
    const form = `${(body.cardNumber ?? '').replace(/[\s-]/g, '')}|${(body.expiryDate ?? '').trim()}|${(body.cvv ?? '').trim()}`;
    return createHmac('sha256', `card-fingerprint:${appSecret}`).update(form).digest('hex').slice(0, 24);
  }

  function requireAgreement(body: PaymentBody): Date {
    if (body.acceptImmediateAccess !== true) throw new ValidationError(messages.immediateAccessRequired);
    return clock.now();
  }

  /** Charges the card form, or throws the form's or the decline's message. */
  async function chargeCard(body: PaymentBody, amount: number, description: string, idempotencyKey: string): Promise<Extract<ChargeOutcome, { ok: true }>> {
    if (provider.kind !== 'card') throw new ValidationError(messages.hostedCheckoutOnly);
    const outcome = await provider.chargeCard({ amount, currency: config.currency, description, idempotencyKey, card: body });
    if (outcome.ok) return outcome;
    if (outcome.reason === 'declined') throw new PaymentDeclinedError(messages[outcome.message]);
    throw new ValidationError(messages[outcome.message]);
  }

  /** The buyer's hosted-form address: the purchase is recorded as a checkout the processor's webhook completes. */
  async function hostedCheckout(input: Parameters<PaymentsRepository['createCheckout']>[0], recurring: boolean): Promise<string> {
    if (provider.kind !== 'hosted') throw new Error('hostedCheckout needs a hosted provider');
    const id = await payments.createCheckout(input);
    return provider.checkoutUrl({ id, purpose: input.purpose, amount: input.amount, currency: input.currency, recurring });
  }

  /** A card form sent to a hosted provider is refused: real card numbers never reach WAG. */
  function refuseCardFields(body: PaymentBody): void {
    if (provider.kind === 'hosted' && (body.cardNumber || body.cvv || body.expiryDate)) throw new ValidationError(messages.hostedCheckoutOnly);
  }

  async function activeBuyer(viewer: Viewer) {
    const buyer = await payments.buyer(viewer.userId, clock.now());
    if (!buyer) throw new NotFoundError(messages.userNotFound);
    if (buyer.suspended) throw new ForbiddenError(messages.paymentsSuspended);
    return buyer;
  }

  /** The creator whose offer the viewer is buying: visible to them, selling, not themselves, not blocked. */
  async function sellerFor(viewer: Viewer, username: string): Promise<SellerRow & { monthly_price: number; story_price: number; currency: string }> {
    const seller = await payments.seller(username, viewer.userId, clock.now());
    if (!seller) throw new NotFoundError(messages.userNotFound);
    if (seller.id === viewer.userId) throw new ValidationError(messages.vipSelf);
    if (!offerOpen(seller)) throw new NotFoundError(messages.vipNotOffered);
    // A profile hidden by a block is already not found; this covers a block made a moment ago.
    if (await payments.blockedBetween(viewer.userId, seller.id)) throw new NotFoundError(messages.userNotFound);
    return seller as SellerRow & { monthly_price: number; story_price: number; currency: string };
  }

  function offerOpen(seller: SellerRow): boolean {
    return seller.identity_verified && !seller.suspended && seller.monthly_price !== null;
  }

  function offerOf(plan: { monthly_price: number | null; story_price: number | null; currency: string | null } | undefined, open: boolean): VipOffer {
    return {
      enabled: open && plan?.monthly_price != null,
      monthlyPrice: plan?.monthly_price ?? null,
      storyPrice: plan?.story_price ?? null,
      currency: plan?.currency ?? config.currency,
    };
  }

  function toSubscription(row: SubscriptionRow, creator: { username: string; full_name: string | null; avatar_key: string | null; is_verified: boolean }): Subscription {
    return {
      id: row.id,
      creator: { username: creator.username, fullName: creator.full_name, profilePictureUrl: mediaUrl(creator.avatar_key, MEDIA_FILES.avatarSmall), isVerified: creator.is_verified },
      status: row.status,
      price: row.price,
      currency: row.currency,
      provider: row.provider,
      startedAt: new Date(row.created_at).toISOString(),
      currentPeriodEnd: new Date(row.current_period_end).toISOString(),
      accessUntil: new Date(row.access_until).toISOString(),
      cancelAtPeriodEnd: row.cancel_at_period_end,
      card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    };
  }

  const sellerSummary = (seller: SellerRow) => seller;

  /** Mails the buyer what happened to their money; never fails what it tells of (queueMail logs). */
  async function mailBuyer(buyer: { id: string; username: string; email: string }, content: Omit<Extract<MailContent, { kind: 'payment' }>, 'kind' | 'to' | 'username'>) {
    await queueMail(buyer.id, { kind: 'payment', to: buyer.email, username: buyer.username, ...content });
  }

  /**
   * One due subscription at `now`: ended when its access ran out; else renewed with its card (the
   * sandbox keeps a token), or marked past due with three days of grace when the card is declined.
   * Safe to run by several workers at once: the charge's idempotency key and the ledger's one entry
   * per period let only one of them charge and move the period.
   */
  async function settle(subscription: SubscriptionRow, now: Date): Promise<'renewed' | 'past_due' | 'expired' | 'skipped'> {
    const accessOver = new Date(subscription.access_until).getTime() <= now.getTime();
    const periodEnd = new Date(subscription.current_period_end);
    const lineTo = (detail: string): NewNotification => ({ recipientId: subscription.subscriber_id, actorId: subscription.creator_id, type: 'payment', detail, at: now });
    if (subscription.status === 'canceled' || (subscription.status === 'past_due' && accessOver)) {
      if (!accessOver) return 'skipped';
      const expired = await payments.expire(subscription.id, now, subscription.status === 'past_due' ? [lineTo('expired')] : []);
      if (expired && subscription.status === 'past_due') await tellSubscriber(subscription, 'expired', now);
      return expired ? 'expired' : 'skipped';
    }
    // The job did not run for the whole grace (the server was down): the months missed are not
    // charged after the fact; the subscription simply ended.
    if (periodEnd.getTime() + GRACE_DAYS * DAY_MS <= now.getTime()) {
      return (await payments.expire(subscription.id, now, [lineTo('expired')])) ? 'expired' : 'skipped';
    }
    // Suspension (of either), deletion or a block stops renewals: the paid period runs out and ends.
    if (!(await payments.renewalAllowed(subscription.subscriber_id, subscription.creator_id, now)) || !subscription.card_token || provider.kind !== 'card') {
      if (!accessOver && subscription.status === 'active' && periodEnd.getTime() > now.getTime()) return 'skipped';
      return (await payments.expire(subscription.id, now, [lineTo('expired')])) ? 'expired' : 'skipped';
    }
    const outcome = await provider.chargeToken({
      amount: subscription.price,
      currency: subscription.currency,
      description: 'WAG VIP',
      idempotencyKey: `renewal:${subscription.id}:${periodEnd.toISOString()}`,
      cardToken: subscription.card_token,
    });
    if (outcome.ok) {
      const renewed = await payments.renewPeriod(
        subscription,
        { periodStart: periodEnd, periodEnd: nextPeriodEnd(new Date(subscription.created_at), periodEnd) },
        {
          kind: 'renewal',
          payerId: subscription.subscriber_id,
          creatorId: subscription.creator_id,
          split: splitFee(subscription.price, config.platformFeePercent),
          currency: subscription.currency,
          provider: provider.name,
          providerRef: outcome.reference,
          card: outcome.card,
          acceptedAt: new Date(subscription.accepted_immediate_access_at),
          at: now,
        },
        [lineTo('renewed')],
      );
      if (renewed) await tellSubscriber(subscription, 'renewed', now);
      return renewed ? 'renewed' : 'skipped';
    }
    const graceUntil = new Date(periodEnd.getTime() + GRACE_DAYS * DAY_MS);
    const first = subscription.status === 'active';
    const marked = await payments.markPastDue(subscription, graceUntil, new Date(now.getTime() + DAY_MS), now, first ? [lineTo('renewal_failed')] : []);
    if (marked && first) await tellSubscriber(subscription, 'renewal_failed', now, graceUntil);
    return marked ? 'past_due' : 'skipped';
  }

  async function tellSubscriber(subscription: SubscriptionRow, event: 'renewed' | 'renewal_failed' | 'expired', now: Date, until?: Date) {
    await notify.announce([{ userId: subscription.subscriber_id, event: 'notification' }]);
    const [buyer, creator] = await Promise.all([payments.buyer(subscription.subscriber_id, now), payments.buyer(subscription.creator_id, now)]);
    if (!buyer) return;
    await mailBuyer(buyer, {
      event,
      amount: subscription.price,
      currency: subscription.currency,
      creator: creator?.username ?? null,
      until: (until ?? (event === 'renewed' ? nextPeriodEnd(new Date(subscription.created_at), new Date(subscription.current_period_end)) : now)).toISOString(),
    });
  }

  return {
    info(): PaymentInfoResponse {
      return {
        provider: provider.name,
        testMode: provider.testMode,
        currency: config.currency,
        platformFeePercent: config.platformFeePercent,
        verificationFee: VERIFICATION_FEE_CENTS,
      };
    },

    /** PUT /api/creator/vip: only an identity-verified account that is not suspended sets prices. */
    async setVipPrices(viewer: Viewer, prices: { monthlyPrice: number; storyPrice: number }): Promise<{ success: true; vip: VipOffer }> {
      const buyer = await activeBuyer(viewer);
      if (!buyer.identity_verified) throw new ForbiddenError(messages.vipIdentityRequired);
      for (const price of [prices.monthlyPrice, prices.storyPrice]) {
        if (price < MIN_PRICE_CENTS || price > MAX_PRICE_CENTS) throw new ValidationError(messages.vipPriceInvalid);
      }
      const plan = await payments.saveVipPlan(viewer.userId, { ...prices, currency: config.currency }, clock.now());
      return { success: true, vip: offerOf(plan, true) };
    },

    /** GET /api/users/:username/vip: the offer and how the viewer stands to it. */
    async userVip(viewer: Viewer | null, username: string): Promise<UserVipResponse> {
      const now = clock.now();
      const seller = await payments.seller(username, viewer?.userId ?? null, now);
      if (!seller) throw new NotFoundError(messages.userNotFound);
      const offer = offerOf(seller, offerOpen(seller));
      const own = viewer?.userId === seller.id;
      const live = viewer && !own ? await payments.liveSubscription(viewer.userId, seller.id) : undefined;
      const subscribed = live !== undefined && new Date(live.access_until).getTime() > now.getTime();
      const locked = viewer && !own && !subscribed && offer.enabled ? await payments.lockedStoryIds(seller.id, viewer.userId, now) : [];
      return {
        ...offer,
        isSubscribed: subscribed,
        status: live?.status ?? null,
        currentPeriodEnd: live ? new Date(live.current_period_end).toISOString() : null,
        cancelAtPeriodEnd: live?.cancel_at_period_end ?? false,
        lockedStories: locked.length,
      };
    },

    /**
     * POST /api/users/:username/vip/subscribe: with the card form (sandbox) the first month is
     * charged and access starts at once; with the hosted provider the answer is its form's address.
     * A cancelled subscription still running is simply taken up again; a past-due one is paid now.
     */
    async subscribe(viewer: Viewer, username: string, body: PaymentBody): Promise<SubscribeResponse> {
      const acceptedAt = requireAgreement(body);
      const buyer = await activeBuyer(viewer);
      const seller = await sellerFor(viewer, username);
      const now = clock.now();
      let live = await payments.liveSubscription(viewer.userId, seller.id);
      // One whose access has run out (the job has not recorded it yet) ends now: this is a new one.
      if (live && new Date(live.access_until).getTime() <= now.getTime()) {
        await payments.expire(live.id, now);
        live = undefined;
      }
      if (live && live.status === 'active') throw new ConflictError(messages.vipAlreadySubscribed);
      // Renewals through the processor are the processor's: WAG never opens a second recurring sale.
      if (live && live.provider !== provider.name) throw new ConflictError(messages.vipAlreadySubscribed);
      if (live && provider.kind === 'hosted') throw new ConflictError(messages.vipAlreadySubscribed);
      if (live && live.status === 'canceled' && new Date(live.current_period_end).getTime() > now.getTime()) {
        await payments.resume(live.id, now);
        return { success: true, subscription: toSubscription((await payments.subscriptionById(live.id))!, sellerSummary(seller)) };
      }
      refuseCardFields(body);
      if (provider.kind === 'hosted') {
        const checkoutUrl = await hostedCheckout(
          { buyerId: viewer.userId, purpose: 'subscription', creatorId: seller.id, amount: seller.monthly_price, currency: seller.currency, storyIds: [], acceptedAt },
          true,
        );
        return { success: true, checkoutUrl };
      }
      if (live) {
        // A failed renewal (cancelled since, or not) paid with another card: this period's charge, once.
        const periodEnd = new Date(live.current_period_end);
        // Keyed by the card too: the declined renewal's key already holds the old card's answer.
        const outcome = await chargeCard(body, live.price, 'WAG VIP', `renewal:${live.id}:${periodEnd.toISOString()}:${cardFingerprint(body)}`);
        await payments.renewPeriod(
          live,
          { periodStart: periodEnd, periodEnd: nextPeriodEnd(new Date(live.created_at), periodEnd), card: { ...outcome.card, token: outcome.cardToken }, reactivate: true },
          {
            kind: 'renewal',
            payerId: viewer.userId,
            creatorId: seller.id,
            split: splitFee(live.price, config.platformFeePercent),
            currency: live.currency,
            provider: provider.name,
            providerRef: outcome.reference,
            card: outcome.card,
            acceptedAt,
            at: now,
          },
        );
        return { success: true, subscription: toSubscription((await payments.subscriptionById(live.id))!, sellerSummary(seller)) };
      }
      const number = await payments.subscriptionCount(viewer.userId, seller.id);
      const outcome = await chargeCard(body, seller.monthly_price, 'WAG VIP', `subscribe:${viewer.userId}:${seller.id}:${number}:${cardFingerprint(body)}`);
      const periodEnd = addMonth(now);
      const { subscription, created } = await payments.startSubscription(
        {
          subscriber_id: viewer.userId,
          creator_id: seller.id,
          provider: provider.name,
          provider_ref: null,
          price: seller.monthly_price,
          currency: seller.currency,
          card_brand: outcome.card.brand,
          card_last4: outcome.card.last4,
          card_token: outcome.cardToken,
          current_period_start: now,
          current_period_end: periodEnd,
          access_until: periodEnd,
          accepted_immediate_access_at: acceptedAt,
        },
        {
          kind: 'subscription',
          payerId: viewer.userId,
          creatorId: seller.id,
          split: splitFee(seller.monthly_price, config.platformFeePercent),
          currency: seller.currency,
          provider: provider.name,
          providerRef: outcome.reference,
          card: outcome.card,
          acceptedAt,
          at: now,
        },
        [{ recipientId: seller.id, actorId: viewer.userId, type: 'subscription', at: now }],
      );
      if (created) {
        log.info({ subscriptionId: subscription.id, creatorId: seller.id, amount: seller.monthly_price }, 'subscription started');
        await notify.announce([{ userId: seller.id, event: 'notification' }]);
        await mailBuyer(buyer, { event: 'subscribed', amount: seller.monthly_price, currency: seller.currency, creator: seller.username, until: periodEnd.toISOString() });
      }
      return { success: true, subscription: toSubscription(subscription, sellerSummary(seller)) };
    },

    /** DELETE /api/users/:username/vip/subscribe: no renewal; access stays to the end of the paid period. */
    async cancel(viewer: Viewer, username: string) {
      const now = clock.now();
      const seller = await payments.seller(username, viewer.userId, now);
      if (!seller) throw new NotFoundError(messages.userNotFound);
      const live = await payments.liveSubscription(viewer.userId, seller.id);
      if (!live || live.status === 'canceled') throw new NotFoundError(messages.vipNotSubscribed);
      // CCBill bills by itself and WAG cannot stop it: the person cancels with CCBill, whose
      // Cancellation webhook then records it here.
      if (live.provider === 'ccbill') throw new ConflictError(messages.cancelWithProcessor);
      await payments.cancelAtPeriodEnd(live.id, now);
      const updated = (await payments.subscriptionById(live.id))!;
      const buyer = await payments.buyer(viewer.userId, now);
      if (buyer) await mailBuyer(buyer, { event: 'canceled', amount: live.price, currency: live.currency, creator: seller.username, until: new Date(updated.access_until).toISOString() });
      return { success: true as const, subscription: toSubscription(updated, sellerSummary(seller)), message: messages.vipCanceled };
    },

    /** GET /api/subscriptions: the viewer's subscriptions, newest first. */
    async list(viewer: Viewer, cursor: string | undefined): Promise<SubscriptionsResponse> {
      const after = cursor ? decodeTimeCursor(cursor) : null;
      const rows = await payments.subscriptionsOf(viewer.userId, after, SUBSCRIPTIONS_PAGE_SIZE + 1);
      const page = rows.slice(0, SUBSCRIPTIONS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) =>
          toSubscription(row, { username: row.creator_username, full_name: row.creator_full_name, avatar_key: row.creator_avatar_key, is_verified: row.creator_is_verified }),
        ),
        nextCursor: rows.length > SUBSCRIPTIONS_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },

    /**
     * 'Comprar Story': the creator's subscribers-only stories live now that the buyer cannot open,
     * unlocked for them for the story price. Buying the same set again charges nothing.
     */
    async purchaseStories(viewer: Viewer, username: string, body: PaymentBody): Promise<StoryPurchaseResponse> {
      const acceptedAt = requireAgreement(body);
      const buyer = await activeBuyer(viewer);
      const seller = await sellerFor(viewer, username);
      const now = clock.now();
      const live = await payments.liveSubscription(viewer.userId, seller.id);
      if (live && new Date(live.access_until).getTime() > now.getTime()) throw new ConflictError(messages.vipAlreadySubscribed);
      const storyIds = await payments.lockedStoryIds(seller.id, viewer.userId, now);
      if (storyIds.length === 0) throw new NotFoundError(messages.vipNoLockedStories);
      refuseCardFields(body);
      if (provider.kind === 'hosted') {
        const checkoutUrl = await hostedCheckout(
          { buyerId: viewer.userId, purpose: 'story_purchase', creatorId: seller.id, amount: seller.story_price, currency: seller.currency, storyIds, acceptedAt },
          false,
        );
        return { success: true, checkoutUrl };
      }
      const set = createHmac('sha256', 'story-set').update(storyIds.join(',')).digest('hex').slice(0, 16);
      const outcome = await chargeCard(body, seller.story_price, 'WAG Story', `stories:${viewer.userId}:${seller.id}:${set}:${cardFingerprint(body)}`);
      const { created } = await payments.recordPurchase(
        {
          kind: 'story_purchase',
          payerId: viewer.userId,
          creatorId: seller.id,
          split: splitFee(seller.story_price, config.platformFeePercent),
          currency: seller.currency,
          provider: provider.name,
          providerRef: outcome.reference,
          card: outcome.card,
          acceptedAt,
          at: now,
        },
        { unlockStories: { userId: viewer.userId, storyIds } },
        [{ recipientId: seller.id, actorId: viewer.userId, type: 'payment', detail: 'story_unlocked', at: now }],
      );
      if (created) {
        await notify.announce([{ userId: seller.id, event: 'notification' }]);
        await mailBuyer(buyer, { event: 'story_purchase', amount: seller.story_price, currency: seller.currency, creator: seller.username, until: null });
      }
      return { success: true, unlocked: storyIds.length, message: messages.storiesUnlocked };
    },

    /** POST /api/verification/account: the verified check, after an approved identity and the one-time fee. */
    async verifyAccount(viewer: Viewer, body: PaymentBody): Promise<AccountVerificationResponse> {
      const acceptedAt = requireAgreement(body);
      const buyer = await activeBuyer(viewer);
      if (buyer.is_verified) throw new ConflictError(messages.accountAlreadyVerified);
      if (!buyer.identity_verified) throw new ForbiddenError(messages.accountVerificationNeedsIdentity);
      refuseCardFields(body);
      if (provider.kind === 'hosted') {
        const checkoutUrl = await hostedCheckout(
          { buyerId: viewer.userId, purpose: 'verification_fee', creatorId: null, amount: VERIFICATION_FEE_CENTS, currency: config.currency, storyIds: [], acceptedAt },
          false,
        );
        return { success: true, checkoutUrl };
      }
      const now = clock.now();
      const outcome = await chargeCard(body, VERIFICATION_FEE_CENTS, 'WAG verificación', `verification:${viewer.userId}:${cardFingerprint(body)}`);
      const { created } = await payments.recordPurchase(
        {
          kind: 'verification_fee',
          payerId: viewer.userId,
          creatorId: null,
          split: platformOnly(VERIFICATION_FEE_CENTS),
          currency: config.currency,
          provider: provider.name,
          providerRef: outcome.reference,
          card: outcome.card,
          acceptedAt,
          at: now,
        },
        { verifyAccount: viewer.userId },
        [{ recipientId: viewer.userId, actorId: null, type: 'account_verified', at: now }],
      );
      if (created) {
        await notify.announce([{ userId: viewer.userId, event: 'notification' }]);
        await mailBuyer(buyer, { event: 'account_verified', amount: VERIFICATION_FEE_CENTS, currency: config.currency, creator: null, until: null });
      }
      return { success: true, account: 'active', message: messages.accountVerified };
    },

    /** Settles one subscription as the job read it (the job's step; a test can put a write between the read and it). */
    settleOne(subscription: SubscriptionRow) {
      return settle(subscription, clock.now());
    },

    /** One pass of the renewal job: every sandbox subscription due at the clock's now. */
    async settleDue(): Promise<Record<'renewed' | 'past_due' | 'expired' | 'skipped', number>> {
      const now = clock.now();
      const counts = { renewed: 0, past_due: 0, expired: 0, skipped: 0 };
      for (;;) {
        const due = await payments.dueSandboxSubscriptions(now, RENEWAL_BATCH);
        let progressed = false;
        for (const subscription of due) {
          try {
            const result = await settle(subscription, now);
            counts[result] += 1;
            if (result !== 'skipped') progressed = true;
          } catch (error) {
            counts.skipped += 1;
            log.warn({ err: error, subscriptionId: subscription.id }, 'subscription not settled');
          }
        }
        if (due.length < RENEWAL_BATCH || !progressed) return counts;
      }
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
