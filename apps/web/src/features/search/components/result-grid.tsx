import type { PostSummary } from '@wag/contract/profiles';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { formatCount } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { postHref, tileImage } from '../../profile/post-media';

function label(post: PostSummary): string {
  const author = { username: post.user.username };
  const what = post.post_type === 'quicky' ? t('searchResults.quickyTile', author) : t('searchResults.postTile', author);
  const text = (post.title ?? post.body).trim();
  return text ? `${what}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}` : what;
}

function TileContent({ post }: { post: PostSummary }) {
  if (post.locked) {
    return (
      <span className="search-tile__locked">
        <Icon name="lock" size={26} />
        <span>VIP</span>
      </span>
    );
  }
  const image = tileImage(post);
  const video = post.media_type === 'video' || post.post_type === 'quicky';
  return (
    <>
      {image ? (
        <img className="search-tile__image" src={image} alt="" loading="lazy" decoding="async" />
      ) : (
        <span className="search-tile__placeholder">
          <Icon name={video ? 'quickys' : 'image'} size={24} />
        </span>
      )}
      {video ? (
        <span className="search-tile__badge" aria-hidden="true">
          <Icon name="play" size={14} />
        </span>
      ) : post.media_count > 1 ? (
        <span className="search-tile__badge" aria-hidden="true">
          <Icon name="layers" size={14} />
        </span>
      ) : null}
      {post.post_type === 'vip' ? <span className="search-tile__vip">VIP</span> : null}
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
 * Posts found, as tiles with their display-size thumbnails: quickys open in the quicky viewer,
 * the rest on the post page; VIP posts the viewer may not open show a locked tile and no media.
 */
export function ResultGrid({ posts }: { posts: PostSummary[] }) {
  return (
    <ul className="search-grid" data-testid="search-grid">
      {posts.map((post) => (
        <li key={post.id} className="search-tile" data-testid="search-result" data-type={post.post_type} data-locked={post.locked || undefined}>
          {post.locked ? (
            <span className="search-tile__frame" role="img" aria-label={t('searchResults.lockedTile', { username: post.user.username })}>
              <TileContent post={post} />
            </span>
          ) : (
            <Link className="search-tile__frame" to={postHref(post)} aria-label={label(post)}>
              <TileContent post={post} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
