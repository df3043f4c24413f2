import { verify } from '@node-rs/argon2';
import type { Config } from '../config.js';
import { ForbiddenError, TooManyRequestsError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { Viewer } from './auth.service.js';
import type { RateLimitService } from './rate-limit.service.js';

/**
 * Confirms the signed-in person's current password before a sensitive change (a new email, a new
 * password, turning two-factor off). Each attempt is counted per account before the check, like a
 * login, so a stolen session is no way to guess the password; a right one gives its count back.
 */
export function createPasswordCheck({ users, rateLimits, throttle }: { users: UsersRepository; rateLimits: RateLimitService; throttle: Config['loginThrottle'] }) {
  return async function confirmPassword(viewer: Viewer, password: string | undefined): Promise<void> {
    if (!password) throw new ValidationError(messages.currentPasswordRequired);
    const reservation = await rateLimits.reserve([{ key: `password-check:${viewer.userId}`, max: throttle.maxPerAccount, windowMs: throttle.windowMs }]);
    if (!reservation.allowed) throw new TooManyRequestsError(messages.passwordChecksThrottled, reservation.retryAfterSeconds);
    const hash = await users.findPasswordHash(viewer.userId);
    const valid = hash ? await verify(hash, password).catch(() => false) : false;
    if (!valid) throw new ForbiddenError(messages.currentPasswordWrong);
    await rateLimits.giveBack(reservation.hits);
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
