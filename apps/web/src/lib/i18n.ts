import { LANGUAGES, type Language } from '@wag/contract/preferences-rules';
import i18next from 'i18next';
import type es from '../locales/es.json';

/** es.json is the reference: every other language has the same keys (locales.test.ts). */
export type Messages = typeof es;

/** i18next's plural suffixes (CLDR categories): `views_one`, `views_other` are one text, `views`. */
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralCategory}` ? Base : K;

type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type PluralKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_other`
      ? `${Prefix}${Base}`
      : never
    : PluralKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text of the interface, as a dotted path into es.json ("auth.login.title"), plurals by their base. */
export type MessageKey = LeafKeys<Messages>;
/** The texts with plural forms: they need a numeric `count` to pick one. */
export type PluralKey = PluralKeys<Messages>;

export type MessageParams = Record<string, string | number>;
type ParamsOf<K extends MessageKey> = K extends PluralKey ? [params: MessageParams & { count: number }] : [params?: MessageParams];

export { LANGUAGES, type Language };

const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  es: () => import('../locales/es.json'),
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
  de: () => import('../locales/de.json'),
};

/**
 * One i18next instance for the app. Placeholders keep the catalogs' single braces (`{name}`, and
 * `{count, compact}` for a count shortened as on cards); React escapes, so i18next does not.
 * No fallback language: a missing text shows its key (the catalogs test keeps them complete) and only
 * the chosen catalog is ever downloaded.
 */
export const i18n = i18next.createInstance();
void i18n.init({
  resources: {},
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { prefix: '{', suffix: '}', escapeValue: false, formatSeparator: ',' },
  react: { useSuspense: false },
});
i18n.services.formatter?.add('compact', (value: unknown, lng: string | undefined) =>
  new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 }).format(Math.max(0, Number(value) || 0)),
);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the first catalog is being loaded for: the first requests already ask in it. */
let starting: Language | null = null;

/** Downloads a language's catalog once (its own chunk) and makes it the interface language. */
export async function loadLanguage(language: Language): Promise<void> {
  starting ??= language;
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const catalog = (await loaders[language]()).default as Record<string, unknown>;
    i18n.addResourceBundle(language, 'translation', catalog);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The text of `key` in the interface language; plural texts pick their form from `count`. */
export function t<K extends MessageKey>(key: K, ...[params]: ParamsOf<K>): string {
  return (i18n.t as unknown as (key: string, options?: MessageParams) => string)(key, params);
}

/** The interface language (a BCP 47 tag), for Intl formatting and Accept-Language. */
export function currentLocale(): Language {
  if (isLanguage(i18n.language)) return i18n.language;
  return starting ?? 'es';
}
