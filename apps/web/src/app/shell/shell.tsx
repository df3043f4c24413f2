import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { t } from '../../lib/i18n';
import { useLiveChannel } from '../../lib/live-channel';
import { BottomBar } from './bottom-bar';
import { EmailBanner } from './email-banner';
import { Footer } from './footer';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import './shell.css';

// The search overlay (a dialog, with its suggestions) stays off the first screen; its chunk is
// fetched once the browser is idle, so the first tap on Buscar opens it at once.
const loadSearchOverlay = () => import('./search-overlay');
const SearchOverlay = lazy(async () => ({ default: (await loadSearchOverlay()).SearchOverlay }));

/** From this width the side menu starts open and sits beside the content. */
const WIDE_QUERY = '(min-width: 1200px)';

function isWide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;
}

/** Top bar, side menu, bottom bar (small screens), footer and search overlay around every screen. */
export function Shell({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(isWide);
  const [searchOpen, setSearchOpen] = useState(false);
  const navigation = useNavigation();
  useLiveChannel();
  const location = useLocation();

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const closeMenuIfNarrow = useCallback(() => {
    if (!isWide()) setMenuOpen(false);
  }, []);

  useEffect(() => {
    const preload = () => void loadSearchOverlay();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(preload, 2000);
    return () => window.clearTimeout(timer);
  }, []);

  // On small screens the menu covers the page: any navigation closes it.
  useEffect(() => {
    closeMenuIfNarrow();
  }, [location.key, closeMenuIfNarrow]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = () => setMenuOpen(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenuIfNarrow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenuIfNarrow]);

  return (
    <div className="shell" data-menu-open={menuOpen}>
      <a className="shell__skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} onOpenSearch={() => setSearchOpen(true)} />
      {navigation.state === 'loading' ? <div className="shell__progress" role="progressbar" aria-label={t('app.loading')} /> : null}
      <SideMenu open={menuOpen} />
      <div className="shell__scrim" aria-hidden="true" onClick={closeMenu} />
      <div className="shell__body">
        <EmailBanner />
        <main id="main" className="shell__main" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
        <Footer />
      </div>
      <BottomBar onOpenSearch={() => setSearchOpen(true)} />
      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchOverlay onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
      {/* A full page load always has the key 'default': remember those positions per path instead. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}
