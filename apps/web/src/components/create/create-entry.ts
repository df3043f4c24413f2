import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { pageOf, useSendToLogin } from '../../lib/login-return';
import { useSession } from '../../lib/session';

/**
 * Whether the create chooser (Quicky, Post, Historia) is open: one for the whole app, opened from the
 * top bar, the bottom bar or the own profile, shown by the host in the top bar.
 */
let open = false;
const listeners = new Set<() => void>();

export function setCreateChooserOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCreateChooserOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

/** `?create=1` on a page opens the chooser there: where a guest comes back to after signing in. */
export const CREATE_PARAM = 'create';

function withCreateParam(page: string): string {
  const url = new URL(page, 'https://page.invalid');
  url.searchParams.set(CREATE_PARAM, '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What a create button does: opens the chooser, or for a guest the sign-in that comes back to it. */
export function useCreateAction(): () => void {
  const { token } = useSession();
  const location = useLocation();
  const sendToLogin = useSendToLogin();
  const here = pageOf(location);
  return useCallback(() => {
    if (token) setCreateChooserOpen(true);
    else sendToLogin(withCreateParam(here));
  }, [token, here, sendToLogin]);
}
