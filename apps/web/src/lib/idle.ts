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

let firstScreen: Promise<void> | undefined;

/**
 * Resolves once the page's first screen has loaded and been drawn: at its `load` event, then the first
 * idle moment after it (the render and paint of what the load brought come first, at most a second
 * later); at once for anything asked after that (every later screen). Never later than `cap` ms after
 * the first ask, so a picture that never finishes holds nothing back. One wait for the whole page.
 */
export function afterFirstScreen(cap = 3000): Promise<void> {
  firstScreen ??=
    typeof document === 'undefined' || document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = window.setTimeout(resolve, cap);
          window.addEventListener(
            'load',
            () =>
              onIdle(() => {
                window.clearTimeout(timer);
                resolve();
              }, 1000),
            { once: true },
          );
        });
  return firstScreen;
}

/** Tests only: the next ask waits afresh. */
export function resetFirstScreen(): void {
  firstScreen = undefined;
}
