import type { Clock } from '../lib/clock.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import type { MailContent } from '../mail/mail-messages.js';
import type { EmailConfirmationsRepository } from '../repositories/email-confirmations.repository.js';
import { isUniqueViolation, type UsersRepository } from '../repositories/users.repository.js';
import type { Viewer } from './auth.service.js';
import type { RateLimitService } from './rate-limit.service.js';

/** A confirmation link works for a day: long enough to find the mail the next morning. */
export const EMAIL_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface EmailConfirmationServiceDeps {
  users: UsersRepository;
  confirmations: EmailConfirmationsRepository;
  rateLimits: RateLimitService;
  clock: Clock;
  /** config.publicUrl: where the link in the mail leads. */
  publicUrl: string;
  /** Queues a mail to an account, in its language. */
  queueMail: (recipientId: string, message: MailContent) => Promise<void>;
}

/**
 * Addresses confirmed from a link sent to them: the registration's, and a new one asked for from the
 * account, which replaces the old one only once confirmed (the old one is told when it is asked for
 * and when it happens). A new password cancels a change still waiting (users.setPasswordHash).
 */
export function createEmailConfirmationService({ users, confirmations, rateLimits, clock, publicUrl, queueMail }: EmailConfirmationServiceDeps) {
  /** Makes a link for `email` and mails it there. */
  async function sendLink(user: { id: string; username: string }, email: string, purpose: 'registration' | 'change', sessionId: string | null) {
    const token = newSessionToken();
    const now = clock.now();
    await confirmations.create({
      userId: user.id,
      email,
      sessionId,
      tokenHash: hashToken(token),
      at: now,
      expiresAt: new Date(now.getTime() + EMAIL_LINK_LIFETIME_MS),
    });
    await queueMail(user.id, { kind: 'email-confirm', to: email, username: user.username, purpose, link: `${publicUrl}/confirm-email?token=${token}` });
  }

  return {
    /** The link for the address a new account registered with. */
    async afterRegistration(user: { id: string; username: string; email: string }): Promise<void> {
      await sendLink(user, user.email, 'registration', null);
    },

    /**
     * A change of address asked for (the current password checked and the 'emailConfirmation' limit
     * taken by the caller): the link goes to the new address, the old one hears of it.
     */
    async requestChange(viewer: Viewer, oldEmail: string, newEmail: string): Promise<void> {
      await sendLink({ id: viewer.userId, username: viewer.username }, newEmail, 'change', viewer.sessionId);
      await queueMail(viewer.userId, { kind: 'email-change-requested', to: oldEmail, username: viewer.username, newEmail, at: clock.now().toISOString() });
    },

    /** A new link: for the change waiting, else for the current address if it is not confirmed yet. */
    async resend(viewer: Viewer, ip: string | null): Promise<{ success: true; message: string }> {
      const now = clock.now();
      const user = await users.findPersonalInfo(viewer.userId);
      if (!user) throw new UnauthorizedError(messages.unauthorized);
      const pending = await confirmations.pendingChange(viewer.userId, now);
      if (!pending && user.email_confirmed_at) throw new ConflictError(messages.emailAlreadyConfirmed);
      await rateLimits.take('emailConfirmation', { userId: viewer.userId, ip });
      const email = pending?.email ?? user.email;
      await sendLink({ id: viewer.userId, username: user.username }, email, pending ? 'change' : 'registration', pending?.session_id ?? null);
      return { success: true, message: messages.emailConfirmationSent };
    },

    /** The link opened: its address becomes the account's, confirmed. Needs no session (the token is the proof). */
    async confirm(token: string | undefined): Promise<{ success: true; message: string; email: string }> {
      if (!token || token.length > 200) throw new ValidationError(messages.emailConfirmLinkInvalid);
      const now = clock.now();
      const link = await confirmations.consume(hashToken(token), now);
      if (!link) throw new ValidationError(messages.emailConfirmLinkInvalid);
      let result;
      try {
        result = await users.confirmEmail(link.user_id, link.email, now, link.session_id);
      } catch (error) {
        // Someone else registered or confirmed this address meanwhile.
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError(messages.emailTaken);
        throw error;
      }
      if (!result) throw new ValidationError(messages.emailConfirmLinkInvalid);
      if (result.previous.toLowerCase() !== link.email.toLowerCase()) {
        await queueMail(link.user_id, { kind: 'email-changed', to: result.previous, username: result.username, newEmail: link.email, at: now.toISOString() });
      }
      return { success: true, message: messages.emailConfirmed, email: link.email };
    },

    /** The address waiting for confirmation, if any (personal information shows it). */
    async pendingEmail(userId: string): Promise<string | null> {
      return (await confirmations.pendingChange(userId, clock.now()))?.email ?? null;
    },
  };
}

export type EmailConfirmationService = ReturnType<typeof createEmailConfirmationService>;
