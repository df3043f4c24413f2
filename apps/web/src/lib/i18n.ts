import { LANGUAGES, type Language } from '@wag/contract/preferences-rules';
import i18next from 'i18next';
import { compactCount, wholeNumber } from './intl';
import type esFirst from '../locales/es/first.json';
import type esRest from '../locales/es/rest.json';
import type esScreens from '../locales/es/screens.json';

/**
 * Spanish is the reference: every other language has the same keys, in the same part (locales.test.ts).
 * A language's catalog comes in three parts, each its own chunk (catalog-parts.test.ts holds each to
 * exactly its sections):
 * - `first.json`: the sections the shell, the home screen and the quicky player use, loaded before the
 *   first render;
 * - `screens.json`: those the other screens a page can open on use (/quickys, a post or quicky, a
 *   profile: the pages the server names, apps/server/src/http/web-screens.ts), beyond the first part;
 *   awaited by those screens;
 * - `rest.json`: every other section (settings, legal texts, creator pages...), awaited with the
 *   screens' part by every other screen (`afterTexts` in lib/lazy-screen.ts).
 * Both are asked for beside the first part when the page opens on a screen that waits for them, else
 * once the first screen is drawn (main.tsx), or when a screen that needs them first renders.
 * A post's page thus waits for about 1 KB (gzip) of texts beyond the first part, not the whole rest (15 KB).
 */
export type Messages = typeof esFirst & typeof esScreens & typeof esRest;

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

/** Every text of the interface, as a dotted path into the Spanish catalog ("auth.login.title"), plurals by their base. */
export type MessageKey = LeafKeys<Messages>;
/** The texts with plural forms: they need a numeric `count` to pick one. */
export type PluralKey = PluralKeys<Messages>;

export type MessageParams = Record<string, string | number>;
type ParamsOf<K extends MessageKey> = K extends PluralKey ? [params: MessageParams & { count: number }] : [params?: MessageParams];

export { LANGUAGES, type Language };

type Part = 'first' | 'screens' | 'rest';
type Catalog = () => Promise<{ default: unknown }>;

/** Where each part of each language's catalog comes from (its own chunk). */
export const catalogParts: Record<Language, Record<Part, Catalog>> = {
  es: {
    first: () => import('../locales/es/first.json'),
    screens: () => import('../locales/es/screens.json'),
    rest: () => import('../locales/es/rest.json'),
  },
  en: {
    first: () => import('../locales/en/first.json'),
    screens: () => import('../locales/en/screens.json'),
    rest: () => import('../locales/en/rest.json'),
  },
  fr: {
    first: () => import('../locales/fr/first.json'),
    screens: () => import('../locales/fr/screens.json'),
    rest: () => import('../locales/fr/rest.json'),
  },
  de: {
    first: () => import('../locales/de/first.json'),
    screens: () => import('../locales/de/screens.json'),
    rest: () => import('../locales/de/rest.json'),
  },
};

/**
 * One i18next instance for the app. Placeholders keep the catalogs' single braces (`{name}`, and
 * `{count, compact}` for a count shortened as on cards); React escapes, so i18next does not.
 * No fallback language: a missing text shows its key (the catalogs test keeps them complete) and only
 * the chosen language's catalog is ever downloaded.
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
i18n.services.formatter?.add('compact', (value: unknown, lng: string | undefined) => compactCount(lng, value));
i18n.services.formatter?.add('integer', (value: unknown, lng: string | undefined) => wholeNumber(lng, value));

/**
 * Texts asked for without parameters, by key, in the interface language as the catalog stands: i18next
 * resolves a key afresh on every `t` call (its namespaces, nesting and plural lookups), and a feed asks
 * the same labels once per card (about a tenth of the signed-in home's script time in a profile of
 * its load). Emptied whenever the language or the catalog changes (a later part arriving, a switch).
 */
const plainTexts = new Map<string, string>();
const forgetPlainTexts = () => plainTexts.clear();
i18n.on('languageChanged', forgetPlainTexts);
i18n.store.on('added', forgetPlainTexts);
i18n.store.on('removed', forgetPlainTexts);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the first catalog is being loaded for: the first requests already ask in it. */
let starting: Language | null = null;

/** The parts downloaded or on their way, by language: each is fetched once (again only after a failure). */
const parts = new Map<string, Promise<void>>();

function loadPart(language: Language, part: Part): Promise<void> {
  const id = `${language}:${part}`;
  let loading = parts.get(id);
  if (!loading) {
    loading = catalogParts[language][part]().then((module) => {
      // The parts hold different sections: a shallow merge adds each beside those already there.
      i18n.addResourceBundle(language, 'translation', module.default as Record<string, unknown>, false, false);
    });
    loading.catch(() => parts.delete(id));
    parts.set(id, loading);
  }
  return loading;
}

/** Counts the languages asked for: only the last one asked is switched to, whichever downloads first. */
let lastAsked = 0;

async function switchTo(language: Language, asked: number): Promise<void> {
  if (asked !== lastAsked) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * The start (main.tsx): downloads the first part of a language's catalog and makes it the interface
 * language, so the first render has its texts. The other parts follow with `loadRestTexts` once the
 * first screen is drawn; a page that opens on a screen waiting for one asks for it now, beside the
 * first: `withScreens` the screens' part (/quickys, a post, a profile), `withRest` both others (any
 * other screen but the home).
 */
export async function startLanguage(language: Language, { withScreens = false, withRest = false } = {}): Promise<void> {
  starting ??= language;
  const asked = ++lastAsked;
  if (withScreens || withRest) loadPart(language, 'screens').catch(() => undefined);
  if (withRest) loadPart(language, 'rest').catch(() => undefined);
  await loadPart(language, 'first');
  await switchTo(language, asked);
}

/**
 * The screens' part of the interface language's catalog (once; at once when it is already there):
 * what /quickys, a post and a profile wait for before they render (lib/lazy-screen.ts).
 */
export function loadScreenTexts(): Promise<void> {
  return loadPart(currentLocale(), 'screens');
}

/**
 * Everything after the first part of the interface language's catalog (once; at once when it is
 * already there). Every screen outside the first ones waits for it before it renders
 * (lib/lazy-screen.ts), so no key shows.
 */
export async function loadRestTexts(): Promise<void> {
  const language = currentLocale();
  await Promise.all([loadPart(language, 'screens'), loadPart(language, 'rest')]);
}

/** Downloads a language's whole catalog (every part, once) and only then makes it the interface language. */
export async function loadLanguage(language: Language): Promise<void> {
  starting ??= language;
  const asked = ++lastAsked;
  await Promise.all([loadPart(language, 'first'), loadPart(language, 'screens'), loadPart(language, 'rest')]);
  await switchTo(language, asked);
}

/** The text of `key` in the interface language; plural texts pick their form from `count`. */
export function t<K extends MessageKey>(key: K, ...[params]: ParamsOf<K>): string {
  const translate = i18n.t as unknown as (key: string, options?: MessageParams) => string;
  if (params !== undefined) return translate(key, params);
  let text = plainTexts.get(key);
  if (text === undefined) {
    text = translate(key);
    plainTexts.set(key, text);
  }
  return text;
}

/** The interface language (a BCP 47 tag), for Intl formatting and Accept-Language. */
export function currentLocale(): Language {
  if (isLanguage(i18n.language)) return i18n.language;
  return starting ?? 'es';
}
