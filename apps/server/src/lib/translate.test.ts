import { LANGUAGES } from '@wag/contract/preferences-rules';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from './errors.js';
import { messages, spanishMessages, type MessageKey } from './messages.js';
import { catalogs, keyOfSpanishText, textIn } from './translate.js';

const keys = Object.keys(spanishMessages).sort() as MessageKey[];
const others = LANGUAGES.filter((language) => language !== 'es');
const PARAMETERS = /\$\{|\{\w+\}/;

describe('the server texts in every language', () => {
  it.each(others)('%s has exactly the Spanish keys, none empty, and each text with parameters takes as many', (language) => {
    const catalog = catalogs[language];
    expect(Object.keys(catalog).sort()).toEqual(keys);
    for (const key of keys) {
      const spanish = spanishMessages[key];
      const text = catalog[key];
      expect(typeof text, key).toBe(typeof spanish);
      if (typeof text === 'string') {
        expect(text.trim(), key).not.toBe('');
        expect(text, `${key} leaves a placeholder`).not.toMatch(PARAMETERS);
        expect(text, `${key} is still the Spanish`).not.toBe(spanish);
      } else {
        expect(text.length, key).toBe((spanish as (...args: unknown[]) => string).length);
      }
    }
  });

  it('gives one translation to keys that share a Spanish text, so the exact lookup is unambiguous', () => {
    const byText = new Map<string, MessageKey[]>();
    for (const key of keys) {
      const text = spanishMessages[key];
      if (typeof text === 'string') byText.set(text, [...(byText.get(text) ?? []), key]);
    }
    const shared = [...byText.values()].filter((group) => group.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const language of others) for (const group of shared) expect(new Set(group.map((key) => catalogs[language][key])).size, group.join(', ')).toBe(1);
  });

  it('no translation is itself one of the Spanish texts, so translating twice changes nothing', () => {
    for (const language of others) {
      for (const key of keys) {
        const text = catalogs[language][key];
        if (typeof text === 'string') expect(keyOfSpanishText(text), `${language}.${key}`).toBeUndefined();
      }
    }
  });
});

describe('textIn', () => {
  it('translates a Spanish text matched whole, and leaves anything else as it is', () => {
    expect(textIn('en', messages.loginWrong)).toBe('Incorrect email or password.');
    expect(textIn('de', messages.loginWrong)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(textIn('es', messages.loginWrong)).toBe(messages.loginWrong);
    expect(textIn('en', `${messages.loginWrong} `)).toBe(`${messages.loginWrong} `);
    expect(textIn('en', messages.loginWrong.slice(0, -1))).toBe(messages.loginWrong.slice(0, -1));
    expect(textIn('fr', 'Hola')).toBe('Hola');
  });

  it('writes a text with parameters from its key and arguments in each language, dates included', () => {
    const until = new Date('2026-12-01T09:30:00Z');
    const error = new ForbiddenError(messages.accountSuspended(until));
    expect(error.message).toBe('Tu cuenta está suspendida hasta el 1 de diciembre de 2026 a las 9:30 (UTC). Si crees que es un error, puedes apelar la decisión.');
    expect(textIn('es', error.said!)).toBe(error.message);
    expect(textIn('en', error.said!)).toBe('Your account is suspended until 1 December 2026 at 09:30 (UTC). If you think this is a mistake, you can appeal the decision.');
    expect(textIn('fr', error.said!)).toBe(
      'Ton compte est suspendu jusqu’au 1 décembre 2026 à 09:30 (UTC). Si tu penses qu’il s’agit d’une erreur, tu peux faire appel de la décision.',
    );
    expect(textIn('de', error.said!)).toBe(
      'Dein Konto ist bis zum 1. Dezember 2026 um 09:30 (UTC) gesperrt. Wenn du glaubst, dass das ein Fehler ist, kannst du Einspruch gegen die Entscheidung einlegen.',
    );
    expect(textIn('en', messages.accountSuspended(null))).toContain('suspended indefinitely.');
  });
});
