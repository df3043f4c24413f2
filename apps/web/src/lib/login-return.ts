import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/** The query parameter that carries, through /login and /register, the page to come back to. */
export const RETURN_PARAM = 'next';

/** Pages a sign-in must never come back to: they would send the person round again. */
const NO_RETURN = /^\/(login|register|forgot-password|reset-password)(\/|$)/i;
const BASE = 'https://return.invalid';

/**
 * The page to come back to after signing in, or null when `raw` is not a path of this site.
 * Only a relative path is taken: `//evil.example`, `https://…`, `/\evil` (which browsers read as
 * `//evil`), control characters and anything that would resolve to another origin are refused, so
 * a link to /login can never send someone elsewhere once signed in.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments are resolved above: '/..//evil.example' becomes '//evil.example', another site's
  // address to anything that follows it as a link. The result is checked, not only what came in.
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  if (NO_RETURN.test(url.pathname)) return null;
  return path;
}

function withReturn(page: '/login' | '/register', returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe && safe !== '/' ? `${page}?${RETURN_PARAM}=${encodeURIComponent(safe)}` : page;
}

/** /login, remembering the page to come back to (when it is a safe one). */
export function loginPath(returnTo?: string | null): string {
  return withReturn('/login', returnTo);
}

/** /register, remembering the page to come back to after the sign-in that follows. */
export function registerPath(returnTo?: string | null): string {
  return withReturn('/register', returnTo);
}

/** The page a location stands for (what a sign-in started there should come back to). */
export function pageOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Where the login (or register) page should go back to: its `next`, when safe. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** Links to /login and /register that bring the person back to this page. */
export function useLoginLinks(): { login: string; register: string } {
  const location = useLocation();
  const here = pageOf(location);
  return { login: loginPath(here), register: registerPath(here) };
}

/** Sends a guest to /login, to come back to this page (or to `returnTo`) once signed in. */
export function useSendToLogin(): (returnTo?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = pageOf(location);
  return useCallback((returnTo?: string) => navigate(loginPath(returnTo ?? here)), [navigate, here]);
}
