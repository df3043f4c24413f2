import type { PostSummary } from '@wag/contract/profiles';
import { AppLink } from '../../../lib/app-link';
import { postTileLabel, TileLocked, TilePicture } from '../../../components/posts/post-tile';
import { Icon } from '../../../components/ui/icon';
import { formatCount } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { isVideoPost, postHref } from '../../../components/posts/post-media';

function TileContent({ post }: { post: PostSummary }) {
  if (post.locked) return <TileLocked />;
  const video = isVideoPost(post);
  return (
    <>
      <TilePicture post={post} />
      {video || post.media_count > 1 ? (
        <span className="tile__badge" aria-hidden="true">
          <Icon name={video ? 'play' : 'layers'} size={14} />
        </span>
      ) : null}
      <span className="search-tile__foot" aria-hidden="true">
        <span className="search-tile__author">@{post.user.username}</span>
        <span className="search-tile__likes">
          <Icon name="heart" size={13} />
          {formatCount(post.likes)}
        </span>
      </span>
    </>
  );
}

/**
 * Posts found, as tiles with their pictures in the size they are drawn at (post-tile.tsx): quickys open in the quicky viewer,
 * the rest on the post page; VIP posts the viewer may not open show a locked tile and no media.
 */
export function ResultGrid({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="search-grid" data-testid="search-grid">
      {posts.map((post) => (
        <li key={post.id} className="search-tile" data-testid="search-result" data-type={post.post_type} data-locked={post.locked || undefined}>
          {post.locked ? (
            <span className="tile__frame" role="img" aria-label={t('searchResults.lockedTile', { username: post.user.username })}>
              <TileContent post={post} />
            </span>
          ) : (
            <AppLink className="tile__frame" to={postHref(post)} aria-label={postTileLabel(post)}>
              <TileContent post={post} />
            </AppLink>
          )}
        </li>
      ))}
    </ul>
  );
}
