import { createHmac, randomBytes } from 'node:crypto';
import { signerFactory } from '@fastify/cookie';
import type { Clock } from './clock.js';

/** The cookie that marks a browser where an account signed in (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'wag_device';
/** Only the login call needs it, so no other request carries it. */
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const FORMAT = 'd1';

export interface TrustedDevices {
  /** A signed cookie value for the account on this device: a new device id, or the same one renewed. */
  issue(userId: string, deviceId: string | null): { value: string; deviceId: string };
  /** The device id of a cookie signed here, for this account and not expired; otherwise null. */
  read(cookie: string | undefined, userId: string): string | null;
}

/**
 * Trusted-device cookies: `d1.<account>.<device>.<expiry>` signed with a key derived from the app
 * secret (so nothing else signed with that secret can pass for one). The expiry sits inside the signed
 * value: a browser that keeps a cookie past its Max-Age gains nothing.
 */
export function createTrustedDevices({ secret, clock }: { secret: string | undefined; clock: Clock }): TrustedDevices {
  const key = createHmac('sha256', secret && secret.length >= 16 ? secret : randomBytes(32)).update('wag trusted-device cookie').digest();
  const signer = signerFactory(key);
  return {
    issue(userId, deviceId) {
      const id = deviceId ?? randomBytes(16).toString('base64url');
      const expires = Math.floor(clock.now().getTime() / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS;
      return { value: signer.sign(`${FORMAT}.${userId}.${id}.${expires}`), deviceId: id };
    },
    read(cookie, userId) {
      if (!cookie || cookie.length > 300) return null;
      const { valid, value } = signer.unsign(cookie);
      if (!valid || !value) return null;
      const [format, owner, deviceId, expires, ...rest] = value.split('.');
      if (format !== FORMAT || rest.length > 0 || owner !== userId || !deviceId || !/^\d{1,12}$/.test(expires ?? '')) return null;
      return Number(expires) * 1000 > clock.now().getTime() ? deviceId : null;
    },
  };
}
