import { describe, expect, it } from 'vitest';
import { acceptedLanguage } from './language.js';

describe('acceptedLanguage', () => {
  it.each([
    ['en-GB,en;q=0.9', 'en'],
    ['pt-BR', 'es'],
    ['pt-BR,fr;q=0.5', 'fr'],
    ['de-AT', 'de'],
    ['es-MX;q=0.2,de;q=0.8', 'de'],
    ['fr-CA;q=0,en', 'en'],
    ['EN-us', 'en'],
    ['*', 'es'],
    ['', 'es'],
    ['   ', 'es'],
    [';;;q=abc,,', 'es'],
    [undefined, 'es'],
  ] as const)('%j → %s', (header, language) => {
    expect(acceptedLanguage(header)).toBe(language);
  });

  it('takes a header sent more than once as one list', () => {
    expect(acceptedLanguage(['pt', 'fr;q=0.4'])).toBe('fr');
  });
});
