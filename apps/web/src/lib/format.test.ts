import { afterEach, describe, expect, it } from 'vitest';
import { commentAge, formatCount, isoDate, storyAge } from './format';
import { formatMoney } from './money';
import { LANGUAGES } from '@wag/contract/preferences-rules';
import { loadLanguage } from './i18n';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('storyAge', () => {
  it("says 'ahora' under 60 minutes, then hours, then days", () => {
    expect(storyAge(ago(59 * 60_000), now)).toBe('ahora');
    expect(storyAge(ago(60 * 60_000), now)).toBe('1 h');
    expect(storyAge(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 h');
    expect(storyAge(ago(49 * 3_600_000), now)).toBe('2 d');
  });

  it('gives an empty string for an invalid date', () => {
    expect(storyAge('no es una fecha', now)).toBe('');
    expect(storyAge(null, now)).toBe('');
  });
});

describe('commentAge', () => {
  afterEach(async () => {
    await loadLanguage('es');
  });

  it('uses seconds, minutes, hours and days', () => {
    expect(commentAge(ago(5_000), now)).toBe('hace 5 s');
    expect(commentAge(ago(3 * 60_000), now)).toBe('hace 3 min');
    expect(commentAge(ago(5 * 3_600_000), now)).toBe('hace 5 h');
    expect(commentAge(ago(3 * 86_400_000), now)).toBe('hace 3 d');
    expect(commentAge('', now)).toBe('');
  });

  it('speaks the interface language, plurals included', async () => {
    await loadLanguage('en');
    expect(commentAge(ago(2 * 3_600_000), now)).toBe('2h ago');
    await loadLanguage('fr');
    expect(commentAge(ago(2 * 3_600_000), now)).toMatch(/^il y a 2\s?h$/);
    await loadLanguage('de');
    expect(commentAge(ago(1 * 86_400_000), now)).toBe('vor 1 Tag');
    expect(commentAge(ago(3 * 86_400_000), now)).toBe('vor 3 Tagen');
  });

  it("writes what Intl's relative time formatter writes, in every language, without making one", async () => {
    const styles: Record<string, Intl.RelativeTimeFormatStyle> = { es: 'short', en: 'narrow', fr: 'short', de: 'short' };
    const units = [
      ['second', 1_000],
      ['minute', 60_000],
      ['hour', 3_600_000],
      ['day', 86_400_000],
    ] as const;
    for (const language of LANGUAGES) {
      await loadLanguage(language);
      const intl = new Intl.RelativeTimeFormat(language, { style: styles[language], numeric: 'always' });
      for (const [unit, length] of units) {
        const limit = unit === 'second' ? 59 : unit === 'minute' ? 59 : unit === 'hour' ? 23 : 1_500_000;
        for (const count of [0, 1, 2, 5, 21, limit].filter((n) => n <= limit && (n > 0 || unit === 'second'))) {
          expect(commentAge(ago(count * length), now), `${language} ${count} ${unit}`).toBe(intl.format(-count, unit));
        }
      }
    }
    const Original = Intl.RelativeTimeFormat;
    let made = 0;
    Reflect.set(
      Intl,
      'RelativeTimeFormat',
      class extends Original {
        constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
          super(...args);
          made += 1;
        }
      },
    );
    try {
      commentAge(ago(5 * 60_000), now);
      expect(made).toBe(0);
    } finally {
      Reflect.set(Intl, 'RelativeTimeFormat', Original);
    }
  });
});

describe('formatCount and isoDate', () => {
  it('keeps small counts whole, never negative', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-4)).toBe('0');
  });

  it('shortens thousands the Spanish way', () => {
    expect(formatCount(1_200)).toMatch(/^1,2\s?mil$/);
  });

  it('shows dates and date-times as YYYY-MM-DD', () => {
    expect(isoDate('1990-04-02T00:00:00.000Z')).toBe('1990-04-02');
    expect(isoDate('1990-04-02')).toBe('1990-04-02');
    expect(isoDate(null)).toBe('');
  });
});

describe('formatMoney', () => {
  afterEach(async () => {
    await loadLanguage('es');
  });

  it('writes cents of a currency the way the interface language writes money', async () => {
    expect(formatMoney(499, 'USD')).toMatch(/^4,99\s?US\$$/);
    expect(formatMoney(100, 'EUR')).toMatch(/^1,00\s?€$/);
    await loadLanguage('en');
    expect(formatMoney(499, 'USD')).toBe('$4.99');
    expect(formatMoney(49_999, 'USD')).toBe('$499.99');
  });

  it('still shows the amount with an unknown currency code', () => {
    expect(formatMoney(250, 'ZZZZ')).toMatch(/^2,50 ZZZZ$/);
  });
});
