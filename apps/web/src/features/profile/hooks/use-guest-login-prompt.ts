import { useCallback, useEffect, useState } from 'react';

/** docs/product.md §4 and §9: a visitor who scrolls a profile more than 200 px is invited to sign in. */
export const LOGIN_PROMPT_SCROLL_PX = 200;

/**
 * The login prompt of a profile page: opens for guests after 200 px of scroll, once per visit
 * (dismissing it keeps it closed until the next profile is opened), or on demand (`show`), for
 * example when a follow answers 401.
 */
export function useGuestLoginPrompt(isGuest: boolean, visitKey: string) {
  const [state, setState] = useState({ visitKey, open: false, shown: false });
  // A new visit (another profile) starts over.
  const current = state.visitKey === visitKey ? state : { visitKey, open: false, shown: false };

  const shown = current.shown;
  useEffect(() => {
    if (!isGuest || shown) return;
    const onScroll = () => {
      if (window.scrollY > LOGIN_PROMPT_SCROLL_PX) setState({ visitKey, open: true, shown: true });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [isGuest, shown, visitKey]);

  const show = useCallback(() => setState({ visitKey, open: true, shown: true }), [visitKey]);
  const close = useCallback(() => setState({ visitKey, open: false, shown: true }), [visitKey]);

  return { open: current.open, show, close };
}
