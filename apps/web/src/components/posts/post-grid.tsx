import type { PostSummary } from '@wag/contract/profiles';
import { useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { AppLink } from '../../lib/app-link';
import { Icon } from '../ui/icon';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { postHref, quickyTileSizes } from './post-media';
import { postTileLabel, TileLocked, TilePicture, type TileLoading } from './post-tile';
import { EAGER_TILES, quickyLeadTile, quickyTallTiles, quickyTileLoading } from './quicky-layout';
import './post-grid.css';

function TileBody({ post, loading, sizes }: { post: PostSummary; loading: TileLoading; sizes?: string }) {
  if (post.locked) return <TileLocked />;
  if (post.status !== 'ready') {
    return (
      <span className="tile__placeholder">
        <Icon name={post.status === 'failed' ? 'alert' : 'clock'} size={22} />
        <span>{post.status === 'failed' ? t('profile.failedTile') : t('profile.processingTile')}</span>
      </span>
    );
  }
  return (
    <>
      <TilePicture post={post} loading={loading} sizes={sizes} />
      {post.post_type === 'quicky' ? (
        <span className="tile__badge tile__badge--bottom">
          <Icon name="play" size={13} />
          <span aria-label={t('profile.views', { count: post.views })}>{formatCount(post.views)}</span>
        </span>
      ) : post.media_count > 1 ? (
        <span className="tile__badge" aria-label={t('profile.photos', { count: post.media_count })}>
          <Icon name="layers" size={15} />
        </span>
      ) : post.media_type === 'video' ? (
        <span className="tile__badge">
          <Icon name="play" size={15} />
        </span>
      ) : null}
    </>
  );
}

/** A plain click on a tile (no modifier key, main button); others keep the link's own behaviour. */
function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function Tile({
  post,
  tall = false,
  onOpen,
  loading = 'lazy',
  sizes,
}: {
  post: PostSummary;
  tall?: boolean;
  onOpen?: (post: PostSummary) => void;
  loading?: TileLoading;
  /** The width the tile's picture is drawn at (post-media.ts); the square grids' by default. */
  sizes?: string;
}) {
  const className = ['tile', post.post_type === 'quicky' ? 'tile--quicky' : 'tile--square', tall ? 'tile--tall' : '']
    .filter(Boolean)
    .join(' ');
  if (post.locked) {
    return (
      <li className={className} data-testid="post-tile" data-locked="true" data-tall={tall || undefined}>
        <span className="tile__frame" role="img" aria-label={t('profile.lockedTile')}>
          <TileBody post={post} loading={loading} />
        </span>
      </li>
    );
  }
  return (
    <li className={className} data-testid="post-tile" data-tall={tall || undefined}>
      <AppLink
        className="tile__frame"
        to={postHref(post)}
        aria-label={postTileLabel(post)}
        onClick={(event) => {
          if (!onOpen || !plainClick(event)) return;
          event.preventDefault();
          onOpen(post);
        }}
      >
        <TileBody post={post} loading={loading} sizes={sizes} />
      </AppLink>
    </li>
  );
}

/** The first row of a posts grid: its pictures are fetched before anything else (one is likely the page's LCP). */
const FIRST_ROW = 3;

/** Posts and VIP tabs: square tiles, three to a row. */
export function PostGrid({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="post-grid" data-testid="post-grid">
      {posts.map((post, index) => (
        <Tile key={post.id} post={post} loading={index < FIRST_ROW ? 'high' : index < EAGER_TILES ? 'eager' : 'lazy'} />
      ))}
    </ul>
  );
}

/** How many columns the grid's CSS gives it now (it changes with the screen), following resizes. */
function useGridColumns(grid: RefObject<HTMLElement | null>, fallback: number): number {
  const [columns, setColumns] = useState(fallback);
  useLayoutEffect(() => {
    const element = grid.current;
    if (!element) return;
    const measure = () => {
      const tracks = getComputedStyle(element).gridTemplateColumns.split(' ').filter(Boolean).length;
      setColumns(tracks > 0 ? tracks : fallback);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [grid, fallback]);
  return columns;
}

/**
 * Quickys tab: 9:16 tiles where every 3rd and 6th is tall, with no hole beside one (quicky-layout.ts).
 * With `onOpen` a plain click opens the quicky there (the player); the tile stays a link to its page
 * for a new tab.
 */
export function QuickyGrid({ posts, onOpen }: { posts: PostSummary[]; onOpen?: (post: PostSummary) => void }) {
  const grid = useRef<HTMLUListElement>(null);
  const tall = quickyTallTiles(posts.length, useGridColumns(grid, 3));
  const lead = quickyLeadTile(posts, tall);
  return (
    <div className="quicky-grid-frame">
      <ul className="quicky-grid" data-testid="quicky-grid" ref={grid}>
        {posts.map((post, index) => (
          <Tile
            key={post.id}
            post={post}
            tall={tall[index] ?? false}
            onOpen={onOpen}
            loading={quickyTileLoading(index, lead)}
            sizes={quickyTileSizes(tall[index] ?? false)}
          />
        ))}
      </ul>
    </div>
  );
}
