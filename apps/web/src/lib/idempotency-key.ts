/**
 * A fresh key for one write the person asked for (a send, an upload), reused by its retries: 16
 * random bytes as 32 hex digits (getRandomValues, which plain-http addresses have, unlike randomUUID).
 */
export function newIdempotencyKey(random: (length: number) => Uint8Array = (length) => crypto.getRandomValues(new Uint8Array(length))): string {
  return Array.from(random(16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
