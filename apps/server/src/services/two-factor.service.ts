import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { ConflictError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { createSecretBox, derivedKey, keyedHash } from '../lib/secret-box.js';
import type { MailContent } from '../mail/mail-messages.js';
import type { TwoFactorRepository } from '../repositories/two-factor.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { Viewer } from './auth.service.js';
import type { PasswordCheck } from './password-check.js';
import type { RateLimitService } from './rate-limit.service.js';

const PERIOD_S = 30;
const RECOVERY_CODES = 10;
// No 0/o, 1/l/i: codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoFactorServiceDeps {
  twoFactor: TwoFactorRepository;
  rateLimits: RateLimitService;
  clock: Clock;
  appSecret: string;
  throttle: Config['loginThrottle'];
  confirmPassword: PasswordCheck;
  users: Pick<UsersRepository, 'findById'>;
  /** Tells the account's address that two-factor was turned on or off. */
  /** Queues a mail to an account, in its language. */
  queueMail: (recipientId: string, message: MailContent) => Promise<void>;
}

/** What a person types: a 6-digit code from the app, or one of the recovery codes. */
export interface SecondFactor {
  code?: string | null;
  recoveryCode?: string | null;
}

/** A recovery code as typed: any case, spaces and dashes ignored. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Two-factor sign-in with time-based codes (TOTP, RFC 6238, `otpauth`; QR with `qrcode`): set up,
 * confirmed with a first code, ten single-use recovery codes, and the check a login's second step
 * and turning it off both use. Codes are counted like passwords and a code is never accepted twice.
 */
export function createTwoFactorService({ twoFactor, rateLimits, clock, appSecret, throttle, confirmPassword, users, queueMail }: TwoFactorServiceDeps) {
  const box = createSecretBox(appSecret, 'totp-secret');
  const codeKey = derivedKey(appSecret, 'recovery-codes');

  const totpOf = (base32: string, label: string) => new TOTP({ issuer: 'WAG', label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(base32) });

  /** The time step a code belongs to (one step either way for clock drift), or null when it is wrong. */
  function stepOf(base32: string, code: string): number | null {
    const now = clock.now().getTime();
    const delta = totpOf(base32, '').validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
  }

  async function throttled<T>(userId: string, check: () => Promise<T | null>): Promise<T> {
    const reservation = await rateLimits.reserve([{ key: `second-factor:${userId}`, max: throttle.maxPerAccount, windowMs: throttle.windowMs }]);
    if (!reservation.allowed) throw new TooManyRequestsError(messages.twoFactorThrottled, reservation.retryAfterSeconds);
    const result = await check();
    // A wrong code keeps its count, as a wrong password does.
    if (result === null) throw new UnauthorizedError(messages.twoFactorCodeWrong);
    await rateLimits.giveBack(reservation.hits);
    return result;
  }

  /** Checks a second factor of an account with two-factor on, using it up (a code's step, a recovery code). */
  async function verify(userId: string, factor: SecondFactor): Promise<void> {
    const code = (factor.code ?? '').replace(/\s/g, '');
    const recovery = normalizeRecoveryCode(factor.recoveryCode ?? '');
    if (!code && !recovery) throw new ValidationError(messages.twoFactorCodeMissing);
    const state = await twoFactor.state(userId);
    if (!state?.totp_secret) throw new ConflictError(messages.twoFactorNotOn);
    const secret = box.open(state.totp_secret);
    await throttled(userId, async () => {
      if (recovery) return (await twoFactor.useRecoveryCode(userId, keyedHash(codeKey, recovery), clock.now())) ? true : null;
      if (!/^\d{6}$/.test(code)) return null;
      const step = stepOf(secret, code);
      return step !== null && (await twoFactor.acceptStep(userId, step)) ? true : null;
    });
  }

  async function tellChange(viewer: Viewer, enabled: boolean): Promise<void> {
    const account = await users.findById(viewer.userId);
    if (account) await queueMail(viewer.userId, { kind: 'two-factor-changed', to: account.email, username: account.username, enabled, at: clock.now().toISOString() });
  }

  return {
    verify,

    async status(viewer: Viewer): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const state = await twoFactor.state(viewer.userId);
      const enabled = Boolean(state?.totp_secret);
      return { enabled, recoveryCodesLeft: enabled ? await twoFactor.recoveryCodesLeft(viewer.userId) : 0 };
    },

    /** A new secret to scan (it replaces one set up before but never confirmed). */
    async setup(viewer: Viewer): Promise<{ secret: string; otpauthUrl: string; qrDataUrl: string }> {
      const state = await twoFactor.state(viewer.userId);
      if (state?.totp_secret) throw new ConflictError(messages.twoFactorAlreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      await twoFactor.setPending(viewer.userId, box.seal(secret));
      const otpauthUrl = totpOf(secret, viewer.username).toString();
      return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
    },

    /** The first code turns it on and answers the ten recovery codes, shown once (only keyed hashes are kept). */
    async enable(viewer: Viewer, rawCode: string | undefined): Promise<{ recoveryCodes: string[] }> {
      const code = (rawCode ?? '').replace(/\s/g, '');
      if (!code) throw new ValidationError(messages.twoFactorCodeMissing);
      const state = await twoFactor.state(viewer.userId);
      if (state?.totp_secret) throw new ConflictError(messages.twoFactorAlreadyOn);
      if (!state?.totp_pending_secret) throw new ValidationError(messages.twoFactorSetupFirst);
      const secret = box.open(state.totp_pending_secret);
      const step = await throttled(viewer.userId, async () => (/^\d{6}$/.test(code) ? stepOf(secret, code) : null));
      const codes = Array.from({ length: RECOVERY_CODES }, () => {
        const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
        return `${raw.slice(0, 5)}-${raw.slice(5)}`;
      });
      const turnedOn = await twoFactor.enable(viewer.userId, box.seal(secret), step, codes.map((c) => keyedHash(codeKey, normalizeRecoveryCode(c))), clock.now());
      if (!turnedOn) throw new ConflictError(messages.twoFactorAlreadyOn);
      await tellChange(viewer, true);
      return { recoveryCodes: codes };
    },

    /** Turning it off needs the password and a code (or a recovery code). */
    async disable(viewer: Viewer, body: { password?: string } & SecondFactor): Promise<{ success: true }> {
      await confirmPassword(viewer, body.password);
      await verify(viewer.userId, body);
      await twoFactor.disable(viewer.userId);
      await tellChange(viewer, false);
      return { success: true };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
