import { lazy, Suspense } from 'react';
import { t } from '../../lib/i18n';
import type { QuickyPlayerProps } from './quicky-player';
import './quicky-player-shell.css';

// The player (its gestures, rail and sheet) loads when it is first shown, never with the first screen.
// Plain `lazy`, not `lazyScreen`: a guest's `/` opens on it, so its texts are in the catalog's first part.
const Player = lazy(async () => ({ default: (await import('./quicky-player')).QuickyPlayer }));

export type { QuickyPlayerProps } from './quicky-player';
export type { PlayerItem } from './player-parts';

/** The quicky player, fetched on first use; a black frame of the same size holds its place meanwhile. */
export function LazyQuickyPlayer(props: QuickyPlayerProps) {
  return (
    <Suspense
      fallback={
        <div className={`qp-shell qp-shell--${props.variant}`} role="status">
          <span className="visually-hidden">{t('player.loading')}</span>
        </div>
      }
    >
      <Player {...props} />
    </Suspense>
  );
}
