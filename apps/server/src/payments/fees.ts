/**
 * How a sale is split between the platform and the creator: the fee is PLATFORM_FEE_PERCENT of the
 * gross, rounded half up to the cent, and the creator's net is the rest, so gross = fee + net always
 * holds (the ledger's check). A reversal (refund, chargeback) is the same split, negated.
 */
export function splitFee(gross: number, feePercent: number): { gross: number; fee: number; net: number } {
  if (!Number.isInteger(gross)) throw new Error('amounts are integer cents');
  const sign = gross < 0 ? -1 : 1;
  const fee = sign * Math.round((Math.abs(gross) * feePercent) / 100);
  return { gross, fee, net: gross - fee };
}

/** A platform-only sale (the account-verification fee): all of it is the platform's. */
export function platformOnly(gross: number): { gross: number; fee: number; net: number } {
  return { gross, fee: gross, net: 0 };
}
