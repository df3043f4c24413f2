import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../lib/i18n';
import { useAfterFirstScreen } from '../../lib/idle';
import { lazyScreen } from '../../lib/lazy-screen';
import { useLiveChannel } from '../../lib/live-channel';
import { useMediaQuery } from '../../lib/use-media-query';
import { BottomBar } from './bottom-bar';
import { EmailBanner } from './email-banner';
import { Footer } from './footer';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import './shell.css';

// The search overlay (a dialog, with its suggestions) stays off the first screen; its chunk is
// fetched once the browser is idle, so the first tap on Buscar opens it at once (its texts, in the
// catalog's rest, are fetched right after the first render).
const loadSearchOverlay = () => import('./search-overlay');
const SearchOverlay = lazyScreen(async () => ({ default: (await loadSearchOverlay()).SearchOverlay }));

/** From this width the side menu is always there beside the content: full, or folded to its icons. */
const WIDE_QUERY = '(min-width: 1200px)';

/** Where the wide screen's choice of a folded side menu is remembered. */
export const MENU_COLLAPSED_KEY = 'wag.sideMenuCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(MENU_COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function storeCollapsed(collapsed: boolean): void {
  try {
    if (collapsed) window.localStorage.setItem(MENU_COLLAPSED_KEY, '1');
    else window.localStorage.removeItem(MENU_COLLAPSED_KEY);
  } catch {
    // Private modes may refuse storage: the choice then lasts until the page is left.
  }
}

/**
 * Top bar, side menu, bottom bar (small screens), footer and search overlay around every screen;
 * `pending`: a navigation waits for its screen (the progress bar shows, the screen left stays).
 */
export function Shell({ children, pending = false }: { children: ReactNode; pending?: boolean }) {
  const wide = useMediaQuery(WIDE_QUERY);
  // Narrower screens: a drawer, closed until asked for. Wide screens: the menu stays, full or folded.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [searchOpen, setSearchOpen] = useState(false);
  useLiveChannel();
  const location = useLocation();

  const menuOpen = wide || drawerOpen;
  const expanded = wide ? !collapsed : drawerOpen;
  const closeMenu = useCallback(() => setDrawerOpen(false), []);
  const toggleMenu = () => {
    if (!wide) {
      setDrawerOpen((open) => !open);
      return;
    }
    setCollapsed((folded) => {
      storeCollapsed(!folded);
      return !folded;
    });
  };

  // The search's code is fetched ahead, once the first screen is drawn, so it opens at once when asked.
  const drawn = useAfterFirstScreen();
  useEffect(() => {
    if (drawn) void loadSearchOverlay();
  }, [drawn]);

  // On small screens the menu covers the page: any navigation closes it.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key, wide]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const folded = wide && collapsed;
  return (
    <div className="shell" data-menu-open={menuOpen} data-menu-collapsed={folded} data-wide={wide}>
      <a className="shell__skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar menuOpen={expanded} onToggleMenu={toggleMenu} onOpenSearch={() => setSearchOpen(true)} />
      {pending ? <div className="shell__progress" role="progressbar" aria-label={t('app.loading')} /> : null}
      <SideMenu open={menuOpen} collapsed={folded} onToggleCollapsed={wide ? toggleMenu : undefined} />
      <div className="shell__scrim" aria-hidden="true" onClick={closeMenu} />
      <div className="shell__body">
        <EmailBanner />
        <main id="main" className="shell__main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
      <BottomBar />
      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchOverlay onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
