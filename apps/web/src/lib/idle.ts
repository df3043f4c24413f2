/**
 * Runs `callback` at the browser's first idle moment (at most `timeout` ms from now), or after
 * `fallbackDelay` ms where there is no requestIdleCallback (Safari). Returns what cancels it.
 */
export function onIdle(callback: () => void, timeout: number, fallbackDelay = 0): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(callback, fallbackDelay);
  return () => window.clearTimeout(timer);
}
