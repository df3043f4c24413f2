import type { PostSummary } from '@wag/contract/profiles';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../ui/icon';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { postHref } from './post-media';
import { postTileLabel, TileLocked, TilePicture } from './post-tile';
import { isTallQuickyTile } from './quicky-layout';
import './post-grid.css';

function TileBody({ post }: { post: PostSummary }) {
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
      <TilePicture post={post} />
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

function Tile({ post, tall = false, onOpen }: { post: PostSummary; tall?: boolean; onOpen?: (post: PostSummary) => void }) {
  const className = ['tile', post.post_type === 'quicky' ? 'tile--quicky' : 'tile--square', tall ? 'tile--tall' : '']
    .filter(Boolean)
    .join(' ');
  if (post.locked) {
    return (
      <li className={className} data-testid="post-tile" data-locked="true" data-tall={tall || undefined}>
        <span className="tile__frame" role="img" aria-label={t('profile.lockedTile')}>
          <TileBody post={post} />
        </span>
      </li>
    );
  }
  return (
    <li className={className} data-testid="post-tile" data-tall={tall || undefined}>
      <Link
        className="tile__frame"
        to={postHref(post)}
        aria-label={postTileLabel(post)}
        onClick={(event) => {
          if (!onOpen || !plainClick(event)) return;
          event.preventDefault();
          onOpen(post);
        }}
      >
        <TileBody post={post} />
      </Link>
    </li>
  );
}

/** Posts and VIP tabs: square tiles, three to a row. */
export function PostGrid({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="post-grid" data-testid="post-grid">
      {posts.map((post) => (
        <Tile key={post.id} post={post} />
      ))}
    </ul>
  );
}

/**
 * Quickys tab: 9:16 tiles where every 3rd and 6th is tall (quicky-layout.ts). With `onOpen` a plain
 * click opens the quicky there (the player); the tile stays a link to its page for a new tab.
 */
export function QuickyGrid({ posts, onOpen }: { posts: PostSummary[]; onOpen?: (post: PostSummary) => void }) {
  return (
    <div className="quicky-grid-frame">
      <ul className="quicky-grid" data-testid="quicky-grid">
        {posts.map((post, index) => (
          <Tile key={post.id} post={post} tall={isTallQuickyTile(index)} onOpen={onOpen} />
        ))}
      </ul>
    </div>
  );
}
