import { lazy, type ComponentType } from 'react';
import { loadRestTexts } from './i18n';

/** The loaders made by `afterTexts`: the router's test checks every lazy screen is one. */
const waiting = new WeakSet<object>();

/**
 * A lazy loader that resolves once its module and the rest of the catalog are both there (fetched side
 * by side), so a screen, dialog or sheet outside the first screens never renders before its texts.
 * For the router's `lazy` and for `lazyScreen`; the first screens (the index route, the quicky player)
 * load without it: their texts are in the catalog's first part.
 */
export function afterTexts<T>(load: () => Promise<T>): () => Promise<T> {
  const loader = async () => (await Promise.all([load(), restTextsOrNone()]))[0];
  waiting.add(loader);
  return loader;
}

/** Pauses between the attempts at the rest of the catalog after a failure. */
export const REST_TEXTS_RETRY_MS = [500, 2000];

/**
 * The rest of the catalog, asked for again after a failure; should every attempt fail, the screen
 * renders anyway (its texts show their keys, as the app does when the first part fails). A lazy
 * component or route whose loader rejects stays broken until the page is reloaded, and one in the
 * shell (the creator link, the search overlay) would take the whole app down with it.
 */
async function restTextsOrNone(): Promise<void> {
  for (const pause of [...REST_TEXTS_RETRY_MS, null]) {
    try {
      await loadRestTexts();
      return;
    } catch {
      if (pause === null) return;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Whether `loader` was made by `afterTexts`. */
export function waitsForTexts(loader: unknown): boolean {
  return typeof loader === 'function' && waiting.has(loader);
}

/** React's `lazy` for a component outside the first screens: it renders once its texts are there too. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's own lazy()
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(afterTexts(load));
}
