import { LANGUAGES } from '@wag/contract/preferences-rules';
import { describe, expect, it } from 'vitest';
import deFirst from './de/first.json';
import deRest from './de/rest.json';
import deScreens from './de/screens.json';
import enFirst from './en/first.json';
import enRest from './en/rest.json';
import enScreens from './en/screens.json';
import esFirst from './es/first.json';
import esRest from './es/rest.json';
import esScreens from './es/screens.json';
import frFirst from './fr/first.json';
import frRest from './fr/rest.json';
import frScreens from './fr/screens.json';

/**
 * Spanish is the reference: every other catalog has its texts, no others, none empty and the same
 * placeholders, each section in the same part as in Spanish (first.json, loaded before the first
 * render; screens.json, for the screens a page can open on; or rest.json; lib/i18n.ts). A text with plural forms (`views_one`,
 * `views_other`) has, in each language, exactly the forms that language's CLDR rules use
 * (Intl.PluralRules, as i18next picks them).
 */
const parts: Record<string, { first: object; screens: object; rest: object }> = {
  es: { first: esFirst, screens: esScreens, rest: esRest },
  en: { first: enFirst, screens: enScreens, rest: enRest },
  fr: { first: frFirst, screens: frScreens, rest: frRest },
  de: { first: deFirst, screens: deScreens, rest: deRest },
};
const catalogs: Record<string, unknown> = Object.fromEntries(
  Object.entries(parts).map(([language, { first, screens, rest }]) => [language, { ...first, ...screens, ...rest }]),
);
const es = catalogs.es;

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

function flatten(node: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, into);
    else into.set(path, value);
  }
  return into;
}

/** Plain texts by key, and plural texts by their base key with their forms. */
function shape(catalog: unknown) {
  const texts = new Map<string, unknown>();
  const plurals = new Map<string, Map<string, unknown>>();
  for (const [key, value] of flatten(catalog)) {
    const match = PLURAL.exec(key);
    if (match) {
      const forms = plurals.get(match[1]!) ?? new Map<string, unknown>();
      forms.set(match[2]!, value);
      plurals.set(match[1]!, forms);
    } else texts.set(key, value);
  }
  return { texts, plurals };
}

/** The placeholders of a text, `{count, compact}` as 'count,compact'. */
function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!.replace(/\s+/g, '')).sort();
}

const reference = shape(es);

describe('catalogs', () => {
  it('exist for every language the preferences offer', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGES].sort());
  });

  it('split Spanish into three parts that share no section', () => {
    const all = [esFirst, esScreens, esRest].flatMap((part) => Object.keys(part));
    expect(all.filter((section, at) => all.indexOf(section) !== at)).toEqual([]);
    for (const part of [esFirst, esScreens, esRest]) expect(Object.keys(part).length).toBeGreaterThan(0);
  });

  it('Spanish uses plurals for the texts that show a count', () => {
    for (const key of ['post.views', 'post.likes', 'profile.views', 'profile.photos', 'stories.groupCount', 'stories.viewsCount', 'wagStars.followers', 'searchResults.followers', 'comments.moreReplies']) {
      expect(reference.plurals.has(key), key).toBe(true);
    }
  });

  describe.each(Object.keys(catalogs))('%s', (language) => {
    const { texts, plurals } = shape(catalogs[language]);
    const required = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

    it('has the sections of each Spanish part in the same part', () => {
      const sections = (catalog: object) => Object.keys(catalog).sort();
      const { first, screens, rest } = parts[language]!;
      expect({ first: sections(first), screens: sections(screens), rest: sections(rest) }).toEqual({
        first: sections(esFirst),
        screens: sections(esScreens),
        rest: sections(esRest),
      });
    });

    it('has every key of the Spanish catalog and no other', () => {
      const missing = [...reference.texts.keys()].filter((key) => !texts.has(key));
      const extra = [...texts.keys()].filter((key) => !reference.texts.has(key));
      const missingPlurals = [...reference.plurals.keys()].filter((key) => !plurals.has(key));
      const extraPlurals = [...plurals.keys()].filter((key) => !reference.plurals.has(key));
      expect({ missing, extra, missingPlurals, extraPlurals }).toEqual({ missing: [], extra: [], missingPlurals: [], extraPlurals: [] });
    });

    it(`has exactly the plural forms its rules need (${required.join(', ')})`, () => {
      const wrong = [...plurals].filter(([, forms]) => [...forms.keys()].sort().join() !== required.join()).map(([key, forms]) => `${key}: ${[...forms.keys()].join()}`);
      expect(wrong).toEqual([]);
    });

    it('has no empty text', () => {
      const all = [...texts, ...[...plurals].flatMap(([key, forms]) => [...forms].map(([form, value]) => [`${key}_${form}`, value] as const))];
      const empty = all.filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('has the same placeholders as Spanish', () => {
      const differ: string[] = [];
      for (const [key, value] of texts) {
        if (reference.texts.has(key) && placeholders(value).join() !== placeholders(reference.texts.get(key)).join()) differ.push(key);
      }
      for (const [key, forms] of plurals) {
        const spanish = reference.plurals.get(key);
        if (!spanish) continue;
        const expected = placeholders(spanish.get('other'));
        for (const [form, value] of forms) {
          // A 'one' form may spell the number out ("un seguidor"): the count is optional there, the rest is not.
          const found = placeholders(value);
          const compare = form === 'one' ? expected.filter((name) => found.includes(name) || !name.startsWith('count')) : expected;
          if (found.join() !== compare.join()) differ.push(`${key}_${form}`);
        }
      }
      expect(differ).toEqual([]);
    });
  });
});
