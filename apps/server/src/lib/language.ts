import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '@wag/contract/preferences-rules';

export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The best of WAG's languages for an Accept-Language header (negotiator: q-values, and a regional
 * tag matching its language, so `en-GB,en;q=0.9` is English); Spanish when the header is missing or
 * names none of them (`pt-BR`).
 */
export function acceptedLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || !value.trim()) return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': value } }).languages([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}
