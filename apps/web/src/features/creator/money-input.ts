/**
 * Prices and payouts are typed in currency units ('9.99' or '9,99') and sent in integer cents.
 * The bounds repeat packages/contract's MIN_PRICE_CENTS and MAX_PRICE_CENTS, which live in a module
 * that loads zod (kept out of the browser); money-input.test.ts holds them equal.
 */
export const MIN_PRICE_CENTS = 299;
export const MAX_PRICE_CENTS = 49_999;

/** '9.99', '9,9', '10' as cents; null for anything else (more than two decimals, signs, letters). */
export function parseCents(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the field shows them: 999 -> '9.99'. */
export function centsToInput(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

export type PriceProblem = 'required' | 'invalid' | null;

export function priceProblem(text: string): PriceProblem {
  if (!text.trim()) return 'required';
  const cents = parseCents(text);
  return cents === null || cents < MIN_PRICE_CENTS || cents > MAX_PRICE_CENTS ? 'invalid' : null;
}
