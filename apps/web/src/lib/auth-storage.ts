/** Browser storage keys of docs/product.md §3. */
export const TOKEN_KEY = 'token';
export const USERNAME_KEY = 'username';

/** Fired on window whenever this tab changes the stored session. */
export const SESSION_CHANGED_EVENT = 'wag:session';
/** Fired on window when the account's username changes (docs/product.md §4, personal information). */
export const USERNAME_CHANGED_EVENT = 'usernameChanged';

export interface UsernameChangedDetail {
  username: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (private modes, strict settings): behave as signed out.
    return null;
  }
}

function stripQuotes(value: string): string {
  const first = value[0];
  if (value.length >= 2 && (first === '"' || first === "'") && value.at(-1) === first) {
    return value.slice(1, -1);
  }
  return value;
}

/**
 * The bare token from whatever was stored: older clients kept it JSON-quoted or with its
 * 'Bearer ' prefix, so both are removed, in any nesting, before it is sent again.
 */
export function normalizeToken(raw: string | null | undefined): string | null {
  let value = (raw ?? '').trim();
  for (;;) {
    const next = stripQuotes(value).replace(/^bearer(?:\s+|$)/i, '').trim();
    if (next === value) break;
    value = next;
  }
  return value && value !== 'null' && value !== 'undefined' ? value : null;
}

function normalizeUsername(raw: string | null | undefined): string | null {
  const value = stripQuotes((raw ?? '').trim()).trim();
  return value && value !== 'null' && value !== 'undefined' ? value : null;
}

export function readToken(): string | null {
  return normalizeToken(storage()?.getItem(TOKEN_KEY));
}

export function readUsername(): string | null {
  return normalizeUsername(storage()?.getItem(USERNAME_KEY));
}

function announce(): void {
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function saveSession(session: { token: string; username: string }): void {
  const store = storage();
  if (!store) return;
  store.setItem(TOKEN_KEY, normalizeToken(session.token) ?? '');
  store.setItem(USERNAME_KEY, session.username);
  announce();
}

export function clearSession(): void {
  const store = storage();
  if (!store) return;
  const had = store.getItem(TOKEN_KEY) !== null || store.getItem(USERNAME_KEY) !== null;
  store.removeItem(TOKEN_KEY);
  store.removeItem(USERNAME_KEY);
  if (had) announce();
}

/** Stores a new username and tells the app, which then shows the renamed profile. */
export function changeStoredUsername(username: string): void {
  storage()?.setItem(USERNAME_KEY, username);
  announce();
  window.dispatchEvent(
    new CustomEvent<UsernameChangedDetail>(USERNAME_CHANGED_EVENT, { detail: { username } }),
  );
}
