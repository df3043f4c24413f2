import { randomUUID } from 'node:crypto';
import { GRACE_DAYS } from '@wag/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { PaymentPurpose } from '../../src/db/schema.js';
import { createUser, type TestUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * CCBill's webhooks over HTTP, with payloads of the documented shape (field names as CCBill's
 * Webhooks User Guide lists them per event, personal fields included as CCBill sends them): who is
 * believed, what each event does to subscriptions, the ledger, story unlocks and the verified
 * check, and that repeated or out-of-order deliveries end as timely ones do.
 *
 * Access is the subscription's access_until, the one fact the access module reads; the refund cases
 * also open and close a subscribers-only post through the read path.
 */

const SECRET = 'ccbill-webhook-secret-for-tests';
const ACCOUNT = '900100';
const SUBACCOUNT = '0000';
const DAY = 24 * 60 * 60 * 1000;
/** One of CCBill's documented source addresses, and one outside them. */
const CCBILL_IP = '64.38.212.17';
const OTHER_IP = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  const base = loadConfig({});
  t = await createTestApp({
    mediaWorker: false,
    // One reverse proxy in front (TRUST_PROXY=1): the client is the last X-Forwarded-For entry.
    trustProxy: 1,
    payments: {
      ...base.payments,
      provider: 'ccbill',
      ccbill: {
        accountNumber: ACCOUNT,
        subAccount: SUBACCOUNT,
        flexFormId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
        salt: '7d901dad245fd0ff6bc20d06',
        webhookSecret: SECRET,
        webhookSources: ['64.38.212.0/24', '64.38.215.0/24', '64.38.240.0/24', '64.38.241.0/24'],
        currencyCode: '840',
      },
    },
  });
});
afterAll(() => t.close());

let sequence = 0;
/** CCBill's ids are long numbers: a fresh one for each transaction and subscription. */
const nextId = (prefix: string) => `${prefix}${String(++sequence).padStart(10, '0')}`;
/** CCBill's timestamp format, from the test clock plus some seconds. */
function ccbillTime(offsetSeconds = 0): string {
  return new Date(t.clock.now().getTime() + offsetSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

type Fields = Record<string, string>;

function newSaleSuccess(input: { subscriptionId: string; transactionId: string; checkoutId: string; price: string; recurring: boolean; at?: number }): Fields {
  return {
    accountingCurrency: 'USD',
    accountingCurrencyCode: '840',
    accountingInitialPrice: input.price,
    accountingRecurringPrice: input.recurring ? input.price : '0.00',
    address1: 'Calle Mayor 1',
    billedCurrency: 'USD',
    billedCurrencyCode: '840',
    billedInitialPrice: input.price,
    billedRecurringPrice: input.recurring ? input.price : '0.00',
    bin: '411111',
    cardType: 'VISA',
    city: 'Madrid',
    clientAccnum: ACCOUNT,
    clientSubacc: SUBACCOUNT,
    country: 'ES',
    email: 'fan@example.test',
    expDate: '1230',
    firstName: 'Ana',
    flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
    formName: '',
    initialPeriod: '30',
    ipAddress: '192.0.2.44',
    last4: '1111',
    lastName: 'Prueba',
    nextRenewalDate: input.recurring ? '2026-12-22' : '',
    password: '',
    paymentAccount: '57bc7327b5d721d7d20b240c0357e6ed',
    paymentType: 'CREDIT',
    phoneNumber: '',
    postalCode: '28013',
    priceDescription: input.recurring ? `${input.price}(USD) recurring every 30 days` : `${input.price}(USD) for 30 days (non-recurring)`,
    rebills: input.recurring ? '99' : '0',
    recurringPeriod: input.recurring ? '30' : '0',
    recurringPriceDescription: input.recurring ? `${input.price}(USD) recurring every 30 days` : '',
    reservationId: '0109072310330002423',
    state: 'MD',
    subscriptionCurrency: 'USD',
    subscriptionCurrencyCode: '840',
    subscriptionId: input.subscriptionId,
    subscriptionInitialPrice: input.price,
    subscriptionRecurringPrice: input.recurring ? input.price : '0.00',
    subscriptionTypeId: '0000000000',
    timestamp: ccbillTime(input.at ?? 0),
    transactionId: input.transactionId,
    username: '',
    'X-wagCheckoutId': input.checkoutId,
  };
}

function renewalSuccess(input: { subscriptionId: string; transactionId: string; price?: string; at?: number }): Fields {
  const price = input.price ?? '9.99';
  return {
    accountingAmount: price,
    accountingCurrency: 'USD',
    accountingCurrencyCode: '840',
    billedAmount: price,
    billedCurrency: 'USD',
    billedCurrencyCode: '840',
    bin: '411111',
    cardType: 'VISA',
    clientAccnum: ACCOUNT,
    clientSubacc: SUBACCOUNT,
    expDate: '1230',
    last4: '1111',
    nextRenewalDate: '2027-01-21',
    paymentAccount: '57bc7327b5d721d7d20b240c0357e6ed',
    paymentType: 'CREDIT',
    renewalDate: '2026-12-22',
    subscriptionId: input.subscriptionId,
    timestamp: ccbillTime(input.at ?? 0),
    transactionId: input.transactionId,
  };
}

function renewalFailure(input: { subscriptionId: string; transactionId: string; at?: number }): Fields {
  return {
    cardType: 'VISA',
    clientAccnum: ACCOUNT,
    clientSubacc: SUBACCOUNT,
    expDate: '1230',
    failureCode: 'BE-140',
    failureReason: 'Insufficient funds',
    last4: '1111',
    nextRetryDate: '2026-12-23',
    paymentType: 'CREDIT',
    renewalDate: '2026-12-22',
    subscriptionId: input.subscriptionId,
    timestamp: ccbillTime(input.at ?? 0),
    transactionId: input.transactionId,
  };
}

function subscriptionEvent(input: { subscriptionId: string; at?: number; reason?: string }): Fields {
  return {
    clientAccnum: ACCOUNT,
    clientSubacc: SUBACCOUNT,
    subscriptionId: input.subscriptionId,
    timestamp: ccbillTime(input.at ?? 0),
    ...(input.reason ? { reason: input.reason, source: 'FORM' } : {}),
  };
}

/** Refund, Chargeback and Void share their fields: the transaction undone and its amount. */
function reversal(input: { subscriptionId: string; transactionId: string; amount: string; at?: number }): Fields {
  return {
    accountingAmount: input.amount,
    accountingCurrency: 'USD',
    accountingCurrencyCode: '840',
    amount: input.amount,
    cardType: 'VISA',
    clientAccnum: ACCOUNT,
    clientSubacc: SUBACCOUNT,
    currency: 'USD',
    currencyCode: '840',
    expDate: '1230',
    last4: '1111',
    paymentType: 'CREDIT',
    reason: 'Customer Refunded',
    subscriptionId: input.subscriptionId,
    timestamp: ccbillTime(input.at ?? 0),
    transactionId: input.transactionId,
  };
}

/** A webhook post as CCBill sends it: the event in the query, the fields as JSON or URL-encoded. */
function deliver(eventType: string, fields: Fields, options: { format?: 'json' | 'form'; secret?: string; ip?: string } = {}) {
  const query = new URLSearchParams({ clientAccnum: ACCOUNT, clientSubacc: SUBACCOUNT, eventType, eventGroupType: 'Subscription' });
  const form = options.format === 'form';
  return t.request({
    method: 'POST',
    url: `/api/payments/ccbill/webhook/${encodeURIComponent(options.secret ?? SECRET)}?${query.toString()}`,
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded; charset=UTF-8' : 'application/json',
      'x-forwarded-for': options.ip ?? CCBILL_IP,
    },
    payload: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
}

async function deliverOk(eventType: string, fields: Fields, options: { format?: 'json' | 'form' } = {}): Promise<void> {
  const response = await deliver(eventType, fields, options);
  expect(response.statusCode, `${eventType}: ${response.body}`).toBe(200);
  expect(response.json()).toEqual({ success: true });
}

/** A hosted checkout as the subscribe, 'Comprar Story' and verification calls open it. */
async function checkout(buyer: TestUser, purpose: PaymentPurpose, input: { creator?: TestUser; amount: number; storyIds?: string[] }): Promise<string> {
  const row = await t.db
    .insertInto('payment_checkouts')
    .values({
      buyer_id: buyer.id,
      purpose,
      creator_id: input.creator?.id ?? null,
      amount: input.amount,
      currency: 'USD',
      story_ids: input.storyIds ?? [],
      accepted_immediate_access_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pair(prefix: string): Promise<{ creator: TestUser; fan: TestUser }> {
  const [creator, fan] = await Promise.all([createUser(t, { username: `${prefix}_c` }), createUser(t, { username: `${prefix}_f` })]);
  return { creator: creator!, fan: fan! };
}

function subscriptionRow(providerRef: string) {
  return t.db.selectFrom('subscriptions').selectAll().where('provider', '=', 'ccbill').where('provider_ref', '=', providerRef).executeTakeFirst();
}

function ledgerOf(where: { payerId: string }) {
  return t.db
    .selectFrom('ledger_entries')
    .select(['id', 'kind', 'gross', 'fee', 'net', 'currency', 'provider_ref', 'period_start', 'refers_to', 'subscription_id', 'card_last4'])
    .where('payer_id', '=', where.payerId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
}

function notificationsOf(recipientId: string) {
  return t.db.selectFrom('notifications').select(['type', 'actor_id', 'detail']).where('recipient_id', '=', recipientId).orderBy('created_at').execute();
}

const sum = (rows: Array<{ gross: number; fee: number; net: number }>) =>
  rows.reduce((total, row) => ({ gross: total.gross + row.gross, fee: total.fee + row.fee, net: total.net + row.net }), { gross: 0, fee: 0, net: 0 });

/** A subscription's state and ledger, with nothing that names the pair or the ids: to compare two histories. */
async function stateOf(providerRef: string, payerId: string) {
  const row = await subscriptionRow(providerRef);
  const ledger = await ledgerOf({ payerId });
  return {
    subscription: row && {
      status: row.status,
      price: row.price,
      currentPeriodStart: row.current_period_start.toISOString(),
      currentPeriodEnd: row.current_period_end.toISOString(),
      accessUntil: row.access_until.toISOString(),
      cancelAtPeriodEnd: row.cancel_at_period_end,
      renewalFailures: row.renewal_failures,
    },
    ledger: ledger
      .map((entry) => ({ kind: entry.kind, gross: entry.gross, fee: entry.fee, net: entry.net, periodStart: entry.period_start?.toISOString() ?? null, reversal: entry.refers_to !== null }))
      .sort((a, b) => `${a.kind}${a.periodStart}`.localeCompare(`${b.kind}${b.periodStart}`)),
  };
}

describe('who is believed', () => {
  it('refuses a wrong secret and an address outside CCBill ranges with 403, applying nothing', async () => {
    const { creator, fan } = await pair('auth');
    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 999 });
    const sale = newSaleSuccess({ subscriptionId: nextId('1'), transactionId: nextId('09'), checkoutId, price: '9.99', recurring: true });

    const wrongSecret = await deliver('NewSaleSuccess', sale, { secret: 'not-the-secret' });
    expect(wrongSecret.statusCode).toBe(403);
    expect(wrongSecret.json()).toMatchObject({ success: false });
    expect((await deliver('NewSaleSuccess', sale, { secret: `${SECRET}x` })).statusCode).toBe(403);
    expect((await deliver('NewSaleSuccess', sale, { ip: OTHER_IP })).statusCode).toBe(403);
    expect((await deliver('NewSaleSuccess', sale, { ip: '64.38.213.5' })).statusCode).toBe(403);
    // A client cannot name CCBill's address itself: the proxy appends the address it saw, which is believed.
    expect((await deliver('NewSaleSuccess', sale, { ip: `${CCBILL_IP}, ${OTHER_IP}` })).statusCode).toBe(403);

    expect(await subscriptionRow(sale.subscriptionId!)).toBeUndefined();
    expect(await ledgerOf({ payerId: fan.id })).toEqual([]);
    const events = await t.db.selectFrom('processor_events').select('event_key').where('transaction_ref', '=', sale.transactionId!).execute();
    expect(events).toEqual([]);
    const opened = await t.db.selectFrom('payment_checkouts').select('completed_at').where('id', '=', checkoutId).executeTakeFirstOrThrow();
    expect(opened.completed_at).toBeNull();

    await deliverOk('NewSaleSuccess', sale);
    expect(await subscriptionRow(sale.subscriptionId!)).toMatchObject({ status: 'active' });
  });

  it('reads both of the formats CCBill posts: JSON and URL-encoded', async () => {
    const { creator, fan } = await pair('fmt');
    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 1500 });
    const subscriptionId = nextId('1');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId: nextId('09'), checkoutId, price: '15.00', recurring: true }), { format: 'form' });
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'active', price: 1500, card_brand: 'visa', card_last4: '1111' });
  });

  it('is not served while CCBill is off (the sandbox start)', async () => {
    const off = await createTestApp({ mediaWorker: false });
    try {
      const response = await off.request({
        method: 'POST',
        url: `/api/payments/ccbill/webhook/${SECRET}?eventType=NewSaleSuccess`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ transactionId: nextId('09'), subscriptionId: nextId('1') }),
      });
      expect(response.statusCode).toBe(404);
      expect(await off.db.selectFrom('processor_events').select('event_key').execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('answers 400 to a post without the ids its event needs, and applies nothing', async () => {
    const response = await deliver('RenewalSuccess', { clientAccnum: ACCOUNT, timestamp: ccbillTime() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'El aviso del procesador de pagos no se pudo leer.' });
  });

  it('records an event type WAG does not act on, and answers 200 so CCBill stops sending it', async () => {
    const subscriptionId = nextId('1');
    await deliverOk('UserReactivation', { subscriptionId, transactionId: nextId('09'), clientAccnum: ACCOUNT, clientSubacc: SUBACCOUNT, price: '9.99 for 30 days', nextRenewalDate: '2027-01-01' });
    const row = await t.db.selectFrom('processor_events').select(['event_type', 'outcome']).where('subscription_ref', '=', subscriptionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ event_type: 'UserReactivation', outcome: 'ignored' });
  });
});

describe("a subscription's life", () => {
  it('a sale subscribes for 30 days, books the sale with the platform fee and tells the creator', async () => {
    const { creator, fan } = await pair('life');
    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 999 });
    const subscriptionId = nextId('1');
    const saleTransaction = nextId('09');
    const now = t.clock.now();
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId: saleTransaction, checkoutId, price: '9.99', recurring: true }));

    const subscription = await subscriptionRow(subscriptionId);
    expect(subscription).toMatchObject({
      subscriber_id: fan.id,
      creator_id: creator.id,
      provider: 'ccbill',
      status: 'active',
      price: 999,
      currency: 'USD',
      card_brand: 'visa',
      card_last4: '1111',
      cancel_at_period_end: false,
    });
    expect(subscription!.current_period_start.toISOString()).toBe(now.toISOString());
    expect(subscription!.current_period_end.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(subscription!.access_until.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(subscription!.accepted_immediate_access_at.toISOString()).toBe(now.toISOString());

    const ledger = await ledgerOf({ payerId: fan.id });
    expect(ledger).toEqual([
      expect.objectContaining({ kind: 'subscription', gross: 999, fee: 200, net: 799, currency: 'USD', provider_ref: saleTransaction, subscription_id: subscription!.id, card_last4: '1111' }),
    ]);
    expect(ledger[0]!.period_start!.toISOString()).toBe(now.toISOString());
    expect(await notificationsOf(creator.id)).toEqual([{ type: 'subscription', actor_id: fan.id, detail: null }]);
    // The fan is mailed the receipt, in their language, naming the creator.
    const mails = await t.db.selectFrom('jobs').select('data').where('name', '=', 'mail.send').execute();
    const receipt = mails.map((job) => (job.data as { message: Record<string, unknown> }).message).find((message) => message.kind === 'payment' && message.to === fan.email);
    expect(receipt).toMatchObject({ event: 'subscribed', amount: 999, currency: 'USD', creator: creator.username, username: fan.username });
    const completed = await t.db.selectFrom('payment_checkouts').select('completed_at').where('id', '=', checkoutId).executeTakeFirstOrThrow();
    expect(completed.completed_at?.toISOString()).toBe(now.toISOString());

    // CCBill rebills 30 days later: the next period follows the paid one.
    t.clock.advance(30 * DAY);
    const renewal = nextId('09');
    await deliverOk('RenewalSuccess', renewalSuccess({ subscriptionId, transactionId: renewal }));
    const renewed = await subscriptionRow(subscriptionId);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(renewed!.current_period_start.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(renewed!.current_period_end.getTime()).toBe(now.getTime() + 60 * DAY);
    expect(renewed!.access_until.getTime()).toBe(now.getTime() + 60 * DAY);
    const afterRenewal = await ledgerOf({ payerId: fan.id });
    expect(afterRenewal).toHaveLength(2);
    expect(afterRenewal[1]).toMatchObject({ kind: 'renewal', gross: 999, fee: 200, net: 799, provider_ref: renewal });
    expect(afterRenewal[1]!.period_start!.getTime()).toBe(now.getTime() + 30 * DAY);

    // The next rebill fails: three days of grace past the paid period, and the fan is told.
    t.clock.advance(30 * DAY);
    await deliverOk('RenewalFailure', renewalFailure({ subscriptionId, transactionId: nextId('09') }));
    const pastDue = await subscriptionRow(subscriptionId);
    expect(pastDue).toMatchObject({ status: 'past_due', renewal_failures: 1 });
    expect(pastDue!.access_until.getTime()).toBe(now.getTime() + 60 * DAY + GRACE_DAYS * DAY);
    expect(await notificationsOf(fan.id)).toEqual([
      { type: 'payment', actor_id: creator.id, detail: 'renewed' },
      { type: 'payment', actor_id: creator.id, detail: 'renewal_failed' },
    ]);

    // CCBill's retry succeeds a day later: active again, the next period paid.
    t.clock.advance(DAY);
    await deliverOk('RenewalSuccess', renewalSuccess({ subscriptionId, transactionId: nextId('09') }));
    const recovered = await subscriptionRow(subscriptionId);
    expect(recovered).toMatchObject({ status: 'active', renewal_failures: 0 });
    expect(recovered!.access_until.getTime()).toBe(now.getTime() + 90 * DAY);

    // Cancelled: no more rebills, access kept to the end of the paid period.
    await deliverOk('Cancellation', subscriptionEvent({ subscriptionId, reason: 'Customer Request' }));
    const canceled = await subscriptionRow(subscriptionId);
    expect(canceled).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect(canceled!.access_until.getTime()).toBe(now.getTime() + 90 * DAY);

    // CCBill tells of the end when the period is over: access ends then.
    t.clock.set(new Date(now.getTime() + 90 * DAY));
    await deliverOk('Expiration', subscriptionEvent({ subscriptionId }));
    const expired = await subscriptionRow(subscriptionId);
    expect(expired).toMatchObject({ status: 'expired' });
    expect(expired!.access_until.getTime()).toBe(now.getTime() + 90 * DAY);
    expect(expired!.ended_at?.getTime()).toBe(now.getTime() + 90 * DAY);
    expect(sum(await ledgerOf({ payerId: fan.id }))).toEqual({ gross: 3 * 999, fee: 3 * 200, net: 3 * 799 });
  });

  it("a suspended creator's subscription renewed by CCBill is still booked, as the money moved", async () => {
    const { creator, fan } = await pair('susp');
    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 999 });
    const subscriptionId = nextId('1');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId: nextId('09'), checkoutId, price: '9.99', recurring: true }));
    await t.db.updateTable('users').set({ suspended_until: new Date(t.clock.now().getTime() + 365 * DAY) }).where('id', '=', creator.id).execute();
    t.clock.advance(30 * DAY);
    await deliverOk('RenewalSuccess', renewalSuccess({ subscriptionId, transactionId: nextId('09') }));
    expect((await ledgerOf({ payerId: fan.id })).map((entry) => entry.kind)).toEqual(['subscription', 'renewal']);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'active' });
  });

  it('an expiration ends access at once when it comes before the paid period ends', async () => {
    const { creator, fan } = await pair('early');
    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 999 });
    const subscriptionId = nextId('1');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId: nextId('09'), checkoutId, price: '9.99', recurring: true }));
    t.clock.advance(5 * DAY);
    await deliverOk('Expiration', subscriptionEvent({ subscriptionId }));
    const expired = await subscriptionRow(subscriptionId);
    expect(expired).toMatchObject({ status: 'expired' });
    expect(expired!.access_until.toISOString()).toBe(t.clock.now().toISOString());
  });

  for (const eventType of ['Refund', 'Chargeback', 'Void'] as const) {
    it(`a ${eventType} of the sale ends the subscription at once and books its negative, so the sale nets to zero`, async () => {
      const { creator, fan } = await pair(`rv${eventType.slice(0, 3).toLowerCase()}`);
      const checkoutId = await checkout(fan, 'subscription', { creator, amount: 1234 });
      const subscriptionId = nextId('1');
      const saleTransaction = nextId('09');
      const vipPost = await t.db
        .insertInto('posts')
        .values({ slug: `vip-${randomUUID().slice(0, 8)}`, user_id: creator.id, post_type: 'vip', content_type: 'image', visibility: 'subscribers', status: 'ready' })
        .returning('slug')
        .executeTakeFirstOrThrow();
      const opened = async () => (await t.request({ method: 'GET', url: `/api/posts/slug/${vipPost.slug}`, token: fan.token })).json().post.locked !== true;
      expect(await opened()).toBe(false);
      await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId: saleTransaction, checkoutId, price: '12.34', recurring: true }));
      expect(await opened()).toBe(true);
      t.clock.advance(2 * DAY);
      await deliverOk(eventType, reversal({ subscriptionId, transactionId: saleTransaction, amount: '12.34' }));
      expect(await opened()).toBe(false);

      const ended = await subscriptionRow(subscriptionId);
      expect(ended).toMatchObject({ status: 'expired' });
      expect(ended!.access_until.toISOString()).toBe(t.clock.now().toISOString());
      const ledger = await ledgerOf({ payerId: fan.id });
      const kind = eventType === 'Chargeback' ? 'chargeback' : 'refund';
      expect(ledger).toEqual([
        expect.objectContaining({ kind: 'subscription', gross: 1234, fee: 247, net: 987 }),
        expect.objectContaining({ kind, gross: -1234, fee: -247, net: -987, refers_to: ledger[0]!.id, subscription_id: ended!.id }),
      ]);
      expect(sum(ledger)).toEqual({ gross: 0, fee: 0, net: 0 });
      expect(await notificationsOf(fan.id)).toEqual([{ type: 'payment', actor_id: creator.id, detail: kind === 'chargeback' ? 'chargeback' : 'refunded' }]);

      // A second reversal of the same transaction (a chargeback after the refund) books nothing more.
      await deliverOk(eventType === 'Chargeback' ? 'Refund' : 'Chargeback', reversal({ subscriptionId, transactionId: saleTransaction, amount: '12.34' }));
      expect(sum(await ledgerOf({ payerId: fan.id }))).toEqual({ gross: 0, fee: 0, net: 0 });
    });
  }
});

describe('one-time sales', () => {
  async function story(owner: TestUser): Promise<string> {
    const row = await t.db
      .insertInto('stories')
      .values({ user_id: owner.id, audience: 'subscribers', kind: 'image', image_key: 'u/bbbbbbbbbbbbbbbbbbbb/full.webp', created_at: t.clock.now(), consent_confirmed_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("'Comprar Story' unlocks the checkout's stories; its chargeback closes them again and nets to zero", async () => {
    const { creator, fan } = await pair('story');
    const stories = [await story(creator), await story(creator)];
    const checkoutId = await checkout(fan, 'story_purchase', { creator, amount: 499, storyIds: stories });
    const subscriptionId = nextId('1');
    const transactionId = nextId('09');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId, checkoutId, price: '4.99', recurring: false }));

    const unlocks = await t.db.selectFrom('story_unlocks').select('story_id').where('user_id', '=', fan.id).execute();
    expect(unlocks.map((row) => row.story_id).sort()).toEqual([...stories].sort());
    const ledger = await ledgerOf({ payerId: fan.id });
    expect(ledger).toEqual([expect.objectContaining({ kind: 'story_purchase', gross: 499, fee: 100, net: 399, provider_ref: transactionId, subscription_id: null })]);
    expect(await subscriptionRow(subscriptionId)).toBeUndefined();

    // CCBill ends a one-time "subscription" after its period: nothing of WAG's changes.
    await deliverOk('Expiration', subscriptionEvent({ subscriptionId }));
    const expiration = await t.db.selectFrom('processor_events').select('outcome').where('subscription_ref', '=', subscriptionId).where('event_type', '=', 'Expiration').executeTakeFirstOrThrow();
    expect(expiration.outcome).toBe('not_a_subscription');

    await deliverOk('Chargeback', reversal({ subscriptionId, transactionId, amount: '4.99' }));
    expect(await t.db.selectFrom('story_unlocks').select('story_id').where('user_id', '=', fan.id).execute()).toEqual([]);
    expect(sum(await ledgerOf({ payerId: fan.id }))).toEqual({ gross: 0, fee: 0, net: 0 });
    expect(await notificationsOf(fan.id)).toEqual([{ type: 'payment', actor_id: creator.id, detail: 'chargeback' }]);
  });

  it('the verification fee is all the platform’s and gives the verified check; its refund takes both back', async () => {
    const buyer = await createUser(t, { username: 'verif_buyer' });
    const checkoutId = await checkout(buyer, 'verification_fee', { amount: 100 });
    const transactionId = nextId('09');
    const subscriptionId = nextId('1');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId, transactionId, checkoutId, price: '1.00', recurring: false }));

    const verified = await t.db.selectFrom('users').select('is_verified').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(verified.is_verified).toBe(true);
    expect(await ledgerOf({ payerId: buyer.id })).toEqual([expect.objectContaining({ kind: 'verification_fee', gross: 100, fee: 100, net: 0 })]);
    expect(await notificationsOf(buyer.id)).toEqual([{ type: 'account_verified', actor_id: null, detail: null }]);

    t.clock.advance(DAY);
    await deliverOk('Refund', reversal({ subscriptionId, transactionId, amount: '1.00' }));
    const after = await t.db.selectFrom('users').select('is_verified').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(after.is_verified).toBe(false);
    const ledger = await ledgerOf({ payerId: buyer.id });
    expect(ledger[1]).toMatchObject({ kind: 'refund', gross: -100, fee: -100, net: 0 });
    expect(sum(ledger)).toEqual({ gross: 0, fee: 0, net: 0 });
  });

  it('a sale of no known checkout grants nothing, and a second sale through a paid checkout is not granted twice', async () => {
    const { creator, fan } = await pair('nock');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId: nextId('1'), transactionId: nextId('09'), checkoutId: randomUUID(), price: '9.99', recurring: true }));
    expect(await ledgerOf({ payerId: fan.id })).toEqual([]);

    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 999 });
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId: nextId('1'), transactionId: nextId('09'), checkoutId, price: '9.99', recurring: true }));
    const again = nextId('1');
    await deliverOk('NewSaleSuccess', newSaleSuccess({ subscriptionId: again, transactionId: nextId('09'), checkoutId, price: '9.99', recurring: true }));
    expect(await ledgerOf({ payerId: fan.id })).toHaveLength(1);
    expect(await subscriptionRow(again)).toBeUndefined();
  });
});

describe('repeated and out-of-order deliveries', () => {
  it('applies each event once however often CCBill sends it', async () => {
    const { creator, fan } = await pair('dup');
    const checkoutId = await checkout(fan, 'subscription', { creator, amount: 999 });
    const subscriptionId = nextId('1');
    const sale = newSaleSuccess({ subscriptionId, transactionId: nextId('09'), checkoutId, price: '9.99', recurring: true });
    const renewal = renewalSuccess({ subscriptionId, transactionId: nextId('09'), at: 30 * 86400 });
    const failure = renewalFailure({ subscriptionId, transactionId: nextId('09'), at: 60 * 86400 });

    // Two deliveries at once, and repeats later (JSON and URL-encoded alike).
    const [first, second] = await Promise.all([deliver('NewSaleSuccess', sale), deliver('NewSaleSuccess', sale)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await deliverOk('NewSaleSuccess', sale, { format: 'form' });
    await deliverOk('RenewalSuccess', renewal);
    await deliverOk('RenewalSuccess', renewal);
    await deliverOk('RenewalFailure', failure);
    await deliverOk('RenewalFailure', failure, { format: 'form' });

    const subscriptions = await t.db.selectFrom('subscriptions').select('id').where('subscriber_id', '=', fan.id).execute();
    expect(subscriptions).toHaveLength(1);
    const state = await stateOf(subscriptionId, fan.id);
    const start = t.clock.now().getTime();
    expect(state.subscription).toMatchObject({ status: 'past_due', renewalFailures: 1, currentPeriodEnd: new Date(start + 60 * DAY).toISOString() });
    expect(state.ledger.map((entry) => entry.kind)).toEqual(['renewal', 'subscription']);
    expect(await notificationsOf(creator.id)).toHaveLength(1);
    expect(await notificationsOf(fan.id)).toHaveLength(2);
  });

  /**
   * The same history delivered in CCBill's order and in another, to two pairs at one instant:
   * both end in the same subscription and ledger.
   */
  async function bothOrders(prefix: string, history: (ids: { subscriptionId: string; sale: string; renewal: string; checkoutId: string }) => Array<[string, Fields]>, shuffled: (events: Array<[string, Fields]>) => Array<[string, Fields]>) {
    const results = [];
    for (const order of ['in-order', 'shuffled'] as const) {
      const { creator, fan } = await pair(`${prefix}${order === 'in-order' ? 'a' : 'b'}`);
      const ids = { subscriptionId: nextId('1'), sale: nextId('09'), renewal: nextId('09'), checkoutId: await checkout(fan, 'subscription', { creator, amount: 999 }) };
      const events = history(ids);
      for (const [eventType, fields] of order === 'in-order' ? events : shuffled(events)) await deliverOk(eventType, fields);
      results.push(await stateOf(ids.subscriptionId, fan.id));
    }
    return results;
  }

  it('a renewal and a cancellation told before their sale end as if told in order', async () => {
    const [inOrder, shuffled] = await bothOrders(
      'ooo1',
      (ids) => [
        ['NewSaleSuccess', newSaleSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.sale, checkoutId: ids.checkoutId, price: '9.99', recurring: true })],
        ['RenewalSuccess', renewalSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.renewal, at: 30 * 86400 })],
        ['Cancellation', subscriptionEvent({ subscriptionId: ids.subscriptionId, at: 40 * 86400, reason: 'Customer Request' })],
      ],
      (events) => [events[2]!, events[1]!, events[0]!],
    );
    expect(inOrder!.subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(inOrder!.ledger.map((entry) => entry.kind)).toEqual(['renewal', 'subscription']);
    expect(shuffled).toEqual(inOrder);
  });

  it('a refund told before its sale ends the subscription as if told in order, the ledger netting to zero', async () => {
    const [inOrder, shuffled] = await bothOrders(
      'ooo2',
      (ids) => [
        ['NewSaleSuccess', newSaleSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.sale, checkoutId: ids.checkoutId, price: '9.99', recurring: true })],
        ['Refund', reversal({ subscriptionId: ids.subscriptionId, transactionId: ids.sale, amount: '9.99', at: 60 })],
      ],
      (events) => [events[1]!, events[0]!],
    );
    expect(inOrder!.subscription).toMatchObject({ status: 'expired' });
    expect(sum(inOrder!.ledger)).toEqual({ gross: 0, fee: 0, net: 0 });
    expect(shuffled).toEqual(inOrder);
  });

  it('a refund of a renewal told before the renewal, and both before the sale, still apply', async () => {
    const [inOrder, shuffled] = await bothOrders(
      'ooo3',
      (ids) => [
        ['NewSaleSuccess', newSaleSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.sale, checkoutId: ids.checkoutId, price: '9.99', recurring: true })],
        ['RenewalSuccess', renewalSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.renewal, at: 30 * 86400 })],
        ['Refund', reversal({ subscriptionId: ids.subscriptionId, transactionId: ids.renewal, amount: '9.99', at: 31 * 86400 })],
      ],
      (events) => [events[2]!, events[1]!, events[0]!],
    );
    expect(inOrder!.ledger.map((entry) => entry.kind)).toEqual(['refund', 'renewal', 'subscription']);
    expect(inOrder!.subscription).toMatchObject({ status: 'expired' });
    expect(shuffled).toEqual(inOrder);
  });

  it('a failed rebill told after the retry that succeeded does not put the subscription back in arrears', async () => {
    const [inOrder, shuffled] = await bothOrders(
      'ooo4',
      (ids) => [
        ['NewSaleSuccess', newSaleSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.sale, checkoutId: ids.checkoutId, price: '9.99', recurring: true })],
        ['RenewalFailure', renewalFailure({ subscriptionId: ids.subscriptionId, transactionId: `${ids.renewal}1`, at: 30 * 86400 })],
        ['RenewalSuccess', renewalSuccess({ subscriptionId: ids.subscriptionId, transactionId: ids.renewal, at: 31 * 86400 })],
      ],
      (events) => [events[0]!, events[2]!, events[1]!],
    );
    expect(inOrder!.subscription).toMatchObject({ status: 'active', renewalFailures: 0 });
    expect(shuffled).toEqual(inOrder);
  });
});
