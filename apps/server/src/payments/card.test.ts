import { describe, expect, it } from 'vitest';
import { cardBrand, expiredAt, luhnValid, readCard, readExpiry, SANDBOX_CARDS, sandboxOutcome } from './card.js';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('card form', () => {
  it('checks numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
  });

  it('names the brand by the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('reads MM/AA, with a card valid through the end of its month', () => {
    expect(readExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(readExpiry(' 1 / 2030 ')).toEqual({ month: 1, year: 2030 });
    expect(readExpiry('13/28')).toBeNull();
    expect(readExpiry('00/28')).toBeNull();
    expect(readExpiry('1228')).toBeNull();
    expect(expiredAt({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(expiredAt({ month: 11, year: 2026 }, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(expiredAt({ month: 10, year: 2026 }, NOW)).toBe(true);
  });

  it('refuses each broken field with its own reason, and keeps only the brand and last four', () => {
    const good = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvv: '123' };
    const read = readCard(good, NOW);
    expect(read).toEqual({ card: { digits: '4242424242424242', brand: 'visa', last4: '4242', expiry: { month: 12, year: 2030 } } });
    expect(readCard({ ...good, cardNumber: '4242 4242 4242 4241' }, NOW)).toEqual({ problem: 'number' });
    expect(readCard({ ...good, cardNumber: '4242' }, NOW)).toEqual({ problem: 'number' });
    expect(readCard({ ...good, cardNumber: null }, NOW)).toEqual({ problem: 'number' });
    expect(readCard({ ...good, expiryDate: '30/12' }, NOW)).toEqual({ problem: 'expiry' });
    expect(readCard({ ...good, expiryDate: '10/26' }, NOW)).toEqual({ problem: 'expired' });
    expect(readCard({ ...good, cvv: '12' }, NOW)).toEqual({ problem: 'cvv' });
    expect(readCard({ cardNumber: '378282246310005', expiryDate: '12/30', cvv: '123' }, NOW)).toEqual({ problem: 'cvv' });
    expect(readCard({ cardNumber: '378282246310005', expiryDate: '12/30', cvv: '1234' }, NOW)).toMatchObject({ card: { brand: 'amex', last4: '0005' } });
  });

  it('the sandbox approves 4242…, declines 4000…0002 and refuses any other number as not a test card', () => {
    const outcome = (cardNumber: string) => {
      const read = readCard({ cardNumber, expiryDate: '12/30', cvv: '123' }, NOW);
      if (!('card' in read)) throw new Error(`unreadable ${cardNumber}`);
      return sandboxOutcome(read.card);
    };
    expect(outcome(SANDBOX_CARDS.approved)).toBe('approved');
    expect(outcome('4000 0000 0000 0002')).toBe('declined');
    expect(outcome('5555555555554444')).toBe('not-a-test-card');
  });
});
