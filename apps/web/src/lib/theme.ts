import { THEMES, type Theme } from '@wag/contract/preferences-rules';
import { useSyncExternalStore } from 'react';

/**
 * The colour theme: 'dark' (the default), 'light', or 'system' (whatever the device prefers, followed
 * live). The choice is kept in localStorage so the inline script of index.html can apply it before
 * the first paint; for a signed-in person the server's preference is the truth and is copied here.
 * The inline script repeats `resolveTheme` and `THEME_COLORS` in a few characters: theme.test.ts
 * runs it against this module so the two never drift apart.
 */
export const THEME_KEY = 'wag.theme';
export const DEFAULT_THEME: Theme = 'dark';
export const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** What <html data-theme> holds: the palette actually shown. */
export type AppliedTheme = 'dark' | 'light';

/** The browser bar's colour for each palette (the page background, --bg in styles.css). */
export const THEME_COLORS: Record<AppliedTheme, string> = { dark: '#0a0a0f', light: '#f6f4f8' };

const THEME_CHANGED_EVENT = 'wag:theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function systemPrefersLight(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(LIGHT_QUERY).matches;
}

export function resolveTheme(choice: Theme, prefersLight: boolean): AppliedTheme {
  if (choice === 'system') return prefersLight ? 'light' : 'dark';
  return choice;
}

/** Paints the document in a palette: data-theme for the CSS, and the browser's own colours. */
export function applyTheme(choice: Theme): AppliedTheme {
  const applied = resolveTheme(choice, systemPrefersLight());
  const root = document.documentElement;
  root.dataset.theme = applied;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[applied]);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', applied);
  return applied;
}

/** Keeps a choice on this device and shows it at once (every listener of useThemeChoice hears it). */
export function setThemeChoice(choice: Theme): void {
  try {
    if (choice === DEFAULT_THEME) window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Without storage the theme still changes for this visit.
  }
  applyTheme(choice);
  window.dispatchEvent(new Event(THEME_CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // Another tab changed the theme (followSystemTheme repaints): the components showing it follow.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_KEY) onChange();
  };
  window.addEventListener(THEME_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(THEME_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen theme ('system' stays 'system'), current across changes here and in other tabs. */
export function useThemeChoice(): Theme {
  return useSyncExternalStore(subscribe, readStoredTheme, () => DEFAULT_THEME);
}

/**
 * Keeps the page painted in the choice while the app runs: while it is 'system', whenever the device
 * switches between light and dark; and whenever another tab stores a new choice. Returns the way to
 * stop listening.
 */
export function followSystemTheme(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_KEY) applyTheme(readStoredTheme());
  };
  window.addEventListener('storage', onStorage);
  if (typeof window.matchMedia !== 'function') return () => window.removeEventListener('storage', onStorage);
  const list = window.matchMedia(LIGHT_QUERY);
  const onChange = () => {
    if (readStoredTheme() === 'system') applyTheme('system');
  };
  list.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    list.removeEventListener('change', onChange);
  };
}
