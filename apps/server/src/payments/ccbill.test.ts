import { describe, expect, it } from 'vitest';
import {
  centsOf,
  createCcbillProvider,
  eventKey,
  flexFormUrl,
  formDigest,
  formatPrice,
  readCcbillEvent,
  secretMatches,
  sourceChecker,
  timestampOf,
} from './ccbill.js';

// The salt of CCBill's own formDigest example ("How to Create the formDigest Value").
const SALT = '7d901dad245fd0ff6bc20d06';
const SETTINGS = {
  accountNumber: '900100',
  subAccount: '0000',
  flexFormId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
  salt: SALT,
  webhookSecret: 'webhook-secret',
  webhookSources: ['64.38.212.0/24'],
  currencyCode: '840',
};
const CHECKOUT_ID = '3f1c2b9e-8d7a-4c61-9b0e-2a4f5d6c7e81';

describe('FlexForms dynamic pricing', () => {
  it('writes cents as CCBill prices', () => {
    expect(formatPrice(1000)).toBe('10.00');
    expect(formatPrice(999)).toBe('9.99');
    expect(formatPrice(100)).toBe('1.00');
    expect(formatPrice(5)).toBe('0.05');
    expect(() => formatPrice(9.5)).toThrow();
  });

  it("signs a single price as CCBill's documented example does", () => {
    // 10.00 + 30 + 840 + salt, MD5: the value of CCBill's example.
    expect(formDigest({ initialPrice: '10.00', initialPeriod: 30, currencyCode: '840' }, SALT)).toBe('a7459445d0e5dc0963fe736dc5cf900b');
    // 1.00 + 30 + 840 + salt, hashed by hand (md5sum).
    expect(formDigest({ initialPrice: '1.00', initialPeriod: 30, currencyCode: '840' }, SALT)).toBe('9f75d73a0e0e119658ae9a8c34bd884e');
  });

  it('signs a recurring price with the rebill fields between the initial price and the currency', () => {
    // 9.99 + 30 + 9.99 + 30 + 99 + 840 + salt, hashed by hand (md5sum).
    const price = { initialPrice: '9.99', initialPeriod: 30, currencyCode: '840', recurring: { recurringPrice: '9.99', recurringPeriod: 30, numRebills: 99 } };
    expect(formDigest(price, SALT)).toBe('edf00dfe9716c774077d0393e7e7ece2');
  });

  it('sends a subscription to the FlexForm renewing every 30 days at the same price, with the checkout passed through', () => {
    const url = new URL(flexFormUrl({ id: CHECKOUT_ID, purpose: 'subscription', amount: 999, currency: 'USD', recurring: true }, SETTINGS));
    expect(`${url.origin}${url.pathname}`).toBe('https://api.ccbill.com/wap-frontflex/flexforms/687fa3e0-e60d-4466-88e2-181fa56dd6a9');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientSubacc: '0000',
      initialPrice: '9.99',
      initialPeriod: '30',
      recurringPrice: '9.99',
      recurringPeriod: '30',
      numRebills: '99',
      currencyCode: '840',
      formDigest: 'edf00dfe9716c774077d0393e7e7ece2',
      wagCheckoutId: CHECKOUT_ID,
    });
  });

  it('sends a story purchase or the verification fee as a single price', () => {
    const provider = createCcbillProvider(SETTINGS);
    expect(provider.kind).toBe('hosted');
    const url = new URL(provider.checkoutUrl({ id: CHECKOUT_ID, purpose: 'verification_fee', amount: 100, currency: 'USD', recurring: false }));
    expect(url.searchParams.get('initialPrice')).toBe('1.00');
    expect(url.searchParams.get('initialPeriod')).toBe('30');
    expect(url.searchParams.has('recurringPrice')).toBe(false);
    expect(url.searchParams.has('numRebills')).toBe(false);
    expect(url.searchParams.get('formDigest')).toBe('9f75d73a0e0e119658ae9a8c34bd884e');
  });

  it('refuses a checkout in another currency than the account is set for', () => {
    expect(() => flexFormUrl({ id: CHECKOUT_ID, purpose: 'story_purchase', amount: 299, currency: 'EUR', recurring: false }, SETTINGS)).toThrow(/CCBILL_CURRENCY_CODE/);
    const eur = flexFormUrl({ id: CHECKOUT_ID, purpose: 'story_purchase', amount: 299, currency: 'EUR', recurring: false }, { ...SETTINGS, currencyCode: '978' });
    expect(new URL(eur).searchParams.get('currencyCode')).toBe('978');
  });
});

describe('webhook posts', () => {
  it('reads prices and times as CCBill writes them', () => {
    expect(centsOf('4.95')).toBe(495);
    expect(centsOf('10')).toBe(1000);
    expect(centsOf('10.5')).toBe(1050);
    expect(centsOf('-1.00')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    expect(timestampOf('2012-08-05 15:18:17')).toBe('2012-08-05T15:18:17.000Z');
    expect(timestampOf('2012-02-31 10:00:00')).toBeNull();
    expect(timestampOf('yesterday')).toBeNull();
  });

  it('keeps of a sale only ids, cents, the card summary and the checkout, never personal fields', () => {
    const read = readCcbillEvent('NewSaleSuccess', {
      subscriptionId: '1000000000',
      transactionId: '0912191101000000159',
      clientAccnum: '900100',
      clientSubacc: '0000',
      timestamp: '2026-11-22 12:00:00',
      firstName: 'John',
      lastName: 'Doe',
      email: 'user@randomurl.com',
      ipAddress: '192.168.27.4',
      password: 'mYPaSSw0rD',
      billedInitialPrice: '9.99',
      billedCurrencyCode: '840',
      accountingInitialPrice: '9.99',
      cardType: 'VISA',
      last4: '1111',
      'X-wagCheckoutId': CHECKOUT_ID,
    });
    expect(read).toEqual({
      event: {
        type: 'NewSaleSuccess',
        occurredAt: '2026-11-22T12:00:00.000Z',
        transactionId: '0912191101000000159',
        subscriptionId: '1000000000',
        checkoutId: CHECKOUT_ID,
        amount: 999,
        card: { brand: 'visa', last4: '1111' },
      },
    });
    expect(JSON.stringify(read)).not.toMatch(/John|Doe|randomurl|192\.168|mYPaSSw0rD/);
  });

  it('names each event by its transaction (or its subscription and time), and refuses one without its ids', () => {
    const renewal = readCcbillEvent('RenewalSuccess', { subscriptionId: '1000000000', transactionId: '0912191101000000200', billedAmount: 9.99, timestamp: '2026-12-22 12:00:00' });
    if (!('event' in renewal)) throw new Error('unread');
    expect(renewal.event).toMatchObject({ type: 'RenewalSuccess', amount: 999 });
    expect(eventKey(renewal.event)).toBe('RenewalSuccess:0912191101000000200');
    const cancel = readCcbillEvent('Cancellation', { subscriptionId: '1000000000', timestamp: '2026-12-01 08:00:00', reason: 'Webmaster' });
    if (!('event' in cancel)) throw new Error('unread');
    expect(eventKey(cancel.event)).toBe('Cancellation:1000000000:2026-12-01T08:00:00.000Z');
    expect(readCcbillEvent('Refund', { subscriptionId: '1000000000' })).toEqual({ problem: 'Refund without transactionId' });
    expect(readCcbillEvent('RenewalSuccess', { transactionId: '1' })).toHaveProperty('problem');
    expect(readCcbillEvent('UserReactivation', { subscriptionId: '1000000000' })).toMatchObject({ event: { type: 'other', eventType: 'UserReactivation' } });
  });
});

describe('webhook authentication', () => {
  it("believes only the documented ranges, an IPv4 address written as IPv6 included", () => {
    const fromCcbill = sourceChecker(['64.38.212.0/24', '64.38.215.0/24', '64.38.240.0/24', '64.38.241.0/24']);
    expect(fromCcbill('64.38.212.1')).toBe(true);
    expect(fromCcbill('64.38.241.254')).toBe(true);
    expect(fromCcbill('::ffff:64.38.215.9')).toBe(true);
    expect(fromCcbill('64.38.213.1')).toBe(false);
    expect(fromCcbill('10.0.0.1')).toBe(false);
    expect(fromCcbill('not-an-address')).toBe(false);
    expect(fromCcbill(undefined)).toBe(false);
    expect(sourceChecker([])('10.0.0.1')).toBe(true);
    expect(sourceChecker(['2001:db8::/32'])('2001:db8::5')).toBe(true);
    expect(() => sourceChecker(['64.38.212.0/33'])).toThrow();
    expect(() => sourceChecker(['ccbill.com'])).toThrow();
  });

  it('compares the secret whole', () => {
    expect(secretMatches('webhook-secret', 'webhook-secret')).toBe(true);
    expect(secretMatches('webhook-secre', 'webhook-secret')).toBe(false);
    expect(secretMatches('', '')).toBe(false);
  });
});
