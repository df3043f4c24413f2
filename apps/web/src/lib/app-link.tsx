import type { AnchorHTMLAttributes } from 'react';
import { useLocation } from 'react-router';

/**
 * The mark of a link the app's router follows itself: HistoryRouter (lib/history-router.tsx) listens
 * to clicks once for the whole document and takes those on an `<a>` with it, `push` or `replace`.
 */
export const LINK_MARK = 'data-app-link';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of the app, from its root: `/quickys`, `/post/slug?x=1#c`. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/**
 * A link to a page of the app: a plain `<a href>`, followed by the router without a page load.
 * React Router's `<Link>` runs some fifteen hooks per link (its address resolved against the route,
 * a click handler, prefetch state); a feed's cards, captions and menus render dozens of links, and
 * that cost sat in every first render. The app's addresses are absolute (`profilePath`, `postHref`, `tagPath`),
 * so there is nothing to resolve, and one listener for the document does what each link's handler did.
 */
export function AppLink({ to, replace, ...rest }: AppLinkProps) {
  return <a {...rest} href={to} {...{ [LINK_MARK]: replace ? 'replace' : 'push' }} />;
}

export interface AppNavLinkProps extends AppLinkProps {
  /** Active only at exactly `to`, not also below it. */
  end?: boolean;
  className?: string;
}

/**
 * Whether a link to `to` is the current page's (React Router's `NavLink` rule: the same path, or below
 * it unless `end`; paths compared without case, as the router matches them).
 */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const target = (to.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  if (current === target) return true;
  if (end || target === '/') return false;
  const base = target.endsWith('/') ? target.slice(0, -1) : target;
  return current.startsWith(base) && current.charAt(base.length) === '/';
}

/** An `AppLink` that knows whether it is the current page's: class `active` and `aria-current="page"`, as `NavLink`. */
export function AppNavLink({ end, className, ...rest }: AppNavLinkProps) {
  const active = isActivePath(useLocation().pathname, rest.to, end);
  return <AppLink {...rest} className={active ? (className ? `${className} active` : 'active') : className} aria-current={active ? 'page' : undefined} />;
}
