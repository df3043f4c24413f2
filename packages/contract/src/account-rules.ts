// Account rules with no schema library, so the web app's first screen can use them cheaply.
/** Rules of docs/product.md §5 and docs/product-decisions.md §5, shared by the web forms and the server. */
export const PASSWORD_MIN_LENGTH = 6;
export const MINIMUM_AGE = 18;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
/** Letters, digits and the symbols !@#$%^&*()_+-=[]{};':"\|,.<>/? (docs/product.md §5). */
export const PASSWORD_ALLOWED = /^[A-Za-z0-9!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?]*$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** First path segments of the web app and the server: never a username. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'api', 'login', 'logout', 'register', 'quickys', 'quicky', 'post', 'posts', 'wag-stars', 'wag_stars',
  'search-results', 'search', 'notifications', 'messages', 'message-requests', 'report-user',
  'block-user', 'profile', 'edit-profile-picture', 'stories', 'story', 'upload', 'settings', 'user',
  'users', 'follow', 'followers', 'following', 'media', 'assets', 'admin', 'root', 'me', 'help',
  'support', 'about', 'wag', 'static', 'docs', 'explore', 'feed', 'home', 'index', 'null',
  'undefined', 'system', 'moderator', 'staff', 'vip', 'saved',
  // Reports, the moderation desk, appeals and blocks (issue 13).
  'moderation', 'moderacion', 'moderators', 'moderadores', 'report', 'reports', 'reportes',
  'appeal', 'appeals', 'apelar', 'apelaciones', 'block', 'blocks', 'blocked',
  'bloqueados', 'decisions',
  // VIP, payments and the creator's pages (issue 15).
  'creator', 'creators', 'subscriptions', 'suscripciones', 'payments', 'pagos', 'verification', 'verificacion',
  // The account's own pages (issue 14).
  'forgot-password', 'reset-password', 'account', 'password',
  // Hashtags, 'Para ti' and the create chooser (issue 16).
  'tags', 'tag', 'hashtag', 'hashtags', 'create', 'for-you', 'para-ti',
]);

export type PasswordProblem = 'short' | 'whitespace' | 'characters';

/** The first rule a password breaks, in the order docs/product.md §5 lists them. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'short';
  if (/\s/.test(password)) return 'whitespace';
  if (!PASSWORD_ALLOWED.test(password)) return 'characters';
  return null;
}

export type BirthDateProblem = 'missing' | 'invalid' | 'underage';

/** Parses YYYY-MM-DD strictly (no rollover: 2001-02-30 is invalid). */
export function parseBirthDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  if (year < 1900) return null;
  return date;
}

/** Whole years between a birth date and `today` (both compared as calendar dates in UTC). */
export function ageOn(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export function birthDateProblem(value: string | undefined | null, today = new Date()): BirthDateProblem | null {
  if (!value || !value.trim()) return 'missing';
  const birth = parseBirthDate(value.trim());
  if (!birth || birth.getTime() > today.getTime()) return 'invalid';
  if (ageOn(birth, today) < MINIMUM_AGE) return 'underage';
  return null;
}

/** The latest birth date that is 18 today, as YYYY-MM-DD: the date input's maximum. */
export function latestAdultBirthDate(today = new Date()): string {
  const year = today.getFullYear() - MINIMUM_AGE;
  const month = String(today.getMonth() + 1).padStart(2, '0');
  let day = today.getDate();
  // 29 February in a year without it becomes the 28th.
  const lastDay = new Date(year, today.getMonth() + 1, 0).getDate();
  if (day > lastDay) day = lastDay;
  return `${year}-${month}-${String(day).padStart(2, '0')}`;
}

export type UsernameProblem = 'missing' | 'format' | 'reserved';

export function usernameProblem(value: string | undefined | null): UsernameProblem | null {
  const username = (value ?? '').trim();
  if (!username) return 'missing';
  if (!USERNAME_PATTERN.test(username)) return 'format';
  if (RESERVED_USERNAMES.has(username.toLowerCase())) return 'reserved';
  return null;
}
