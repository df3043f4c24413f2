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
  const loader = async () => (await Promise.all([load(), loadRestTexts()]))[0];
  waiting.add(loader);
  return loader;
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
