import { isOpenEndedSuspension } from '@wag/contract/moderation-rules';

/**
 * Dates the server writes into Spanish texts (a suspension's end in a login refusal or an email),
 * through Intl (docs/product-decisions.md §8). The server does not know the reader's time zone: the
 * time is given in UTC, and says so.
 */
const FORMAT = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** "24 de noviembre de 2026 a las 10:00 (UTC)". */
export function spanishDateTime(date: Date): string {
  return `${FORMAT.format(date)} (UTC)`;
}

/** How long a suspension lasts, to end a sentence: "hasta el … (UTC)" or "de forma indefinida". */
export function suspensionSpan(until: Date | string | null): string {
  if (until === null) return 'de forma indefinida';
  const date = new Date(until);
  return isOpenEndedSuspension(date.toISOString()) ? 'de forma indefinida' : `hasta el ${spanishDateTime(date)}`;
}
