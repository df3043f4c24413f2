import { describe, expect, it } from 'vitest';
import { platformOnly, splitFee } from './fees.js';

describe('splitFee', () => {
  it('takes the platform fee, rounded to the cent, and leaves the rest to the creator', () => {
    expect(splitFee(999, 20)).toEqual({ gross: 999, fee: 200, net: 799 });
    expect(splitFee(1000, 20)).toEqual({ gross: 1000, fee: 200, net: 800 });
    expect(splitFee(299, 15)).toEqual({ gross: 299, fee: 45, net: 254 });
  });

  it('negates a reversal symmetrically, so a sale and its refund sum to zero', () => {
    for (const gross of [299, 999, 1234, 49_999]) {
      const sale = splitFee(gross, 20);
      const refund = splitFee(-gross, 20);
      expect(sale.fee + refund.fee).toBe(0);
      expect(sale.net + refund.net).toBe(0);
      expect(refund.gross).toBe(refund.fee + refund.net);
    }
  });

  it('keeps the verification fee whole for the platform', () => {
    expect(platformOnly(100)).toEqual({ gross: 100, fee: 100, net: 0 });
  });
});
