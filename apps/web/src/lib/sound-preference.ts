import { useSyncExternalStore } from 'react';

/**
 * Whether quicky videos play muted. They start muted (browsers only autoplay muted video); once a
 * person turns the sound on, the next video, the next visit and the quicky page keep it on.
 */
const KEY = 'wag.quickySound';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'on';
  } catch {
    return true;
  }
}

export function setMutedPreference(muted: boolean) {
  try {
    if (muted) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'on');
  } catch {
    // Private modes may refuse storage: the choice then lasts as long as the page.
  }
  current = muted;
  for (const listener of listeners) listener();
}

let current = typeof localStorage === 'undefined' ? true : read();

/** [muted, setMuted], shared by every video on the page. */
export function useMutedPreference(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => current,
    () => true,
  );
  return [muted, setMutedPreference];
}
