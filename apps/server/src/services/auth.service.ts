import { hash, verify } from '@node-rs/argon2';
import {
  birthDateProblem,
  EMAIL_PATTERN,
  passwordProblem,
  usernameProblem,
  type LoginBody,
  type RegisterBody,
} from '@wag/contract/auth';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { TooManyRequestsError, UnauthorizedError, ValidationError, ConflictError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { hashToken, newSessionToken, normalizeToken } from '../lib/tokens.js';
import type { LoginFailuresRepository } from '../repositories/login-failures.repository.js';
import type { SessionsRepository } from '../repositories/sessions.repository.js';
import { isUniqueViolation, type UsersRepository } from '../repositories/users.repository.js';

export interface Viewer {
  userId: string;
  username: string;
  sessionId: string;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** A session's last-seen time is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

// Compared against when the email is unknown, so a miss costs as long as a wrong password.
const dummyHash = hash('wag-timing-equaliser');

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  loginFailures: LoginFailuresRepository;
  clock: Clock;
  throttle: Config['loginThrottle'];
}

export function createAuthService({ users, sessions, loginFailures, clock, throttle }: AuthServiceDeps) {
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
    const passwordIssue = passwordProblem(password);
    if (passwordIssue === 'short') throw new ValidationError(messages.passwordShort);
    if (passwordIssue === 'whitespace') throw new ValidationError(messages.passwordWhitespace);
    if (passwordIssue === 'characters') throw new ValidationError(messages.passwordCharacters);
    const birthIssue = birthDateProblem(birthDate, clock.now());
    if (birthIssue === 'missing') throw new ValidationError(messages.birthDateMissing);
    if (birthIssue === 'invalid') throw new ValidationError(messages.birthDateInvalid);
    if (birthIssue === 'underage') throw new ValidationError(messages.birthDateUnderage);
    return { username, email, password, birthDate };
  }

  async function assertNotThrottled(keys: string[]) {
    const now = clock.now();
    const since = new Date(now.getTime() - throttle.windowMs);
    const counts = await loginFailures.countSince(keys, since);
    for (const [key, { count, oldest }] of counts) {
      const max = key.startsWith('ip:') ? throttle.maxPerIp : throttle.maxPerAccount;
      if (count >= max) {
        const retryAfterMs = oldest.getTime() + throttle.windowMs - now.getTime();
        throw new TooManyRequestsError(messages.loginThrottled, Math.max(1, Math.ceil(retryAfterMs / 1000)));
      }
    }
  }

  return {
    async register(body: RegisterBody) {
      const input = validateRegistration(body);
      if (await users.usernameTaken(input.username)) throw new ConflictError(messages.usernameTaken);
      if (await users.emailTaken(input.email)) throw new ConflictError(messages.emailTaken);
      const passwordHash = await hash(input.password);
      try {
        const user = await users.insert({
          username: input.username,
          email: input.email,
          passwordHash,
          birthDate: input.birthDate,
        });
        return { username: user.username };
      } catch (error) {
        // Two registrations racing for one name or email: the unique index decides.
        if (isUniqueViolation(error, 'users_username_lower')) throw new ConflictError(messages.usernameTaken);
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError(messages.emailTaken);
        throw error;
      }
    },

    async login(body: LoginBody, client: ClientInfo) {
      const email = (body.email ?? '').trim();
      const password = body.password ?? '';
      if (!email || !password) throw new ValidationError(messages.loginMissing);

      const accountKey = `account:${email.toLowerCase()}`;
      const keys = client.ip ? [accountKey, `ip:${client.ip}`] : [accountKey];
      await assertNotThrottled(keys);

      const user = await users.findByEmail(email);
      const valid = user
        ? await verify(user.password_hash, password).catch(() => false)
        : await verify(await dummyHash, password).then(() => false);
      if (!user || !valid) {
        const now = clock.now();
        await loginFailures.record(keys, now, new Date(now.getTime() - throttle.windowMs));
        throw new UnauthorizedError(messages.loginWrong);
      }

      await loginFailures.clear(accountKey);
      const token = newSessionToken();
      await sessions.insert({
        userId: user.id,
        tokenHash: hashToken(token),
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        ip: client.ip,
        now: clock.now(),
      });
      return { token, username: user.username };
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
      return { userId: session.userId, username: session.username, sessionId: session.sessionId };
    },

    async logout(viewer: Viewer): Promise<void> {
      await sessions.deleteById(viewer.sessionId);
    },

    async me(viewer: Viewer) {
      const user = await users.findById(viewer.userId);
      if (!user) throw new UnauthorizedError(messages.unauthorized);
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
