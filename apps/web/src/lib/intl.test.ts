import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

describe('reused Intl formatters', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    const compact = { notation: 'compact', maximumFractionDigits: 1 } as const;
    expect(numberFormat('es', compact)).toBe(numberFormat('es', { notation: 'compact', maximumFractionDigits: 1 }));
    expect(numberFormat('en', compact)).not.toBe(numberFormat('es', compact));
    expect(numberFormat('es', compact)).not.toBe(numberFormat('es', { maximumFractionDigits: 1 }));
    expect(relativeTimeFormat('fr', { style: 'short' })).toBe(relativeTimeFormat('fr', { style: 'short' }));
    expect(dateTimeFormat('de', { month: 'short' })).not.toBe(dateTimeFormat('de', { month: 'long' }));
  });

  it('formats as a formatter made afresh does', () => {
    expect(numberFormat('es', { notation: 'compact', maximumFractionDigits: 1 }).format(12_345)).toBe(
      new Intl.NumberFormat('es', { notation: 'compact', maximumFractionDigits: 1 }).format(12_345),
    );
    expect(relativeTimeFormat('en', { style: 'narrow' }).format(-5, 'minute')).toBe(new Intl.RelativeTimeFormat('en', { style: 'narrow' }).format(-5, 'minute'));
  });
});
