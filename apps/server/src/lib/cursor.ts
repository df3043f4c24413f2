import { ValidationError } from './errors.js';
import { messages } from './messages.js';
import { isUuid } from './uuid.js';

/**
 * Opaque keyset cursors: the sort key of the last row of a page (e.g. its timestamp as PostgreSQL
 * printed it, to keep microseconds, and its id), base64url-encoded JSON.
 */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The parts of a cursor, or a 400 when it was not made by encodeCursor with that many parts. */
export function decodeCursor(raw: string, arity: number): string[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parts) && parts.length === arity && parts.every((part) => typeof part === 'string' && part.length <= 100)) {
      return parts as string[];
    }
  } catch {
    // Falls through to the error below.
  }
  throw new ValidationError(messages.badCursor);
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::?(\d{2}))?|Z)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * Whether a cursor part is a timestamp as PostgreSQL prints it, naming a real instant PostgreSQL
 * accepts: a calendar date from year 1, a time of day up to 23:59:59, an offset within ±15:59.
 * Checked before it reaches SQL, where an impossible date is an error rather than no rows.
 */
export function isCursorTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/** A cursor whose first part is a timestamp and second a uuid, checked before it reaches SQL. */
export function decodeTimeCursor(raw: string): { at: string; id: string } {
  const [at, id] = decodeCursor(raw, 2) as [string, string];
  if (!isCursorTimestamp(at) || !isUuid(id)) throw new ValidationError(messages.badCursor);
  return { at, id };
}
