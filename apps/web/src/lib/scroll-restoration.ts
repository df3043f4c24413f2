import { useEffect, useLayoutEffect } from 'react';
import type { Location } from 'react-router';
import { keepsScroll } from './history-router';

/** Where the positions are kept through a reload (React Router's ScrollRestoration used the same key). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

/** A page's place in the history: its entry's key; the first load's entry (key 'default') by its path. */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname : location.key;
}

let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  positions = {};
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      for (const [key, y] of Object.entries(stored)) if (typeof y === 'number') positions[key] = y;
    }
  } catch {
    // Unreadable or refused storage: positions are kept for this page's life only.
  }
  return positions;
}

/**
 * React Router's ScrollRestoration (of its data routers) for the declarative router: the window's
 * scroll position is remembered per history entry, going back or forward to an entry restores its
 * position, any other navigation goes to the top (or to the element its `#hash` names) unless it asked
 * for `preventScrollReset`, and the positions outlive a reload (sessionStorage). `location` is the one
 * shown (lib/lazy-route.ts): the scroll moves when its screen does, not while the next one loads.
 */
export function useScrollRestoration(location: Location | null): void {
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.history.scrollRestoration = 'manual';
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    if (!location) return;
    const key = scrollKey(location);
    const remember = () => {
      savedPositions()[key] = window.scrollY;
    };
    const onPageHide = () => {
      remember();
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Full or refused storage: the positions are not kept through a reload.
      }
      window.history.scrollRestoration = 'auto';
    };
    const saved = savedPositions()[key];
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (!scrollToHash(location.hash) && !keepsScroll(location)) window.scrollTo(0, 0);
    // Every scroll of this page is its position: when the next page replaces it, this one's is kept.
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [location]);
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
    return element !== null;
  } catch {
    return false;
  }
}
