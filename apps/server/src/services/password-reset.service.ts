import { hash } from '@node-rs/argon2';
import { EMAIL_PATTERN } from '@wag/contract/account-rules';
import type { Clock } from '../lib/clock.js';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { passwordRuleMessage } from '../lib/password-rules.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import type { PasswordResetsRepository } from '../repositories/password-resets.repository.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { RateLimitService } from './rate-limit.service.js';

const LINK_LIFETIME_MS = 60 * 60 * 1000;

export interface PasswordResetServiceDeps {
  users: UsersRepository;
  resets: PasswordResetsRepository;
  uow: UnitOfWork;
  rateLimits: RateLimitService;
  clock: Clock;
  /** config.publicUrl: where the link in the mail leads. */
  publicUrl: string;
  /** Wakes the job worker after a mail was queued. */
  jobsQueued: () => void;
}

/**
 * '¿Olvidaste tu contraseña?': a single-use link valid an hour, by email. Asking answers the same
 * whether the address has an account or not; using the link ends every session of the account.
 */
export function createPasswordResetService({ users, resets, uow, rateLimits, clock, publicUrl, jobsQueued }: PasswordResetServiceDeps) {
  return {
    async forgot(rawEmail: string | undefined, ip: string | null): Promise<{ success: true; message: string }> {
      const email = (rawEmail ?? '').trim().toLowerCase();
      if (!email) throw new ValidationError(messages.emailMissing);
      if (!EMAIL_PATTERN.test(email) || email.length > 254) throw new ValidationError(messages.emailInvalid);
      // Counted per address asked for whether it has an account or not, so the limit tells nothing either.
      await rateLimits.take('passwordReset', { userId: `email:${email}`, ip });
      const user = await users.findByEmail(email);
      if (user) {
        const token = newSessionToken();
        const now = clock.now();
        await uow.run(async (r) => {
          await r.passwordResets.create({ userId: user.id, tokenHash: hashToken(token), at: now, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS) });
          const language = await r.preferences.languageOf(user.id);
          await r.jobs.enqueue({
            name: 'mail.send',
            data: { message: { kind: 'password-reset', to: user.email, username: user.username, link: `${publicUrl}/reset-password?token=${token}`, language } },
          });
        });
        jobsQueued();
      }
      return { success: true, message: messages.passwordResetSent };
    },

    async reset(token: string | undefined, password: string | undefined): Promise<{ success: true; message: string }> {
      if (!password) throw new ValidationError(messages.newPasswordMissing);
      const problem = passwordRuleMessage(password);
      if (problem) throw new ValidationError(problem);
      if (!token || token.length > 200) throw new ValidationError(messages.passwordResetLinkInvalid);
      const passwordHash = await hash(password);
      const now = clock.now();
      const userId = await resets.consume(hashToken(token), now);
      if (!userId) throw new ValidationError(messages.passwordResetLinkInvalid);
      await users.setPasswordHash(userId, passwordHash, now, null);
      return { success: true, message: messages.passwordResetDone };
    },
  };
}
