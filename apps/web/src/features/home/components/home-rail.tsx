import { Suspense } from 'react';
import { t } from '../../../lib/i18n';
import { lazyScreen } from '../../../lib/lazy-screen';
import { useMediaQuery } from '../../../lib/use-media-query';
import './home-rail.css';

/** Below this width the rail never fits beside the feed: it is not even built (no requests on phones). */
const RAIL_QUERY = '(min-width: 1100px)';

// Its own chunk: phones never load it.
const HomeRailContent = lazyScreen(async () => ({ default: (await import('./home-rail-content')).HomeRailContent }));

/**
 * The home's right-hand rail on wide screens (as Instagram's web): who you are, and creators to follow.
 * Its box is there at once, so the feed column takes its place beside it without moving later; it is
 * hidden where the width is needed by the feed itself (home-rail.css).
 */
export function HomeRail() {
  const roomy = useMediaQuery(RAIL_QUERY);
  if (!roomy) return null;
  return (
    <aside className="home-rail" aria-label={t('layout.railLabel')} data-testid="home-rail">
      <div className="home-rail__inner">
        <Suspense fallback={null}>
          <HomeRailContent />
        </Suspense>
      </div>
    </aside>
  );
}
