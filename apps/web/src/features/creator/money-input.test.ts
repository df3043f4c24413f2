import { MAX_PRICE_CENTS as contractMax, MIN_PRICE_CENTS as contractMin } from '@wag/contract/payments';
import { describe, expect, it } from 'vitest';
import { centsToInput, MAX_PRICE_CENTS, MIN_PRICE_CENTS, parseCents, priceProblem } from './money-input';

describe('money input', () => {
  it("keeps the contract's price bounds", () => {
    expect([MIN_PRICE_CENTS, MAX_PRICE_CENTS]).toEqual([contractMin, contractMax]);
  });

  it('reads currency units with a point or a comma as cents, exactly', () => {
    expect(parseCents('9.99')).toBe(999);
    expect(parseCents('9,9')).toBe(990);
    expect(parseCents(' 10 ')).toBe(1000);
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('4.999')).toBeNull();
    expect(parseCents('-1')).toBeNull();
    expect(parseCents('1e3')).toBeNull();
    expect(centsToInput(49_999)).toBe('499.99');
    expect(centsToInput(null)).toBe('');
  });

  it('holds prices between 2.99 and 499.99', () => {
    expect(priceProblem('')).toBe('required');
    expect(priceProblem('2.98')).toBe('invalid');
    expect(priceProblem('2.99')).toBeNull();
    expect(priceProblem('499.99')).toBeNull();
    expect(priceProblem('500')).toBe('invalid');
  });
});
