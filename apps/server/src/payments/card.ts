/**
 * The card form of the sandbox payment provider (docs/product.md: cardNumber, expiryDate MM/AA, cvv),
 * read as a card processor reads it. Nothing here keeps or logs the number or the CVV: what leaves
 * this module is the brand and the last four digits.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Why a card form is refused before any charge is tried. */
export type CardProblem = 'number' | 'expiry' | 'expired' | 'cvv';

export interface CardInput {
  cardNumber?: string | null;
  expiryDate?: string | null;
  cvv?: string | null;
}

export interface ReadCard {
  /** Digits only; kept in memory for the charge, never stored. */
  digits: string;
  brand: CardBrand;
  last4: string;
  /** The last month the card is valid: 1-12 and a four-digit year. */
  expiry: { month: number; year: number };
}

/** Luhn's check digit (ISO/IEC 7812), which every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The network a number belongs to, by its leading digits (IIN ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** 'MM/AA' (or 'MM/AAAA', with '/', '-' or spaces) as month and four-digit year; null when unreadable. */
export function readExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month (in UTC, as processors count it). */
export function expiredAt(expiry: { month: number; year: number }, now: Date): boolean {
  const firstDayAfter = Date.UTC(expiry.year, expiry.month, 1);
  return now.getTime() >= firstDayAfter;
}

/**
 * Reads the form: spaces and dashes in the number are allowed (people type them), 12 to 19 digits
 * passing Luhn's check, an expiry not in the past, a CVV of 3 digits (4 for American Express).
 */
export function readCard(input: CardInput, now: Date): { card: ReadCard } | { problem: CardProblem } {
  const digits = (input.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { problem: 'number' };
  const expiry = readExpiry(input.expiryDate ?? '');
  if (!expiry) return { problem: 'expiry' };
  if (expiredAt(expiry, now)) return { problem: 'expired' };
  const brand = cardBrand(digits);
  const cvv = (input.cvv ?? '').trim();
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3,4}$/).test(cvv)) return { problem: 'cvv' };
  return { card: { digits, brand, last4: digits.slice(-4), expiry } };
}

/**
 * The sandbox's test cards, as the issue names them: one that is always accepted and one that is
 * always declined. Any other valid-looking number is refused as not a test card, so a real number
 * typed into the test mode is never treated as a payment.
 */
export const SANDBOX_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type SandboxOutcome = 'approved' | 'declined' | 'not-a-test-card';

/** What the sandbox does with a card that passed the form's checks. */
export function sandboxOutcome(card: ReadCard): SandboxOutcome {
  if (card.digits === SANDBOX_CARDS.approved) return 'approved';
  if (card.digits === SANDBOX_CARDS.declined) return 'declined';
  return 'not-a-test-card';
}
