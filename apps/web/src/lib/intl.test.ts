import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@wag/contract/preferences-rules';
import { compactCount, dateTimeFormat, numberFormat } from './intl';

describe('reused Intl formatters', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    const compact = { notation: 'compact', maximumFractionDigits: 1 } as const;
    expect(numberFormat('es', compact)).toBe(numberFormat('es', { notation: 'compact', maximumFractionDigits: 1 }));
    expect(numberFormat('en', compact)).not.toBe(numberFormat('es', compact));
    expect(numberFormat('es', compact)).not.toBe(numberFormat('es', { maximumFractionDigits: 1 }));
    expect(dateTimeFormat('fr', { month: 'short' })).toBe(dateTimeFormat('fr', { month: 'short' }));
    expect(dateTimeFormat('de', { month: 'short' })).not.toBe(dateTimeFormat('de', { month: 'long' }));
  });

  it('formats as a formatter made afresh does', () => {
    expect(numberFormat('es', { notation: 'compact', maximumFractionDigits: 1 }).format(12_345)).toBe(
      new Intl.NumberFormat('es', { notation: 'compact', maximumFractionDigits: 1 }).format(12_345),
    );
    const day = new Date('2026-11-23T12:00:00Z');
    expect(dateTimeFormat('en', { day: 'numeric', month: 'short' }).format(day)).toBe(new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short' }).format(day));
  });
});

describe('compactCount', () => {
  const intl = (language: string, value: number) => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

  it('writes every count as the compact formatter does, in every language of the app', () => {
    for (const language of LANGUAGES) {
      for (const value of [0, 1, 7, 42, 999, 1_000, 1_234, 12_345, 999_999, 1_250_000]) {
        expect(compactCount(language, value), `${language} ${value}`).toBe(intl(language, value));
      }
      expect(compactCount(language, 2.5)).toBe(intl(language, 2.5));
    }
  });

  it('makes no formatter for a whole count under 1,000, one for larger counts', () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made += 1;
      }
    }
    Intl.NumberFormat = Counting as typeof Intl.NumberFormat;
    try {
      expect(compactCount('de', 999)).toBe('999');
      expect(compactCount('de', -3)).toBe('0');
      expect(compactCount('de', 'no')).toBe('0');
      expect(made).toBe(0);
      // A language no test has made a formatter for yet (formatters are kept once made).
      const large = compactCount('de-CH', 4_321_987);
      expect(made).toBe(1);
      expect(large).toBe(new Original('de-CH', { notation: 'compact', maximumFractionDigits: 1 }).format(4_321_987));
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
