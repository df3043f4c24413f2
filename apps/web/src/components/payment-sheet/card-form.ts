/**
 * The card form of the payment sheet (docs/product.md's account-verification form: cardNumber,
 * expiryDate MM/AA, cvv), read the way people type it. The server checks the same again (and whether
 * the card has expired): these checks only save a round trip.
 */

export interface CardFields {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
}

export type CardFieldProblem =
  | 'cardNumberRequired'
  | 'cardNumberInvalid'
  | 'expiryRequired'
  | 'expiryInvalid'
  | 'cvvRequired'
  | 'cvvInvalid';

export const emptyCard: CardFields = { cardNumber: '', expiryDate: '', cvv: '' };

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** '4242424242424242' as '4242 4242 4242 4242' while typing; at most 19 digits. */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' as '12/30' while typing; a slash typed after the month is kept ('1/' stays as typed). */
export function formatExpiry(text: string): string {
  const digits = digitsOf(text).slice(0, 4);
  if (digits.length <= 2) return /^\d{1,2}\s*\/$/.test(text.trim()) && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Three or four digits, nothing else. */
export function formatCvv(text: string): string {
  return digitsOf(text).slice(0, 4);
}

/** Luhn's check digit, which every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with each field, or null: required, 12 to 19 digits passing Luhn, MM/AA, 3 or 4 digits. */
export function cardProblems(fields: CardFields): Record<keyof CardFields, CardFieldProblem | null> {
  const number = digitsOf(fields.cardNumber);
  const expiry = fields.expiryDate.trim();
  const cvv = fields.cvv.trim();
  const month = Number(expiry.slice(0, 2));
  return {
    cardNumber: !number ? 'cardNumberRequired' : number.length < 12 || number.length > 19 || !luhnValid(number) ? 'cardNumberInvalid' : null,
    expiryDate: !expiry ? 'expiryRequired' : !/^\d{2}\/\d{2}$/.test(expiry) || month < 1 || month > 12 ? 'expiryInvalid' : null,
    cvv: !cvv ? 'cvvRequired' : /^\d{3,4}$/.test(cvv) ? null : 'cvvInvalid',
  };
}
