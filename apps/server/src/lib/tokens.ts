import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Reads a token as the web client may send it: with or without `Bearer `, with or without
 * surrounding quotes (docs/product.md §3, browser storage keys).
 */
export function normalizeToken(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let token = raw.trim();
  if (/^bearer\s+/i.test(token)) token = token.replace(/^bearer\s+/i, '').trim();
  token = token.replace(/^["']+|["']+$/g, '').trim();
  if (/^bearer\s+/i.test(token)) token = token.replace(/^bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}
