import { hash } from '@node-rs/argon2';
import { EMAIL_PATTERN, usernameProblem } from '@wag/contract/account-rules';
import {
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  type PersonalInfoBody,
  type PersonalInfoResponse,
  type PersonalInfoUpdateResponse,
  type ProfileDetailsBody,
  type ProfileDetailsResponse,
  type UsernameCheckResponse,
} from '@wag/contract/profiles';
import type { ChangePasswordBody } from '@wag/contract/account-security';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { ConflictError, UnauthorizedError, ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { passwordRuleMessage } from '../lib/password-rules.js';
import { isUniqueViolation, type UsersRepository } from '../repositories/users.repository.js';
import type { Viewer } from './auth.service.js';
import type { EmailConfirmationService } from './email-confirmation.service.js';
import { createPasswordCheck } from './password-check.js';
import type { RateLimitService } from './rate-limit.service.js';

const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,24}$/;

/** Trimmed text, null when empty; undefined (leave as it is) when the field was not sent. */
function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

function checkFullName(fullName: string | null | undefined): void {
  if (fullName && fullName.length > FULL_NAME_MAX_LENGTH) throw new ValidationError(messages.fullNameTooLong);
}

/** The Spanish message for a username that breaks a rule, or null when it is well formed. */
function usernameRuleMessage(username: string): string | null {
  const problem = usernameProblem(username);
  if (problem === 'missing') return messages.usernameMissing;
  if (problem === 'format') return messages.usernameFormat;
  if (problem === 'reserved') return messages.usernameReserved;
  return null;
}

export interface AccountServiceDeps {
  users: UsersRepository;
  clock: Clock;
  rateLimits: RateLimitService;
  /** Wrong current passwords are limited like failed logins: a stolen session must not become a way to guess. */
  throttle: Config['loginThrottle'];
  emailConfirmation: EmailConfirmationService;
}

export function createAccountService({ users, clock, rateLimits, throttle, emailConfirmation }: AccountServiceDeps) {
  const confirmPassword = createPasswordCheck({ users, rateLimits, throttle });

  return {
    /**
     * PUT /api/account/password: the current password (checked and throttled like a login), a new one
     * that keeps the registration rules and differs from it; every other session ends.
     */
    async changePassword(viewer: Viewer, body: ChangePasswordBody): Promise<{ success: true; message: string }> {
      const next = body.newPassword ?? '';
      if (!next) throw new ValidationError(messages.newPasswordMissing);
      const problem = passwordRuleMessage(next);
      if (problem) throw new ValidationError(problem);
      await confirmPassword(viewer, body.currentPassword);
      if (next === body.currentPassword) throw new ValidationError(messages.newPasswordSame);
      await users.setPasswordHash(viewer.userId, await hash(next), clock.now(), viewer.sessionId);
      return { success: true, message: messages.passwordChanged };
    },

    /** Name and bio of the viewer's own profile; nothing else in the body is read. */
    async updateProfileDetails(viewer: Viewer, body: ProfileDetailsBody): Promise<ProfileDetailsResponse> {
      const fullName = optionalText(body.fullName);
      const bio = optionalText(body.bio);
      checkFullName(fullName);
      if (bio && bio.length > BIO_MAX_LENGTH) throw new ValidationError(messages.bioTooLong);
      const saved = await users.updateProfileDetails(viewer.userId, { fullName, bio }, clock.now());
      return { success: true, message: messages.profileSaved, user: { fullName: saved.full_name, bio: saved.bio } };
    },

    async personalInfo(viewer: Viewer): Promise<PersonalInfoResponse> {
      const row = await users.findPersonalInfo(viewer.userId);
      if (!row) throw new UnauthorizedError(messages.unauthorized);
      return {
        success: true,
        full_name: row.full_name,
        username: row.username,
        email: row.email,
        email_confirmed: row.email_confirmed_at !== null,
        pending_email: await emailConfirmation.pendingEmail(viewer.userId),
        phone: row.phone,
        birth_date: row.birth_date,
      };
    },

    /**
     * Name, username, email and phone, each checked like at registration. Profiles, lists and
     * mentions look people up by username when asked, so a new name holds everywhere at once and the
     * old one stops answering. A new email needs the current password and takes effect only once
     * confirmed from a link sent to it (then every other session ends); the old address is told.
     * The birth date is fixed at registration: the same date is accepted (the form sends it back),
     * another one is refused.
     */
    async updatePersonalInfo(viewer: Viewer, body: PersonalInfoBody, ip: string | null = null): Promise<PersonalInfoUpdateResponse> {
      const current = await users.findPersonalInfo(viewer.userId);
      if (!current) throw new UnauthorizedError(messages.unauthorized);
      const fullName = optionalText(body.fullName);
      checkFullName(fullName);
      const username = body.username === undefined ? undefined : body.username.trim();
      if (username !== undefined) {
        const problem = usernameRuleMessage(username);
        if (problem) throw new ValidationError(problem);
      }
      const email = body.email === undefined ? undefined : body.email.trim();
      if (email !== undefined) {
        if (!email) throw new ValidationError(messages.emailMissing);
        if (!EMAIL_PATTERN.test(email) || email.length > 254) throw new ValidationError(messages.emailInvalid);
      }
      const phone = optionalText(body.phone);
      if (phone && !PHONE_PATTERN.test(phone)) throw new ValidationError(messages.phoneInvalid);
      if (body.dob !== undefined && body.dob.trim().slice(0, 10) !== current.birth_date) {
        throw new ValidationError(messages.birthDateFixed);
      }
      const emailChanges = email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
      // Before telling whether an email is taken: a session alone must not learn which emails have accounts.
      if (emailChanges) await confirmPassword(viewer, body.currentPassword);
      if (username !== undefined && (await users.usernameTakenByOther(username, viewer.userId))) {
        throw new ConflictError(messages.usernameTaken);
      }
      if (emailChanges && (await users.emailTakenByOther(email, viewer.userId))) {
        throw new ConflictError(messages.emailTaken);
      }
      // Mail goes to an address of the session's choosing: limited before anything is saved.
      if (emailChanges) await rateLimits.take('emailConfirmation', { userId: viewer.userId, ip });
      try {
        // A change of case only ("Ana@x" for "ana@x") is the same mailbox: saved as typed, nothing to confirm.
        const sameMailbox = email !== undefined && !emailChanges && email !== current.email;
        const saved = await users.updatePersonalInfo(viewer.userId, { fullName, username, email: sameMailbox ? email : undefined, phone }, clock.now());
        if (emailChanges) {
          await emailConfirmation.requestChange({ ...viewer, username: saved.username }, current.email, email);
          return { success: true, message: messages.emailChangePending, username: saved.username, pendingEmail: email };
        }
        return { success: true, message: messages.personalInfoSaved, username: saved.username, pendingEmail: null };
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_lower')) throw new ConflictError(messages.usernameTaken);
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError(messages.emailTaken);
        throw error;
      }
    },

    /** Whether a username could be taken by the viewer (their own current name counts as free). */
    async checkUsername(username: string, viewer: Viewer | null): Promise<UsernameCheckResponse> {
      const wanted = username.trim();
      const problem = usernameRuleMessage(wanted);
      if (problem) return { available: false, message: problem };
      if (await users.usernameTakenByOther(wanted, viewer?.userId ?? null)) return { available: false, message: messages.usernameTaken };
      return { available: true, message: null };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
