import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';
import { isRestrictedKey } from '../media/storage.js';

/** How long a grant lasts at least; URLs are stable within a window so browsers can cache them. */
const WINDOW_SECONDS = 60 * 60;

export interface MediaGrants {
  /**
   * The URL of a stored file for a viewer already allowed to see it: public media as its plain path,
   * restricted media (`r/…`) with an expiry and a signature.
   */
  fileUrl(key: string | null | undefined): string | null;
  /** Whether a request for a restricted file carries a valid, unexpired grant. */
  verify(pathname: string, exp: string | undefined, sig: string | undefined): boolean;
}

/**
 * Short-lived grants for restricted media (decisions.md §3): an HMAC of the path and an expiry time.
 * The expiry is rounded up to the end of the next hour window, so a page shows the same URL for a while.
 */
export function createMediaGrants({ secret, clock }: { secret?: string; clock: Clock }): MediaGrants {
  const key = secret && secret.length >= 16 ? Buffer.from(secret) : randomBytes(32);
  const sign = (pathname: string, exp: number) => createHmac('sha256', key).update(`${pathname}\n${exp}`).digest('base64url');

  return {
    fileUrl(fileKey) {
      if (!fileKey) return null;
      const pathname = `/media/${fileKey}`;
      if (!isRestrictedKey(fileKey)) return pathname;
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = (Math.floor(now / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return `${pathname}?exp=${exp}&sig=${sign(pathname, exp)}`;
    },
    verify(pathname, exp, sig) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expiry = Number(exp);
      if (expiry * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(pathname, expiry));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
