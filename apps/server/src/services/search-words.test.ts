import { describe, expect, it } from 'vitest';
import { searchWords, spanishWordForms } from './search.service.js';

describe('search words', () => {
  it('splits a text into words of letters and digits in any script', () => {
    expect(searchWords('  ¡Hola, mundo! 2026 #playa ')).toEqual(['Hola', 'mundo', '2026', 'playa']);
    expect(searchWords('&&& ***')).toBeNull();
  });

  it.each([
    ['atardecer', ['atardecer', 'atardeceres']],
    ['atardeceres', ['atardeceres', 'atardecer']],
    ['Luz', ['luz', 'luces']],
    ['luces', ['luces', 'luz']],
    ['canciones', ['canciones', 'cancion']],
    ['mar', ['mar', 'mares']],
    ['playa', ['playa']],
    ['playas', ['playas']],
    ['bailes', ['bailes', 'bail']],
    ['2026', ['2026']],
    ['de', ['de']],
  ])('looks %j up as %j', (word, forms) => {
    expect(spanishWordForms(word)).toEqual(forms);
  });
});
