import { GRACE_DAYS } from '@wag/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { PaymentMailEvent } from '../mail/mail-messages.js';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { CCBILL_PERIOD_DAYS, eventKey, readCcbillEvent, type CardFacts, type CcbillEvent } from '../payments/ccbill.js';
import { platformOnly, splitFee } from '../payments/fees.js';
import type { NewNotification } from '../repositories/notifications.repository.js';
import type { ProcessorEventRepositories, ProcessorEventsUnit, ProviderSubscription, StoredEvent } from '../repositories/processor-events.repository.js';
import type { NotificationsService, Tell } from './notifications.service.js';

const PROVIDER = 'ccbill';
const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

/**
 * What became of an event. `applied` changed WAG; `deferred` waits for its sale; `duplicate` was
 * seen before; the others were recorded and changed nothing, for the reason they name.
 */
export type EventOutcome =
  | 'applied'
  | 'deferred'
  | 'duplicate'
  | 'recorded'
  | 'ignored'
  | 'unknown_checkout'
  | 'checkout_already_completed'
  | 'already_subscribed'
  | 'not_a_subscription'
  | 'no_charge'
  | 'already_reversed'
  | 'superseded'
  | 'subscription_ended';

/**
 * CCBill's webhooks applied to WAG (docs/decisions/0020-ccbill.md): each event once (kept by its key
 * in processor_events), one at a time, in one transaction with its effects and notifications. An
 * event about a sale not seen yet is kept as deferred and applied when the sale arrives; the effects
 * are written so that a late event leaves the state a timely one would have left.
 */
/** A payment mail to send once an event has committed: whom it is for, about which creator, and its figures. */
export interface PaymentMailOrder {
  buyerId: string;
  creatorId: string | null;
  event: PaymentMailEvent;
  amount: number;
  currency: string;
  until: Date | null;
}

export function createProcessorEventsService({
  unit,
  notify,
  clock,
  feePercent,
  log,
  mailPayment,
}: {
  unit: ProcessorEventsUnit;
  notify: Pick<NotificationsService, 'announce'>;
  clock: Clock;
  feePercent: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Mails a buyer what happened to their money, in their language (never fails what it tells of). */
  mailPayment?: (mail: PaymentMailOrder) => Promise<void>;
}) {
  /**
   * Inserts a notification in the event's transaction and remembers whom to tell live after the
   * commit, and which mail to send then (`mail`: to the buyer the line is about).
   */
  async function tellOf(repos: ProcessorEventRepositories, tells: Tell[], notification: NewNotification, mail?: PaymentMailOrder): Promise<void> {
    await repos.notifications.insert(notification);
    const told: Tell & { mail?: PaymentMailOrder } = { userId: notification.recipientId, event: 'notification', ...(mail ? { mail } : {}) };
    tells.push(told);
  }

  /** The subscription a processor subscription id names; or why there is none to change. */
  async function subscriptionOf(repos: ProcessorEventRepositories, subscriptionRef: string): Promise<ProviderSubscription | 'deferred' | 'not_a_subscription'> {
    const subscription = await repos.events.subscriptionByRef(PROVIDER, subscriptionRef);
    if (subscription) return subscription;
    // The sale was seen and made no subscription (a one-time purchase, whose end CCBill also tells).
    if (await repos.events.sale(PROVIDER, subscriptionRef)) return 'not_a_subscription';
    return 'deferred';
  }

  async function applySale(repos: ProcessorEventRepositories, event: Extract<CcbillEvent, { type: 'NewSaleSuccess' }>, at: Date, tells: Tell[]): Promise<EventOutcome> {
    const checkout = event.checkoutId ? await repos.events.checkout(event.checkoutId) : undefined;
    if (!checkout) {
      log.warn({ transactionId: event.transactionId }, 'CCBill sale for no known checkout: nothing granted');
      return 'unknown_checkout';
    }
    if (checkout.completed_at) {
      log.warn({ transactionId: event.transactionId, checkoutId: checkout.id }, 'CCBill sale for a checkout already paid: refund it from the CCBill admin');
      return 'checkout_already_completed';
    }
    if (event.amount !== null && event.amount !== checkout.amount) {
      log.warn({ transactionId: event.transactionId, checkoutId: checkout.id, billed: event.amount, expected: checkout.amount }, 'CCBill billed another amount than the checkout: the billed amount is booked');
    }
    const gross = event.amount ?? checkout.amount;
    const card = event.card;
    const common = {
      payer_id: checkout.buyer_id,
      currency: checkout.currency,
      provider: PROVIDER,
      provider_ref: event.transactionId,
      card_brand: card?.brand ?? null,
      card_last4: card?.last4 ?? null,
      accepted_immediate_access_at: checkout.accepted_immediate_access_at,
      refers_to: null,
      created_at: at,
    };

    if (checkout.purpose === 'subscription') {
      if (!checkout.creator_id) return 'unknown_checkout';
      if (await repos.events.hasLiveSubscription(checkout.buyer_id, checkout.creator_id)) {
        log.warn({ transactionId: event.transactionId, checkoutId: checkout.id }, 'CCBill sale for a pair already subscribed: refund it from the CCBill admin');
        return 'already_subscribed';
      }
      const subscription = await repos.events.insertSubscription({
        subscriber_id: checkout.buyer_id,
        creator_id: checkout.creator_id,
        provider: PROVIDER,
        provider_ref: event.subscriptionId,
        price: checkout.amount,
        currency: checkout.currency,
        card_brand: card?.brand ?? null,
        card_last4: card?.last4 ?? null,
        current_period_start: at,
        current_period_end: addDays(at, CCBILL_PERIOD_DAYS),
        accepted_immediate_access_at: checkout.accepted_immediate_access_at,
        at,
      });
      await repos.events.appendLedger({
        ...common,
        kind: 'subscription',
        creator_id: checkout.creator_id,
        subscription_id: subscription.id,
        period_start: at,
        ...splitFee(gross, feePercent),
      });
      await tellOf(
        repos,
        tells,
        { recipientId: checkout.creator_id, actorId: checkout.buyer_id, type: 'subscription', at },
        { buyerId: checkout.buyer_id, creatorId: checkout.creator_id, event: 'subscribed', amount: gross, currency: checkout.currency, until: addDays(at, CCBILL_PERIOD_DAYS) },
      );
    } else if (checkout.purpose === 'story_purchase') {
      const entryId = await repos.events.appendLedger({
        ...common,
        kind: 'story_purchase',
        creator_id: checkout.creator_id,
        subscription_id: null,
        period_start: null,
        ...splitFee(gross, feePercent),
      });
      if (entryId) await repos.events.unlockStories(checkout.buyer_id, checkout.story_ids, entryId, at);
    } else {
      await repos.events.appendLedger({ ...common, kind: 'verification_fee', creator_id: null, subscription_id: null, period_start: null, ...platformOnly(gross) });
      await repos.events.setVerified(checkout.buyer_id, true, at);
      await tellOf(
        repos,
        tells,
        { recipientId: checkout.buyer_id, actorId: null, type: 'account_verified', at },
        { buyerId: checkout.buyer_id, creatorId: null, event: 'account_verified', amount: gross, currency: checkout.currency, until: null },
      );
    }
    await repos.events.completeCheckout(checkout.id, at);
    return 'applied';
  }

  function cardChange(card: CardFacts | null): { card_brand?: string; card_last4?: string } {
    return card ? { card_brand: card.brand, card_last4: card.last4 } : {};
  }

  async function applyRenewal(repos: ProcessorEventRepositories, event: Extract<CcbillEvent, { type: 'RenewalSuccess' }>, at: Date, tells: Tell[]): Promise<EventOutcome> {
    const subscription = await subscriptionOf(repos, event.subscriptionId);
    if (typeof subscription === 'string') return subscription;
    // The next period follows the paid one, however late the renewal is told.
    const periodStart = subscription.current_period_end;
    const periodEnd = addDays(periodStart, CCBILL_PERIOD_DAYS);
    const entryId = await repos.events.appendLedger({
      kind: 'renewal',
      payer_id: subscription.subscriber_id,
      creator_id: subscription.creator_id,
      subscription_id: subscription.id,
      period_start: periodStart,
      ...splitFee(event.amount ?? subscription.price, feePercent),
      currency: subscription.currency,
      provider: PROVIDER,
      provider_ref: event.transactionId,
      card_brand: event.card?.brand ?? subscription.card_brand,
      card_last4: event.card?.last4 ?? subscription.card_last4,
      accepted_immediate_access_at: null,
      refers_to: null,
      created_at: at,
    });
    if (!entryId) return 'recorded';

    const suspended = await repos.events.suspended([subscription.subscriber_id, subscription.creator_id], at);
    if (suspended.length > 0) {
      // The money moved: it is booked. WAG cannot stop CCBill's rebills itself (docs/decisions/0020).
      log.warn({ subscriptionId: subscription.id }, 'CCBill renewed a subscription of a suspended account: booked; cancel it from the CCBill admin');
    }

    const period = { current_period_start: periodStart, current_period_end: periodEnd, ...cardChange(event.card) };
    if (subscription.status === 'expired') {
      // Ended (expired, refunded) before this renewal was told: booked, but not opened again.
      await repos.events.updateSubscription(subscription.id, period, at);
    } else if (subscription.status === 'canceled') {
      await repos.events.updateSubscription(subscription.id, { ...period, access_until: periodEnd }, at);
    } else {
      // A failure told after this renewal but newer than it still stands.
      const failedLater = event.occurredAt !== null && (await repos.events.appliedLater(PROVIDER, event.subscriptionId, 'RenewalFailure', event.occurredAt));
      await repos.events.updateSubscription(
        subscription.id,
        failedLater
          ? { ...period, status: 'past_due', access_until: addDays(periodEnd, GRACE_DAYS) }
          : { ...period, status: 'active', access_until: periodEnd, resetFailures: true },
        at,
      );
    }
    const renewedFor = event.amount ?? subscription.price;
    await tellOf(
      repos,
      tells,
      { recipientId: subscription.subscriber_id, actorId: subscription.creator_id, type: 'payment', detail: 'renewed', at },
      { buyerId: subscription.subscriber_id, creatorId: subscription.creator_id, event: 'renewed', amount: renewedFor, currency: subscription.currency, until: periodEnd },
    );
    return 'applied';
  }

  async function applyRenewalFailure(repos: ProcessorEventRepositories, event: Extract<CcbillEvent, { type: 'RenewalFailure' }>, at: Date, tells: Tell[]): Promise<EventOutcome> {
    const subscription = await subscriptionOf(repos, event.subscriptionId);
    if (typeof subscription === 'string') return subscription;
    if (subscription.status === 'expired') return 'subscription_ended';
    // A renewal that succeeded after this failure (CCBill retries) wins, whichever is told first.
    if (event.occurredAt !== null && (await repos.events.appliedLater(PROVIDER, event.subscriptionId, 'RenewalSuccess', event.occurredAt))) return 'superseded';
    await repos.events.updateSubscription(
      subscription.id,
      {
        status: subscription.status === 'canceled' ? 'canceled' : 'past_due',
        access_until: addDays(subscription.current_period_end, GRACE_DAYS),
        addFailure: true,
      },
      at,
    );
    await tellOf(
      repos,
      tells,
      { recipientId: subscription.subscriber_id, actorId: subscription.creator_id, type: 'payment', detail: 'renewal_failed', at },
      {
        buyerId: subscription.subscriber_id,
        creatorId: subscription.creator_id,
        event: 'renewal_failed',
        amount: subscription.price,
        currency: subscription.currency,
        until: addDays(subscription.current_period_end, GRACE_DAYS),
      },
    );
    return 'applied';
  }

  async function applyCancellation(repos: ProcessorEventRepositories, event: { subscriptionId: string }, at: Date): Promise<EventOutcome> {
    const subscription = await subscriptionOf(repos, event.subscriptionId);
    if (typeof subscription === 'string') return subscription;
    // No more rebills; the access already paid for (or its grace) is kept to its end.
    await repos.events.updateSubscription(
      subscription.id,
      { cancel_at_period_end: true, ...(subscription.status === 'expired' ? {} : { status: 'canceled' as const }) },
      at,
    );
    return 'applied';
  }

  async function applyExpiration(repos: ProcessorEventRepositories, event: { subscriptionId: string }, at: Date): Promise<EventOutcome> {
    const subscription = await subscriptionOf(repos, event.subscriptionId);
    if (typeof subscription === 'string') return subscription;
    await repos.events.updateSubscription(subscription.id, { status: 'expired', access_until: earlier(subscription.access_until, at), ended_at: at }, at);
    return 'applied';
  }

  async function applyReversal(repos: ProcessorEventRepositories, event: Extract<CcbillEvent, { type: 'Refund' | 'Chargeback' | 'Void' }>, at: Date, tells: Tell[]): Promise<EventOutcome> {
    const charge = await repos.events.chargeByRef(PROVIDER, event.transactionId);
    if (!charge) {
      // The transaction was told and booked nothing (a sale of no known checkout): nothing to undo.
      const told = (await repos.events.event(PROVIDER, `NewSaleSuccess:${event.transactionId}`)) ?? (await repos.events.event(PROVIDER, `RenewalSuccess:${event.transactionId}`));
      return told ? 'no_charge' : 'deferred';
    }
    if (await repos.events.hasReversal(charge.id)) return 'already_reversed';
    const amount = event.amount !== null && event.amount > 0 ? Math.min(event.amount, charge.gross) : charge.gross;
    const kind = event.type === 'Chargeback' ? 'chargeback' : 'refund';
    await repos.events.appendLedger({
      kind,
      payer_id: charge.payer_id,
      creator_id: charge.creator_id,
      subscription_id: charge.subscription_id,
      period_start: null,
      ...(charge.kind === 'verification_fee' ? platformOnly(-amount) : splitFee(-amount, feePercent)),
      currency: charge.currency,
      provider: PROVIDER,
      provider_ref: event.transactionId,
      card_brand: null,
      card_last4: null,
      accepted_immediate_access_at: null,
      refers_to: charge.id,
      created_at: at,
    });

    if (charge.subscription_id) {
      const subscription = await repos.events.subscriptionById(charge.subscription_id);
      if (subscription) {
        await repos.events.updateSubscription(subscription.id, { status: 'expired', access_until: earlier(subscription.access_until, at), ended_at: at }, at);
      }
    }
    if (charge.kind === 'story_purchase') await repos.events.removeUnlocks(charge.id);
    // The verified check needs a payment that stands.
    if (charge.kind === 'verification_fee' && charge.payer_id) await repos.events.setVerified(charge.payer_id, false, at);
    // A payment line names the creator as its actor; the verification fee has none to name.
    if (charge.payer_id && charge.creator_id) {
      await tellOf(
        repos,
        tells,
        { recipientId: charge.payer_id, actorId: charge.creator_id, type: 'payment', detail: kind === 'chargeback' ? 'chargeback' : 'refunded', at },
        // A chargeback is the cardholder's own doing at their bank: only a refund is mailed.
        kind === 'chargeback' ? undefined : { buyerId: charge.payer_id, creatorId: charge.creator_id, event: 'refunded', amount: charge.gross, currency: charge.currency, until: null },
      );
    }
    return 'applied';
  }

  /** Applies one event at `at` (when WAG first heard of it), or says why it changed nothing. */
  async function apply(repos: ProcessorEventRepositories, event: CcbillEvent, at: Date, tells: Tell[]): Promise<EventOutcome> {
    switch (event.type) {
      case 'NewSaleSuccess':
        return applySale(repos, event, at, tells);
      case 'NewSaleFailure':
        // The checkout stays open; the buyer sees CCBill's own answer on its form.
        return 'recorded';
      case 'RenewalSuccess':
        return applyRenewal(repos, event, at, tells);
      case 'RenewalFailure':
        return applyRenewalFailure(repos, event, at, tells);
      case 'Cancellation':
        return applyCancellation(repos, event, at);
      case 'Expiration':
        return applyExpiration(repos, event, at);
      case 'Refund':
      case 'Chargeback':
      case 'Void':
        return applyReversal(repos, event, at, tells);
      case 'other':
        return 'ignored';
    }
  }

  const refsOf = (event: CcbillEvent) => ({
    subscriptionRef: 'subscriptionId' in event ? event.subscriptionId : null,
    transactionRef: 'transactionId' in event ? event.transactionId : null,
  });

  const dataOf = (row: StoredEvent): CcbillEvent => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as CcbillEvent;

  /**
   * Applies the events that were waiting for what `event` made (its sale, its renewal), in the
   * processor's order, until none more can be applied.
   */
  async function drain(repos: ProcessorEventRepositories, event: CcbillEvent, now: Date, tells: Tell[]): Promise<void> {
    const subscriptionRefs = new Set<string>();
    const transactionRefs = new Set<string>();
    const note = (source: CcbillEvent) => {
      const refs = refsOf(source);
      if (refs.subscriptionRef) subscriptionRefs.add(refs.subscriptionRef);
      if (refs.transactionRef) transactionRefs.add(refs.transactionRef);
    };
    note(event);
    for (let progress = true; progress; ) {
      progress = false;
      const waiting = await repos.events.deferred(PROVIDER, { subscriptionRefs: [...subscriptionRefs], transactionRefs: [...transactionRefs] });
      for (const row of waiting) {
        const deferred = dataOf(row);
        const outcome = await apply(repos, deferred, new Date(row.received_at), tells);
        if (outcome === 'deferred') continue;
        await repos.events.settleEvent(PROVIDER, row.event_key, outcome, now);
        note(deferred);
        progress = true;
      }
    }
  }

  return {
    /**
     * One webhook post, already authenticated (http/ccbill.routes.ts): read, applied once, and its
     * notifications told live after the commit. A repeated delivery answers as the first did.
     */
    async receive(eventType: string, body: Record<string, unknown>): Promise<{ outcome: EventOutcome }> {
      const read = readCcbillEvent(eventType, body);
      if ('problem' in read) {
        log.warn({ eventType, problem: read.problem }, 'CCBill webhook not understood');
        throw new ValidationError(messages.paymentEventUnreadable);
      }
      const { event } = read;
      const key = eventKey(event);
      const now = clock.now();
      const tells: Tell[] = [];
      const outcome = await unit.run(async (repos) => {
        await repos.events.lockProvider(PROVIDER);
        if (await repos.events.event(PROVIDER, key)) return 'duplicate' as const;
        const result = await apply(repos, event, now, tells);
        const refs = refsOf(event);
        await repos.events.recordEvent({
          provider: PROVIDER,
          key,
          type: event.type === 'other' ? event.eventType : event.type,
          occurredAt: event.occurredAt,
          receivedAt: now,
          outcome: result,
          subscriptionRef: refs.subscriptionRef,
          transactionRef: refs.transactionRef,
          data: event,
          appliedAt: result === 'deferred' ? null : now,
        });
        // Whatever the sale made (or did not), what waited for it can now be settled.
        if (result !== 'deferred') await drain(repos, event, now, tells);
        return result;
      });
      log.info({ eventType, key, outcome }, 'CCBill webhook');
      if (tells.length > 0) await notify.announce(tells);
      if (mailPayment) {
        for (const told of tells as Array<Tell & { mail?: PaymentMailOrder }>) if (told.mail) await mailPayment(told.mail);
      }
      return { outcome };
    },
  };
}

export type ProcessorEventsService = ReturnType<typeof createProcessorEventsService>;
