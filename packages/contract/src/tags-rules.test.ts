import { describe, expect, it } from 'vitest';
import { hashtagsIn, mentionsIn, normalizeTag, splitText, tagPath } from './tags-rules.js';

describe('hashtags', () => {
  it('reads Spanish tags with accents and ñ, lower-cased, in order of first use', () => {
    expect(hashtagsIn('Un día de #Playa y #verano2026 en el #Año nuevo #playa')).toEqual(['playa', 'verano2026', 'año']);
  });

  it('keeps accents apart: #año and #ano are two tags', () => {
    expect(hashtagsIn('#año #ano')).toEqual(['año', 'ano']);
  });

  it('joins composed and decomposed accents (NFC)', () => {
    expect(hashtagsIn('#cafe\u0301 #café')).toEqual(['café']);
  });

  it('needs a letter, starts at a word and stops at punctuation', () => {
    expect(hashtagsIn('#2026 C#sharp &#38; a#b x.com/#ancla')).toEqual([]);
    expect(hashtagsIn('(#sol), ¡#mar! #luna.')).toEqual(['sol', 'mar', 'luna']);
  });

  it('refuses a tag longer than 50 characters', () => {
    expect(hashtagsIn(`#${'a'.repeat(51)}`)).toEqual([]);
    expect(hashtagsIn(`#${'a'.repeat(50)}`)).toEqual(['a'.repeat(50)]);
  });

  it('normalizes one tag the way pages look it up', () => {
    expect(normalizeTag('#Verano')).toBe('verano');
    expect(normalizeTag('AÑO')).toBe('año');
    expect(normalizeTag('sun-set')).toBeNull();
    expect(normalizeTag('123')).toBeNull();
    expect(normalizeTag('')).toBeNull();
    expect(tagPath('año')).toBe('/tags/a%C3%B1o');
  });
});

describe('mentions', () => {
  it('reads @ and 1 to 20 of [A-Za-z0-9_]', () => {
    expect(mentionsIn('hola @Valeria_Rios y @ana.')).toEqual(['valeria_rios', 'ana']);
  });

  it('leaves e-mail addresses, paths and too long names alone', () => {
    expect(mentionsIn('escribe a ana@example.com o mira example.com/@ana')).toEqual([]);
    expect(mentionsIn(`@${'a'.repeat(21)}`)).toEqual([]);
    expect(mentionsIn('@josé')).toEqual([]);
  });
});

describe('splitText', () => {
  it('cuts a text into parts that join back to it', () => {
    const text = 'Hola @ana,\nmira #Playa (ana@x.com) <b>#sol</b>';
    const parts = splitText(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.kind !== 'text')).toEqual([
      { kind: 'mention', text: '@ana', username: 'ana' },
      { kind: 'hashtag', text: '#Playa', tag: 'playa' },
      { kind: 'hashtag', text: '#sol', tag: 'sol' },
    ]);
  });

  it('gives one text part for a text with nothing to link, and none for an empty one', () => {
    expect(splitText('nada aquí')).toEqual([{ kind: 'text', text: 'nada aquí' }]);
    expect(splitText('')).toEqual([]);
  });
});
