import { useEffect, useState } from 'react';

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
/** True once the wait below is over: a component mounted later starts at true. */
let firstScreenDone = false;
/** Which wait is current (tests start new ones): an older wait ending later marks nothing done. */
let firstScreenGeneration = 0;

/**
 * Resolves once the page's first screen has loaded and been drawn: after its `load` event (or at once
 * if the page has loaded already), the first idle moment (the render and paint of what is on its way
 * come first, at most a second later). One wait for the whole page: anything asked after it resolved
 * (every later screen) goes at once. Never later than `cap` ms after the first ask, so a picture that
 * never finishes holds nothing back.
 */
export function afterFirstScreen(cap = 3000): Promise<void> {
  const generation = firstScreenGeneration;
  firstScreen ??= (
    typeof document === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = window.setTimeout(resolve, cap);
          const whenIdle = () =>
            onIdle(() => {
              window.clearTimeout(timer);
              resolve();
            }, 1000);
          if (document.readyState === 'complete') whenIdle();
          else window.addEventListener('load', whenIdle, { once: true });
        })
  ).then(() => {
    if (generation === firstScreenGeneration) firstScreenDone = true;
  });
  return firstScreen;
}

/** Tests only: the next ask waits afresh. */
export function resetFirstScreen(): void {
  firstScreen = undefined;
  firstScreenDone = false;
  firstScreenGeneration += 1;
}

/**
 * False until the page's first screen has loaded and been drawn (`afterFirstScreen`), then true: for
 * what a person does not see on that screen (their saved preferences, the unread counts, the live
 * channel), so it does not take the phone's line from that screen's code, answers and pictures.
 * Each component using it turns true in a task of its own, right after the wait.
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(() => firstScreenDone);
  useEffect(() => {
    if (ready) return;
    let live = true;
    let timer: number | undefined;
    void afterFirstScreen().then(() => {
      // Each component that waited turns in a task of its own: together (the shell, the player's
      // slides, the preferences and the live channel) they were one 28 ms render on a phone, a long
      // task that holds a tap back; one by one, each is a few milliseconds.
      if (live) timer = window.setTimeout(() => live && setReady(true), 0);
    });
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}
