import { useSyncExternalStore } from 'react';
import {
  SESSION_CHANGED_EVENT,
  TOKEN_KEY,
  USERNAME_CHANGED_EVENT,
  USERNAME_KEY,
  readToken,
  readUsername,
} from './auth-storage';

export interface Session {
  token: string | null;
  username: string | null;
}

let cached: Session = { token: null, username: null };

function snapshot(): Session {
  const token = readToken();
  const username = readUsername();
  // The same object while nothing changed, so React does not re-render for nothing.
  if (token !== cached.token || username !== cached.username) cached = { token, username };
  return cached;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out.
    if (event.key === null || event.key === TOKEN_KEY || event.key === USERNAME_KEY) onChange();
  };
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  window.addEventListener(USERNAME_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    window.removeEventListener(USERNAME_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token and username, kept current across sign-in, sign-out and other tabs. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Where "Perfil" leads: the own profile, or the login page without a stored username. */
export function profilePath(username: string | null): string {
  return username ? `/${encodeURIComponent(username)}` : '/login';
}
