/**
 * The CCBill provider (docs/decisions/0020-ccbill.md): a small adapter over CCBill's documented HTTP
 * interface, as no npm library speaks it. Two halves, both pure:
 * - the hosted payment form: a FlexForms address with dynamic pricing, the prices signed with the
 *   account's salt (formDigest) so the buyer cannot change them, and the checkout id passed through
 *   as a custom field that CCBill returns in its webhooks;
 * - the webhooks: CCBill's posts read into WAG's own events (ids, amounts in cents, the card's brand
 *   and last four), leaving out everything personal the post carries (names, addresses, emails).
 * Card numbers never reach WAG: the buyer types them on CCBill's form.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { CcbillConfig } from '../config.js';
import type { Checkout, HostedProvider } from './provider.js';

/** The FlexForms base address of dynamic-pricing requests; the Flex ID follows it. */
export const FLEXFORMS_BASE_URL = 'https://api.ccbill.com/wap-frontflex/flexforms';
/** A subscription renews every 30 days at the same price. */
export const CCBILL_PERIOD_DAYS = 30;
/**
 * A one-time sale still needs a period for CCBill (2 to 365 days for single billing); WAG grants
 * its own access (story unlocks, the verified check), so the period only names the purchase.
 */
export const ONE_TIME_PERIOD_DAYS = 30;
/** CCBill's number of rebills meaning "until cancelled". */
export const UNLIMITED_REBILLS = 99;
/** The custom form field carrying payment_checkouts.id; CCBill sends it back as X-wagCheckoutId. */
export const CHECKOUT_FIELD = 'wagCheckoutId';

/** ISO 4217 numeric codes of the currencies FlexForms takes (the currencyCode field). */
const CURRENCY_CODES: Record<string, string> = { USD: '840', EUR: '978', GBP: '826', CAD: '124', AUD: '036' };

/** Cents as CCBill writes prices: a decimal with two places ("10.00"). */
export function formatPrice(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error('prices are whole, non-negative cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface DynamicPrice {
  initialPrice: string;
  initialPeriod: number;
  currencyCode: string;
  recurring?: { recurringPrice: string; recurringPeriod: number; numRebills: number };
}

/**
 * CCBill's formDigest for FlexForms: the MD5 of the price fields and the salt, concatenated in the
 * documented order, initialPrice initialPeriod [recurringPrice recurringPeriod numRebills]
 * currencyCode salt (CCBill, "How to Create the formDigest Value").
 */
export function formDigest(price: DynamicPrice, salt: string): string {
  const parts = [price.initialPrice, String(price.initialPeriod)];
  if (price.recurring) parts.push(price.recurring.recurringPrice, String(price.recurring.recurringPeriod), String(price.recurring.numRebills));
  parts.push(price.currencyCode, salt);
  return createHash('md5').update(parts.join('')).digest('hex');
}

/** The currency code of the account's setting, checked against the checkout's currency. */
export function currencyCodeFor(currency: string, configured: string): string {
  const code = CURRENCY_CODES[currency.toUpperCase()];
  if (code === undefined) throw new Error(`CCBill's FlexForms take no ${currency} prices here`);
  if (code !== configured) throw new Error(`a ${currency} checkout cannot be paid with CCBILL_CURRENCY_CODE=${configured}`);
  return code;
}

/** The dynamic price of a checkout: a subscription every 30 days until cancelled, or once. */
export function priceOf(checkout: Checkout, currencyCode: string): DynamicPrice {
  const amount = formatPrice(checkout.amount);
  if (checkout.recurring) {
    return {
      initialPrice: amount,
      initialPeriod: CCBILL_PERIOD_DAYS,
      currencyCode,
      recurring: { recurringPrice: amount, recurringPeriod: CCBILL_PERIOD_DAYS, numRebills: UNLIMITED_REBILLS },
    };
  }
  return { initialPrice: amount, initialPeriod: ONE_TIME_PERIOD_DAYS, currencyCode };
}

/** The address of the FlexForm for a checkout, its prices signed with the salt. */
export function flexFormUrl(checkout: Checkout, settings: Pick<CcbillConfig, 'flexFormId' | 'subAccount' | 'salt' | 'currencyCode'>): string {
  const price = priceOf(checkout, currencyCodeFor(checkout.currency, settings.currencyCode));
  const query = new URLSearchParams({ clientSubacc: settings.subAccount, initialPrice: price.initialPrice, initialPeriod: String(price.initialPeriod) });
  if (price.recurring) {
    query.set('recurringPrice', price.recurring.recurringPrice);
    query.set('recurringPeriod', String(price.recurring.recurringPeriod));
    query.set('numRebills', String(price.recurring.numRebills));
  }
  query.set('currencyCode', price.currencyCode);
  query.set('formDigest', formDigest(price, settings.salt));
  query.set(CHECKOUT_FIELD, checkout.id);
  return `${FLEXFORMS_BASE_URL}/${encodeURIComponent(settings.flexFormId)}?${query.toString()}`;
}

/** The hosted provider the subscribe, 'Comprar Story' and verification calls send buyers to. */
export function createCcbillProvider(settings: CcbillConfig): HostedProvider {
  return {
    kind: 'hosted',
    name: 'ccbill',
    testMode: false,
    checkoutUrl: (checkout) => flexFormUrl(checkout, settings),
  };
}

// ---- Webhooks ----------------------------------------------------------------------------------

/** The webhook events WAG acts on; any other type is recorded and otherwise ignored. */
export const CCBILL_EVENT_TYPES = [
  'NewSaleSuccess',
  'NewSaleFailure',
  'RenewalSuccess',
  'RenewalFailure',
  'Cancellation',
  'Expiration',
  'Refund',
  'Chargeback',
  'Void',
] as const;
export type CcbillEventType = (typeof CCBILL_EVENT_TYPES)[number];

export interface CardFacts {
  brand: string;
  last4: string;
}

interface EventBase {
  /** CCBill's `timestamp` ("YYYY-MM-DD HH:MM:SS", no zone stated), read as UTC: used to order events only. */
  occurredAt: string | null;
}

/**
 * A webhook read into what WAG needs of it: ids, cents and the card summary; never the consumer's
 * name, address, email, IP address or the username/password fields CCBill can carry.
 */
export type CcbillEvent =
  | (EventBase & {
      type: 'NewSaleSuccess';
      transactionId: string;
      subscriptionId: string;
      checkoutId: string | null;
      /** billedInitialPrice in cents (the currency of the form). */
      amount: number | null;
      card: CardFacts | null;
    })
  | (EventBase & { type: 'NewSaleFailure'; transactionId: string; subscriptionId: string | null })
  | (EventBase & { type: 'RenewalSuccess'; transactionId: string; subscriptionId: string; amount: number | null; card: CardFacts | null })
  | (EventBase & { type: 'RenewalFailure'; transactionId: string | null; subscriptionId: string })
  | (EventBase & { type: 'Cancellation' | 'Expiration'; subscriptionId: string })
  | (EventBase & { type: 'Refund' | 'Chargeback' | 'Void'; transactionId: string; subscriptionId: string | null; amount: number | null })
  | (EventBase & { type: 'other'; eventType: string; transactionId: string | null; subscriptionId: string | null });

/** A field as text: CCBill's URL-encoded posts carry strings, its JSON posts strings or numbers. */
function text(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim().slice(0, 200);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A CCBill id: digits (transaction and subscription ids are long numbers, kept as text). */
function id(body: Record<string, unknown>, name: string): string | null {
  const value = text(body, name);
  return value !== null && /^[0-9A-Za-z-]{1,40}$/.test(value) ? value : null;
}

/** "4.95" as 495 cents; null when absent or not a price. */
export function centsOf(value: string | null): number | null {
  if (value === null) return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** CCBill's "2012-08-05 15:18:17" as an ISO instant (UTC assumed), or null. */
export function timestampOf(value: string | null): string | null {
  if (value === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== d ? null : date.toISOString();
}

const BRANDS: Record<string, string> = { VISA: 'visa', MASTERCARD: 'mastercard', MC: 'mastercard', AMEX: 'amex', DISCOVER: 'discover' };

/** The card's brand (cardType) and last four digits (last4), when both are given. */
function cardOf(body: Record<string, unknown>): CardFacts | null {
  const last4 = text(body, 'last4');
  const type = text(body, 'cardType');
  if (last4 === null || !/^\d{4}$/.test(last4) || type === null) return null;
  const upper = type.toUpperCase().replace(/[^A-Z]/g, '');
  return { brand: BRANDS[upper] ?? (upper.toLowerCase().slice(0, 20) || 'unknown'), last4 };
}

/** The checkout id passed through the form: CCBill returns custom fields with an X- prefix. */
function checkoutIdOf(body: Record<string, unknown>): string | null {
  const value = text(body, `X-${CHECKOUT_FIELD}`) ?? text(body, CHECKOUT_FIELD);
  return value !== null && /^[0-9a-f-]{36}$/i.test(value) ? value.toLowerCase() : null;
}

/**
 * Reads a webhook post (the eventType from the query, the fields from the body, URL-encoded or JSON)
 * into an event, or says what it lacks. Field names as CCBill documents them per event.
 */
export function readCcbillEvent(eventType: string, body: Record<string, unknown>): { event: CcbillEvent } | { problem: string } {
  const occurredAt = timestampOf(text(body, 'timestamp'));
  const transactionId = id(body, 'transactionId');
  const subscriptionId = id(body, 'subscriptionId');
  switch (eventType) {
    case 'NewSaleSuccess':
      if (!transactionId || !subscriptionId) return { problem: 'NewSaleSuccess without transactionId and subscriptionId' };
      return {
        event: {
          type: 'NewSaleSuccess',
          occurredAt,
          transactionId,
          subscriptionId,
          checkoutId: checkoutIdOf(body),
          amount: centsOf(text(body, 'billedInitialPrice')),
          card: cardOf(body),
        },
      };
    case 'NewSaleFailure':
      if (!transactionId) return { problem: 'NewSaleFailure without transactionId' };
      return { event: { type: 'NewSaleFailure', occurredAt, transactionId, subscriptionId } };
    case 'RenewalSuccess':
      if (!transactionId || !subscriptionId) return { problem: 'RenewalSuccess without transactionId and subscriptionId' };
      return { event: { type: 'RenewalSuccess', occurredAt, transactionId, subscriptionId, amount: centsOf(text(body, 'billedAmount')), card: cardOf(body) } };
    case 'RenewalFailure':
      if (!subscriptionId) return { problem: 'RenewalFailure without subscriptionId' };
      return { event: { type: 'RenewalFailure', occurredAt, transactionId, subscriptionId } };
    case 'Cancellation':
    case 'Expiration':
      if (!subscriptionId) return { problem: `${eventType} without subscriptionId` };
      return { event: { type: eventType, occurredAt, subscriptionId } };
    case 'Refund':
    case 'Chargeback':
    case 'Void':
      if (!transactionId) return { problem: `${eventType} without transactionId` };
      return { event: { type: eventType, occurredAt, transactionId, subscriptionId, amount: centsOf(text(body, 'amount')) } };
    default:
      return { event: { type: 'other', eventType: eventType.slice(0, 60), occurredAt, transactionId, subscriptionId } };
  }
}

/**
 * The one key of an event: a repeated delivery has the same key and changes nothing. A sale, a
 * renewal and a reversal are one each per transaction (a reversal names the transaction it undoes);
 * a subscription's failures, cancellations and expirations are told apart by their time.
 */
export function eventKey(event: CcbillEvent): string {
  switch (event.type) {
    case 'NewSaleSuccess':
    case 'NewSaleFailure':
    case 'RenewalSuccess':
    case 'Refund':
    case 'Chargeback':
    case 'Void':
      return `${event.type}:${event.transactionId}`;
    case 'RenewalFailure':
      return `RenewalFailure:${event.subscriptionId}:${event.transactionId ?? event.occurredAt ?? ''}`;
    case 'Cancellation':
    case 'Expiration':
      return `${event.type}:${event.subscriptionId}:${event.occurredAt ?? ''}`;
    case 'other':
      return `${event.eventType}:${event.transactionId ?? ''}:${event.subscriptionId ?? ''}:${event.occurredAt ?? ''}`;
  }
}

// ---- Authentication ----------------------------------------------------------------------------

/** An IPv4 address written as IPv6 (::ffff:64.38.212.1) is read as the IPv4 address it is. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * Whether an address is within the source ranges (CIDR or single addresses). An empty list allows
 * every address (development); a malformed entry stops the start rather than opening the door.
 */
export function sourceChecker(sources: readonly string[]): (address: string | null | undefined) => boolean {
  if (sources.length === 0) return () => true;
  const list = new BlockList();
  for (const source of sources) {
    const [address = '', bits, ...rest] = source.trim().split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`CCBILL_WEBHOOK_SOURCES: not an address or CIDR range: ${source}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (prefix > (family === 4 ? 32 : 128)) throw new Error(`CCBILL_WEBHOOK_SOURCES: prefix too long: ${source}`);
      list.addSubnet(address, prefix, type);
    }
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    const family = isIP(plain);
    if (family === 0) return false;
    return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** Compares the secret of the webhook address in constant time (equal-length digests). */
export function secretMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}
