import type { PostDetail } from '@wag/contract/posts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { errorText } from '../../../lib/api-error';
import { commentAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { profilePath, useSession } from '../../../lib/session';
import { shareLink } from '../../../lib/share';
import { SavePostButton } from '../../../components/posts/save-post-button';
import { MoreMenu, personItems, reportItem } from '../../../components/social/more-menu';
import { usePostLike } from '../../../lib/post-actions';
import { useDeletePost } from '../api/use-post';
import '../../../components/posts/post-action.css';

/** Avatar, name (or username), verified badge, relative time and the follow button (never on own posts). */
export function PostAuthor({ post }: { post: PostDetail }) {
  const profile = `/${encodeURIComponent(post.user.username)}`;
  return (
    <header className="post-author">
      <AppLink to={profile} className="post-author__who">
        <Avatar name={post.user.full_name || post.user.username} src={post.user.picture} size={40} />
        <span className="post-author__names">
          <span className="post-author__name">
            {post.user.full_name || post.user.username}
            {post.user.isVerified ? <VerifiedBadge size={15} /> : null}
          </span>
          <span className="post-author__meta">
            @{post.user.username} · <time dateTime={post.created_at}>{commentAge(post.created_at)}</time>
          </span>
        </span>
      </AppLink>
      {post.isOwner ? null : <FollowButton username={post.user.username} isFollowing={post.isFollowingAuthor} size="sm" />}
      {post.isOwner ? null : <MoreMenu items={[reportItem('post', post.id), ...personItems(post.user.username).slice(1)]} testId="post-menu" />}
    </header>
  );
}

/** The owner's delete button, with a confirmation; afterwards the owner lands on their profile. */
function DeletePost({ post }: { post: PostDetail }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const { username } = useSession();
  const deletePost = useDeletePost();
  const remove = async () => {
    setBusy(true);
    try {
      await deletePost.mutateAsync(post.id);
      toast(t('post.deleted'), 'success');
      navigate(profilePath(username), { replace: true });
    } catch (error) {
      toast(errorText(error, t('post.deleteFailed')), 'error');
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="post-action" aria-label={t('post.delete')} onClick={() => setAsking(true)}>
        <Icon name="trash" size={22} />
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('post.deleteTitle')}
          description={t('post.deleteBody')}
          cancelLabel={t('post.deleteCancel')}
          confirmLabel={t('post.deleteConfirm')}
          onCancel={() => setAsking(false)}
          onConfirm={() => void remove()}
          busy={busy}
          testId="delete-post"
        />
      ) : null}
    </>
  );
}

/** Like, comment, share and save, with the view and like counts. */
export function PostActions({ post, onComment }: { post: PostDetail; onComment: () => void }) {
  const like = usePostLike(post);
  const toast = useToast();
  const interactive = !post.locked && post.status === 'ready';

  const share = async () => {
    const path = `/${post.post_type === 'quicky' ? 'quicky' : 'post'}/${encodeURIComponent(post.slug)}`;
    if ((await shareLink(path, post.title ?? `@${post.user.username}`)) === 'copied') toast(t('post.linkCopied'), 'success');
  };

  return (
    <div className="post-actions">
      <div className="post-actions__counts">
        <span>{t('post.views', { count: post.views })}</span>
        <span data-testid="like-count">{t('post.likes', { count: like.likes })}</span>
      </div>
      <div className="post-actions__buttons">
        <button
          type="button"
          className={like.isLiked ? 'post-action post-action--on' : 'post-action'}
          aria-pressed={like.isLiked}
          aria-label={like.isLiked ? t('post.unlike') : t('post.like')}
          disabled={!interactive}
          onClick={like.toggle}
        >
          <Icon name="heart" size={24} />
        </button>
        <button type="button" className="post-action" aria-label={t('post.comment')} disabled={!interactive} onClick={onComment}>
          <Icon name="message" size={24} />
        </button>
        <button type="button" className="post-action" aria-label={t('post.share')} onClick={() => void share()}>
          <Icon name="share" size={24} />
        </button>
        <SavePostButton post={post} size={24} />
        {post.isOwner ? <DeletePost post={post} /> : null}
      </div>
    </div>
  );
}
