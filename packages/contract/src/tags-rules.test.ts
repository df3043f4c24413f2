import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashtagsIn, mentionsIn, normalizeTag, splitText, splitTextByRule, tagPath } from './tags-rules.js';

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

describe('the faster reading of tags and mentions', () => {
  // Characters the rule treats differently: ASCII letters, digits and `_`, the sigils and the other
  // characters after which no token starts, spaces and punctuation, accented and other-script letters,
  // a combining mark, a non-ASCII digit, an emoji (two UTF-16 units).
  const units = [...'aZ09_@#$%&*+=/\\- .,¡¿!?()', 'é', 'ñ', 'Ж', '\u0301', '٣', '🌴', 'ª'];

  it('cuts every text exactly as the rule does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...units), maxLength: 40 }), (text) => {
        expect(splitText(text)).toEqual(splitTextByRule(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees on the cases that decide between the two readings', () => {
    for (const text of ['#cafe☕', '🌴#playa', '¿#sol?', '#año', 'x@ana', '@ana@bob', '#a#b', ' #a #b', '#', '@_', '#2026', `#${'a'.repeat(51)}`, 'mail@ana.es @ana.']) {
      expect(splitText(text), text).toEqual(splitTextByRule(text));
    }
    expect(splitText('Mi desayuno ¿así? 🌴 #nomada #Cafe @Ana_1')).toEqual([
      { kind: 'text', text: 'Mi desayuno ¿así? 🌴 ' },
      { kind: 'hashtag', text: '#nomada', tag: 'nomada' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#Cafe', tag: 'cafe' },
      { kind: 'text', text: ' ' },
      { kind: 'mention', text: '@Ana_1', username: 'Ana_1' },
    ]);
  });

  it('normalizes ASCII tags as the rule does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZ09_#-é'), maxLength: 60 }), (raw) => {
        const byRule = (() => {
          const tag = raw.replace(/^#/, '').normalize('NFC').toLowerCase();
          if (tag.length === 0 || tag.length > 50) return null;
          return /^[\p{L}\p{M}\p{N}_]+$/u.test(tag) && /\p{L}/u.test(tag) ? tag : null;
        })();
        expect(normalizeTag(raw)).toBe(byRule);
      }),
      { numRuns: 3000 },
    );
  });
});
