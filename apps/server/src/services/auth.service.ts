import { hash, verify } from '@node-rs/argon2';
import {
  birthDateProblem,
  EMAIL_PATTERN,
  usernameProblem,
  type LoginBody,
  type RegisterBody,
} from '@wag/contract/auth';
import type { Language } from '@wag/contract/preferences-rules';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError, ValidationError, ConflictError } from '../lib/errors.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/language.js';
import { messages } from '../lib/messages.js';
import { passwordRuleMessage } from '../lib/password-rules.js';
import type { TwoFactorRepository } from '../repositories/two-factor.repository.js';
import type { MailContent } from '../mail/mail-messages.js';
import { deviceOf, placeOf } from '../lib/session-device.js';
import type { SecondFactor, TwoFactorService } from './two-factor.service.js';
import type { EmailConfirmationService } from './email-confirmation.service.js';
import type { PreferencesRepository } from '../repositories/preferences.repository.js';
import { hashToken, newSessionToken, normalizeToken } from '../lib/tokens.js';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, type TrustedDevices } from '../lib/trusted-devices.js';
import type { LoginIpsRepository } from '../repositories/login-ips.repository.js';
import type { SessionsRepository } from '../repositories/sessions.repository.js';
import { isUniqueViolation, type UsersRepository } from '../repositories/users.repository.js';
import type { LimitCheck, RateLimitService } from './rate-limit.service.js';

export interface Viewer {
  userId: string;
  username: string;
  sessionId: string;
  /** The language the person chose in their preferences; null when they never chose one. */
  language: Language | null;
}

/** A sign-in that succeeded: the session token and the trusted-device cookie to set. */
export interface SignedIn {
  token: string;
  username: string;
  deviceCookie: { value: string; maxAgeSeconds: number };
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** An address an account signed in from stays the owner's for this long after the last sign-in there. */
const KNOWN_IP_MS = 90 * 24 * 60 * 60 * 1000;

// Compared against when the email is unknown, so a miss costs as long as a wrong password.
const dummyHash = hash('wag-timing-equaliser');

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  loginIps: LoginIpsRepository;
  rateLimits: RateLimitService;
  devices: TrustedDevices;
  clock: Clock;
  throttle: Config['loginThrottle'];
  /** Login challenges of accounts with two-factor on. */
  twoFactor: TwoFactorRepository;
  /** Checks and uses up a code or recovery code (services/two-factor.service.ts). */
  secondFactor: Pick<TwoFactorService, 'verify'>;
  /** Tells the account's address of a sign-in from a device and address it had not used. */
  /** Queues a mail to an account, in its language. */
  queueMail: (recipientId: string, message: MailContent) => Promise<void>;
  /** Sends a new account the link confirming its address. */
  emailConfirmation: Pick<EmailConfirmationService, 'afterRegistration'>;
  /** Keeps the language a new account registered in. */
  preferences: Pick<PreferencesRepository, 'update'>;
}

/** How long the step between a right password and the code may take. */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/** The account as users.findById reads it (GET /api/me). */
type Account = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;

export function createAuthService({ users, sessions, loginIps, rateLimits, devices, clock, throttle, twoFactor, secondFactor, queueMail, emailConfirmation, preferences }: AuthServiceDeps) {
  /** The account read with the session by `authenticate`, for `me` in the same request: no second query. */
  const accountOfViewer = new WeakMap<Viewer, Account>();

  function validateRegistration(body: RegisterBody) {
    const username = (body.username ?? '').trim();
    const email = (body.email ?? '').trim();
    const password = body.password ?? '';
    const birthDate = (body.birth_date ?? '').trim();

    const usernameIssue = usernameProblem(username);
    if (usernameIssue === 'missing') throw new ValidationError(messages.usernameMissing);
    if (usernameIssue === 'format') throw new ValidationError(messages.usernameFormat);
    if (usernameIssue === 'reserved') throw new ValidationError(messages.usernameReserved);
    if (!email) throw new ValidationError(messages.emailMissing);
    if (!EMAIL_PATTERN.test(email) || email.length > 254) throw new ValidationError(messages.emailInvalid);
    if (!password) throw new ValidationError(messages.passwordMissing);
    const passwordIssue = passwordRuleMessage(password);
    if (passwordIssue) throw new ValidationError(passwordIssue);
    const birthIssue = birthDateProblem(birthDate, clock.now());
    if (birthIssue === 'missing') throw new ValidationError(messages.birthDateMissing);
    if (birthIssue === 'invalid') throw new ValidationError(messages.birthDateInvalid);
    if (birthIssue === 'underage') throw new ValidationError(messages.birthDateUnderage);
    return { username, email, password, birthDate };
  }

  /**
   * Which failure counters judge a login (OWASP's device-cookie scheme), so that strangers' failures
   * never lock the owner out: a browser holding a valid device cookie for the account counts only its
   * own failures; an address the account signed in from before counts its own failures for that
   * account; anyone else shares the account-wide counter (the lockout that stops guessing) and the
   * counter of their address (which stops one address trying many accounts).
   */
  async function loginCounters(emailKey: string, userId: string | null, deviceId: string | null, ip: string | null): Promise<LimitCheck[]> {
    const perAccount = { max: throttle.maxPerAccount, windowMs: throttle.windowMs };
    if (userId && deviceId) return [{ key: `login:device:${userId}:${deviceId}`, ...perAccount }];
    if (userId && ip && (await loginIps.isKnown(userId, ip, new Date(clock.now().getTime() - KNOWN_IP_MS)))) {
      return [{ key: `login:account-ip:${userId}:${ip}`, ...perAccount }];
    }
    const checks: LimitCheck[] = [{ key: `login:account:${emailKey}`, ...perAccount }];
    if (ip) checks.push({ key: `login:ip:${ip}`, max: throttle.maxPerIp, windowMs: throttle.windowMs });
    return checks;
  }

  /**
   * The account of an email and password, or a failure counted. The attempt is counted before the
   * password is checked (one atomic statement for all its counters), so simultaneous guesses cannot
   * all slip under the limit; a right password gives its count back. Login and a suspended account's
   * appeal (services/moderation.service.ts) both check credentials here, against the same counters.
   */
  async function checkCredentials(body: LoginBody, client: ClientInfo, deviceCookie?: string) {
    const email = (body.email ?? '').trim();
    const password = body.password ?? '';
    if (!email || !password) throw new ValidationError(messages.loginMissing);

    const user = await users.findByEmail(email);
    const deviceId = user ? devices.read(deviceCookie, user.id) : null;
    const counters = await loginCounters(email.toLowerCase(), user?.id ?? null, deviceId, client.ip);
    const reservation = await rateLimits.reserve(counters);
    if (!reservation.allowed) throw new TooManyRequestsError(messages.loginThrottled, reservation.retryAfterSeconds);

    const valid = user
      ? await verify(user.password_hash, password).catch(() => false)
      : await verify(await dummyHash, password).then(() => false);
    // A failure keeps its count: it was reserved above.
    if (!user || !valid) throw new UnauthorizedError(messages.loginWrong);
    await rateLimits.giveBack(reservation.hits);
    return { user, deviceId };
  }

  /** Whether an account is suspended now (docs/product-decisions.md §9). */
  const suspendedNow = (until: Date | null): until is Date => until !== null && new Date(until).getTime() > clock.now().getTime();

  /** Only the right credentials learn of a suspension (and how to appeal it: POST /api/appeals/suspension). */
  function refuseSuspended(user: { suspended_until: Date | null }): void {
    if (suspendedNow(user.suspended_until)) throw new ForbiddenError(messages.accountSuspended(user.suspended_until));
  }

  /** A new session for an account whose credentials (and second factor) were right, and the renewed device cookie. */
  async function startSession(user: { id: string; username: string; email: string }, client: ClientInfo, deviceId: string | null): Promise<SignedIn> {
    const now = clock.now();
    // A browser without the account's device cookie, from an address it has not signed in from lately,
    // on an account that has signed in before: the owner hears of it by email.
    const known = deviceId !== null || (client.ip !== null && (await loginIps.isKnown(user.id, client.ip, new Date(now.getTime() - KNOWN_IP_MS))));
    const unfamiliar = !known && (await loginIps.hasAny(user.id));
    if (client.ip) await loginIps.remember(user.id, client.ip, now);
    if (unfamiliar) {
      await queueMail(user.id, {
        kind: 'new-sign-in',
        to: user.email,
        username: user.username,
        device: deviceOf(client.userAgent),
        location: await placeOf(client.ip),
        at: now.toISOString(),
      });
    }
    const token = newSessionToken();
    await sessions.insert({ userId: user.id, tokenHash: hashToken(token), userAgent: client.userAgent?.slice(0, 512) ?? null, ip: client.ip, now });
    const device = devices.issue(user.id, deviceId);
    return { token, username: user.username, deviceCookie: { value: device.value, maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS } };
  }

  return {
    checkCredentials,

    /** A new account; `language` is the one the person registered in (the request's), kept as their choice. */
    async register(body: RegisterBody, language: Language = DEFAULT_LANGUAGE) {
      const input = validateRegistration(body);
      if (await users.usernameTaken(input.username)) throw new ConflictError(messages.usernameTaken);
      if (await users.emailTaken(input.email)) throw new ConflictError(messages.emailTaken);
      const passwordHash = await hash(input.password);
      let user;
      try {
        user = await users.insert({
          username: input.username,
          email: input.email,
          passwordHash,
          birthDate: input.birthDate,
        });
      } catch (error) {
        // Two registrations racing for one name or email: the unique index decides.
        if (isUniqueViolation(error, 'users_username_lower')) throw new ConflictError(messages.usernameTaken);
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError(messages.emailTaken);
        throw error;
      }
      if (language !== DEFAULT_LANGUAGE) await preferences.update(user.id, (current) => ({ ...current, language }), clock.now());
      // The account works at once; the web app asks to confirm the address until the link is opened.
      await emailConfirmation.afterRegistration(user);
      return { username: user.username };
    },

    /**
     * Signs in, or counts a failure (checkCredentials). `deviceCookie` is the trusted-device cookie
     * the browser sent, if any; the answer carries the renewed one. A suspended account is refused
     * with a 403 saying until when.
     */
    async login(body: LoginBody, client: ClientInfo, deviceCookie?: string): Promise<SignedIn | { twoFactorRequired: true; challenge: string }> {
      const { user, deviceId } = await checkCredentials(body, client, deviceCookie);
      refuseSuspended(user);
      if (user.totp_enabled_at) {
        // The password was right; the session waits for the code (POST /api/login/2fa).
        const challenge = newSessionToken();
        const now = clock.now();
        await twoFactor.createChallenge({ tokenHash: hashToken(challenge), userId: user.id, deviceId, now, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) });
        return { twoFactorRequired: true, challenge };
      }
      return startSession(user, client, deviceId);
    },

    /** The second step: the challenge of a right password and a code (or a recovery code), each usable once. */
    async loginTwoFactor(body: { challenge?: string } & SecondFactor, client: ClientInfo): Promise<SignedIn> {
      const tokenHash = hashToken(body.challenge ?? '');
      const open = body.challenge ? await twoFactor.openChallenge(tokenHash, clock.now()) : undefined;
      if (!open) throw new UnauthorizedError(messages.twoFactorChallengeExpired);
      await secondFactor.verify(open.user_id, body);
      if (!(await twoFactor.closeChallenge(tokenHash, clock.now()))) throw new UnauthorizedError(messages.twoFactorChallengeExpired);
      const user = await users.findForSignIn(open.user_id);
      if (!user) throw new UnauthorizedError(messages.twoFactorChallengeExpired);
      refuseSuspended(user);
      return startSession(user, client, open.device_id);
    },

    /** The viewer a token belongs to, or null for a guest, a bad token or an ended session. */
    async authenticate(rawToken: string | undefined, client: ClientInfo): Promise<Viewer | null> {
      const token = normalizeToken(rawToken);
      if (!token) return null;
      const session = await sessions.findByTokenHash(hashToken(token));
      if (!session) return null;
      const now = clock.now();
      if (now.getTime() - new Date(session.lastSeenAt).getTime() > TOUCH_INTERVAL_MS) {
        await sessions.touch(session.sessionId, now, client.ip);
      }
      const viewer: Viewer = { userId: session.userId, username: session.username, sessionId: session.sessionId, language: isLanguage(session.language) ? session.language : null };
      accountOfViewer.set(viewer, {
        id: session.userId,
        username: session.username,
        email: session.email,
        email_confirmed_at: session.emailConfirmedAt,
        full_name: session.fullName,
        avatar_key: session.avatarKey,
        is_verified: session.isVerified,
        role: session.role,
        deleted_at: session.deletedAt,
      });
      return viewer;
    },

    async logout(viewer: Viewer): Promise<void> {
      await sessions.deleteById(viewer.sessionId);
    },

    async me(viewer: Viewer): Promise<Account> {
      const user = accountOfViewer.get(viewer) ?? (await users.findById(viewer.userId));
      if (!user) throw new UnauthorizedError(messages.unauthorized);
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
