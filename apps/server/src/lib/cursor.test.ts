import { describe, expect, it } from 'vitest';
import { decodeTimeCursor, encodeCursor, isCursorTimestamp } from './cursor.js';

describe('isCursorTimestamp', () => {
  it('takes timestamps as PostgreSQL prints them', () => {
    for (const value of ['2026-11-22 12:00:00+00', '2026-11-22 12:00:00.123456+00', '2026-11-22 12:00:00+05:30', '2026-11-22 12:00:00-0330', '2026-11-22T12:00:00Z', '2026-11-22 12:00:00']) {
      expect(isCursorTimestamp(value), value).toBe(true);
    }
  });

  it('takes only real calendar dates and times', () => {
    expect(isCursorTimestamp('2024-02-29 00:00:00+00')).toBe(true);
    expect(isCursorTimestamp('2000-02-29 00:00:00+00')).toBe(true);
    for (const value of ['2026-02-29 00:00:00+00', '1900-02-29 00:00:00+00', '2026-04-31 00:00:00+00', '2026-00-10 00:00:00+00', '2026-13-10 00:00:00+00', '2026-01-00 00:00:00+00']) {
      expect(isCursorTimestamp(value), value).toBe(false);
    }
    for (const value of ['2026-11-22 24:00:00+00', '2026-11-22 12:60:00+00', '2026-11-22 12:00:60+00', '2020-99-99T99:99:99Z']) {
      expect(isCursorTimestamp(value), value).toBe(false);
    }
  });

  it('takes only what PostgreSQL accepts: from year 1, offsets within ±15:59', () => {
    expect(isCursorTimestamp('0001-01-01 00:00:00+15:59')).toBe(true);
    expect(isCursorTimestamp('9999-12-31 23:59:59-15')).toBe(true);
    for (const value of ['0000-01-01 00:00:00+00', '2026-11-22 12:00:00+16', '2026-11-22 12:00:00+05:60', '2026-11-22 12:00:00.1234567+00']) {
      expect(isCursorTimestamp(value), value).toBe(false);
    }
  });
});

describe('decodeTimeCursor', () => {
  it('gives back what encodeCursor made and refuses an impossible date', () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f66afe';
    expect(decodeTimeCursor(encodeCursor(['2026-11-22 12:00:00.5+00', id]))).toEqual({ at: '2026-11-22 12:00:00.5+00', id });
    expect(() => decodeTimeCursor(encodeCursor(['2020-99-99T99:99:99Z', id]))).toThrow('El cursor de la página no es válido.');
  });
});
