import { lazy, type ComponentType } from 'react';
import { loadRestTexts, loadScreenTexts } from './i18n';

/**
 * What a lazy loader waits for besides its module (lib/i18n.ts): 'screens', the catalog's part for
 * the screens a page can open on (/quickys, a post or quicky, a profile); 'rest', everything after the
 * first part (every other screen, dialog or sheet).
 */
export type TextsPart = 'screens' | 'rest';

/** The loaders made by `afterTexts`, with the part each waits for: the router's test checks every lazy screen is one. */
const waiting = new WeakMap<object, TextsPart>();

/**
 * A lazy loader that resolves once its module and its part of the catalog are both there (fetched side
 * by side), so a screen, dialog or sheet outside the first screens never renders before its texts.
 * For the router's `lazy` and for `lazyScreen`; the first screens (the index route, the quicky player)
 * load without it: their texts are in the catalog's first part.
 */
export function afterTexts<T>(load: () => Promise<T>, part: TextsPart = 'rest'): () => Promise<T> {
  const loader = async () => (await Promise.all([load(), textsOrNone(part)]))[0];
  waiting.set(loader, part);
  return loader;
}

/** Pauses between the attempts at a part of the catalog after a failure. */
export const REST_TEXTS_RETRY_MS = [500, 2000];

/**
 * A part of the catalog, asked for again after a failure; should every attempt fail, the screen
 * renders anyway (its texts show their keys, as the app does when the first part fails). A lazy
 * component or route whose loader rejects stays broken until the page is reloaded, and one in the
 * shell (the creator link, the search overlay) would take the whole app down with it.
 */
async function textsOrNone(part: TextsPart): Promise<void> {
  for (const pause of [...REST_TEXTS_RETRY_MS, null]) {
    try {
      await (part === 'screens' ? loadScreenTexts() : loadRestTexts());
      return;
    } catch {
      if (pause === null) return;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Whether `loader` was made by `afterTexts`. */
export function waitsForTexts(loader: unknown): boolean {
  return textsAwaited(loader) !== null;
}

/** The part of the catalog `loader` (made by `afterTexts`) waits for; null for any other function. */
export function textsAwaited(loader: unknown): TextsPart | null {
  return typeof loader === 'function' ? (waiting.get(loader) ?? null) : null;
}

/** React's `lazy` for a component outside the first screens: it renders once its texts are there too. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's own lazy()
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(afterTexts(load));
}
