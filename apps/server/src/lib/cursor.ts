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

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** Whether a cursor part is a timestamp as PostgreSQL prints it (checked before it reaches SQL). */
export function isCursorTimestamp(value: string): boolean {
  return TIMESTAMP.test(value);
}

/** A cursor whose first part is a timestamp and second a uuid, checked before it reaches SQL. */
export function decodeTimeCursor(raw: string): { at: string; id: string } {
  const [at, id] = decodeCursor(raw, 2) as [string, string];
  if (!isCursorTimestamp(at) || !isUuid(id)) throw new ValidationError(messages.badCursor);
  return { at, id };
}
