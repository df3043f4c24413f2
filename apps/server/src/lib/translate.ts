import type { Language } from '@wag/contract/preferences-rules';
import { germanMessages } from './messages-de.js';
import { englishMessages } from './messages-en.js';
import { frenchMessages } from './messages-fr.js';
import { Said, spanishMessages, type MessageCatalog, type MessageKey } from './messages.js';

export const catalogs: Record<Language, MessageCatalog> = {
  es: spanishMessages,
  en: englishMessages,
  fr: frenchMessages,
  de: germanMessages,
};

/**
 * Each Spanish text without parameters and its key. Two keys may share a Spanish text ('La imagen es
 * demasiado grande.' for an upload and a profile picture); the catalog test makes every language give
 * them the same translation too, so whichever key is found here the answer is the same.
 */
const keyOfSpanish = new Map<string, MessageKey>();
for (const [key, text] of Object.entries(spanishMessages)) {
  if (typeof text === 'string' && !keyOfSpanish.has(text)) keyOfSpanish.set(text, key as MessageKey);
}

/** The key of a Spanish server text, matched whole (never a part of a text); undefined for any other string. */
export function keyOfSpanishText(text: string): MessageKey | undefined {
  return keyOfSpanish.get(text);
}

/**
 * A server text in `language`: a `Said` (a text with parameters) written from its key and arguments;
 * a string that is exactly one of the Spanish texts, that text's translation; any other string as it is.
 */
export function textIn(language: Language, message: string | Said): string {
  if (message instanceof Said) return (catalogs[language][message.key] as (...args: unknown[]) => string)(...message.args);
  if (language === 'es') return message;
  const key = keyOfSpanish.get(message);
  if (key === undefined) return message;
  const text = catalogs[language][key];
  return typeof text === 'string' ? text : message;
}
