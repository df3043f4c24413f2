import { useCallback, useSyncExternalStore } from 'react';

/** What the search box can lead to: a search, a person or a tag (a suggestion or a recent search). */
export type SearchPick =
  | { kind: 'query'; query: string }
  | { kind: 'person'; username: string; fullName: string | null; avatar: string | null; verified: boolean }
  | { kind: 'tag'; tag: string; count?: number };

/** Recent searches are kept on this device only, at most this many, the newest first. */
export const RECENT_SEARCHES_MAX = 10;
const STORAGE_KEY = 'wag.recentSearches';

/** The id of the search box's option at `index` (its aria-activedescendant). */
export const searchOptionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

export function pickKey(pick: SearchPick): string {
  if (pick.kind === 'query') return `q:${pick.query.toLowerCase()}`;
  if (pick.kind === 'person') return `@${pick.username.toLowerCase()}`;
  return `#${pick.tag}`;
}

function isPick(value: unknown): value is SearchPick {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  if (item.kind === 'query') return typeof item.query === 'string' && item.query.length > 0;
  if (item.kind === 'person') return typeof item.username === 'string' && item.username.length > 0;
  if (item.kind === 'tag') return typeof item.tag === 'string' && item.tag.length > 0;
  return false;
}

let cache: { raw: string | null; list: SearchPick[] } | null = null;
const listeners = new Set<() => void>();

function read(): SearchPick[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private mode): then nothing is remembered.
  }
  if (cache && cache.raw === raw) return cache.list;
  let list: SearchPick[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isPick).slice(0, RECENT_SEARCHES_MAX);
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: SearchPick[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Nothing is remembered when storage is full or off.
  }
  for (const listener of listeners) listener();
}

/** Remembers a search, a person or a tag at the top of the recent ones (once). */
export function rememberSearch(pick: SearchPick): void {
  const stored: SearchPick = pick.kind === 'query' ? { kind: 'query', query: pick.query.trim() } : pick;
  if (stored.kind === 'query' && !stored.query) return;
  const key = pickKey(stored);
  write([stored, ...read().filter((item) => pickKey(item) !== key)].slice(0, RECENT_SEARCHES_MAX));
}

export function forgetSearch(pick: SearchPick): void {
  const key = pickKey(pick);
  write(read().filter((item) => pickKey(item) !== key));
}

export function clearRecentSearches(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same device changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The recent searches of this device, newest first, kept up to date. */
export function useRecentSearches(): SearchPick[] {
  return useSyncExternalStore(subscribe, read, useCallback(() => [], []));
}
