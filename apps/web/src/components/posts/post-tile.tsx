import type { PostSummary } from '@wag/contract/profiles';
import { cardImage, GRID_TILE_SIZES, isVideoPost } from './post-media';
import { t } from '../../lib/i18n';
import { Icon } from '../ui/icon';
import './post-tile.css';

/** What a tile's link reads out: 'Quicky de @ana: <the start of its text>'. */
export function postTileLabel(post: PostSummary): string {
  const author = { username: post.user.username };
  const what = post.post_type === 'quicky' ? t('profile.quickyLabel', author) : t('profile.postLabel', author);
  const text = (post.title ?? post.body).trim();
  return text ? `${what}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}` : what;
}

/** A VIP post the viewer may not open: a lock, no media. */
export function TileLocked() {
  return (
    <span className="tile__locked">
      <Icon name="lock" size={26} />
      <span>VIP</span>
    </span>
  );
}

/**
 * How a tile's picture is fetched: 'lazy' as it comes near (most tiles), 'eager' at once (the first
 * screen's), 'high' at once and before other pictures (the first screen's largest: likely its LCP).
 */
export type TileLoading = 'lazy' | 'eager' | 'high';

/**
 * The post's picture (or a placeholder icon), with the VIP chip on VIP posts: the tile rendition, or
 * the display one where the tile is drawn larger than it (`sizes`: the tile's width in its grid).
 */
export function TilePicture({ post, loading = 'lazy', sizes = GRID_TILE_SIZES }: { post: PostSummary; loading?: TileLoading; sizes?: string }) {
  const image = cardImage(post);
  const video = isVideoPost(post);
  return (
    <>
      {image ? (
        <img
          className="tile__image"
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.srcSet ? sizes : undefined}
          alt=""
          loading={loading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={loading === 'high' ? 'high' : 'auto'}
          decoding={loading === 'lazy' ? 'async' : 'auto'}
        />
      ) : (
        <span className="tile__placeholder">
          <Icon name={video ? 'quickys' : 'image'} size={24} />
        </span>
      )}
      {post.post_type === 'vip' ? <span className="tile__vip">VIP</span> : null}
      {/* Only its owner is ever sent a held or taken-down post. */}
      {post.moderation ? (
        <span className="tile__moderated" data-testid="tile-moderated">
          <Icon name="alert" size={14} />
          {post.moderation.state === 'removed' ? t('moderationMark.removedShort') : t('moderationMark.heldShort')}
        </span>
      ) : null}
    </>
  );
}
