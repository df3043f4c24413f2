import { isOpenEndedSuspension } from '@wag/contract/moderation-rules';
import type { Language } from '@wag/contract/preferences-rules';

/**
 * Dates the server writes into texts (a suspension's end in a login refusal or an email), in the
 * reader's language through Intl (docs/product-decisions.md §8).
 */
const LOCALE: Record<Language, string> = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR', de: 'de-DE' };

const utcFormats = new Map<Language, Intl.DateTimeFormat>();
const madridFormats = new Map<Language, Intl.DateTimeFormat>();

function formatOf(cache: Map<Language, Intl.DateTimeFormat>, language: Language, timeZone: string): Intl.DateTimeFormat {
  let format = cache.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'long', timeStyle: 'short', timeZone });
    cache.set(language, format);
  }
  return format;
}

/**
 * The server does not know the reader's time zone: the time is given in UTC, and says so.
 * "24 de noviembre de 2026, 10:00 (UTC)", "24 November 2026 at 10:00 (UTC)".
 */
export function utcDateTime(date: Date, language: Language): string {
  return `${formatOf(utcFormats, language, 'UTC').format(date)} (UTC)`;
}

/** A moment in the mails about an account's security, at the service's home time (Madrid). */
export function homeDateTime(iso: string, language: Language): string {
  return formatOf(madridFormats, language, 'Europe/Madrid').format(new Date(iso));
}

export type SuspensionEnd = Date | string | null;

const UNTIL: Record<Language, { open: string; until: (date: string) => string }> = {
  es: { open: 'de forma indefinida', until: (date) => `hasta el ${date}` },
  en: { open: 'indefinitely', until: (date) => `until ${date}` },
  fr: { open: 'pour une durée indéterminée', until: (date) => `jusqu’au ${date}` },
  de: { open: 'auf unbestimmte Zeit', until: (date) => `bis zum ${date}` },
};

/** How long a suspension lasts, to end a sentence: "hasta el … (UTC)" or "de forma indefinida". */
export function suspensionSpan(until: SuspensionEnd, language: Language): string {
  const words = UNTIL[language];
  if (until === null) return words.open;
  const date = new Date(until);
  return isOpenEndedSuspension(date.toISOString()) ? words.open : words.until(utcDateTime(date, language));
}
