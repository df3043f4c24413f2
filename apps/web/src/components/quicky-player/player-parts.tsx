import type { PostDetail } from '@wag/contract/posts';
import type { PostSummary } from '@wag/contract/profiles';
import { AppLink } from '../../lib/app-link';
import { Caption } from '../posts/caption';
import { postHref } from '../posts/post-media';
import { FollowButton } from '../social/follow-button';
import { Avatar } from '../ui/avatar';
import { Icon } from '../ui/icon';
import { useToast } from '../ui/toast';
import { VerifiedBadge } from '../ui/verified-badge';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { usePostLike, usePostSave } from '../../lib/post-actions';
import { useSession } from '../../lib/session';
import { shareLink } from '../../lib/share';
import '../posts/caption.css';
import './player-parts.css';
import { useSendToLogin } from '../../lib/login-return';

/** A quicky as a list gives it; the feeds also say whether the viewer likes and saves it. */
export interface PlayerItem extends PostSummary {
  isLiked?: boolean;
  isSaved?: boolean;
}

/** What the viewer's like of an item is, once known (a list of quickys does not say). */
export function useItemLike(item: PlayerItem, detail: PostDetail | undefined) {
  return usePostLike({ id: item.id, isLiked: detail?.isLiked ?? item.isLiked ?? false, likes: detail?.likes ?? item.likes });
}

/** Over the bottom of the video: @author, the follow button and the caption with 'más' / 'menos'. */
export function PlayerInfo({ item, detail }: { item: PlayerItem; detail: PostDetail | undefined }) {
  const { token } = useSession();
  const profile = `/${encodeURIComponent(item.user.username)}`;
  return (
    <div className="qp-slide__info">
      <div className="qp-slide__who">
        <AppLink to={profile} className="qp-slide__name">
          @{item.user.username}
          {detail?.user.isVerified ? <VerifiedBadge size={14} /> : null}
        </AppLink>
        {detail?.isOwner || (token && !detail) ? null : (
          <FollowButton username={item.user.username} isFollowing={detail?.isFollowingAuthor ?? false} size="sm" />
        )}
      </div>
      <Caption title={item.title} text={item.body} />
    </div>
  );
}

/**
 * The rail over the right of the video: the author's avatar, like with its count, comments with theirs,
 * save and share. Guests pressing like or comments go to /login (docs/product.md §4).
 */
export function PlayerRail({ item, detail, testIds, onComments }: { item: PlayerItem; detail: PostDetail | undefined; testIds: boolean; onComments: () => void }) {
  const { token } = useSession();
  const sendToLogin = useSendToLogin();
  const toast = useToast();
  const like = useItemLike(item, detail);
  const save = usePostSave({ id: item.id, isSaved: detail?.isSaved ?? item.isSaved ?? false });
  const profile = `/${encodeURIComponent(item.user.username)}`;
  const interactive = !item.locked && item.status === 'ready';
  const share = async () => {
    if ((await shareLink(postHref(item), item.title ?? `@${item.user.username}`)) === 'copied') toast(t('post.linkCopied'), 'success');
  };
  return (
    <div className="qp-slide__rail" data-testid={testIds ? 'player-rail' : undefined}>
      <AppLink to={profile} className="qp-slide__avatar" aria-label={t('player.authorProfile', { username: item.user.username })}>
        <Avatar name={item.user.full_name || item.user.username} src={item.user.picture} size={46} />
      </AppLink>
      <button
        type="button"
        className={like.isLiked ? 'qp-action qp-action--liked' : 'qp-action'}
        aria-pressed={like.isLiked}
        aria-label={like.isLiked ? t('post.unlike') : t('post.like')}
        disabled={!interactive}
        onClick={like.toggle}
      >
        <Icon name="heart" size={30} />
        <span data-testid={testIds ? 'player-like-count' : undefined}>{formatCount(like.likes)}</span>
      </button>
      <button
        type="button"
        className="qp-action"
        aria-label={`${t('post.viewComments')} (${item.comments})`}
        disabled={!interactive}
        onClick={() => (token ? onComments() : sendToLogin())}
      >
        <Icon name="message" size={30} />
        <span>{formatCount(item.comments)}</span>
      </button>
      <button
        type="button"
        className={save.isSaved ? 'qp-action qp-action--saved' : 'qp-action'}
        aria-pressed={save.isSaved}
        aria-label={save.isSaved ? t('post.unsave') : t('post.save')}
        disabled={!interactive}
        onClick={() => {
          const saved = save.toggle();
          if (saved !== null) toast(saved ? t('post.saved') : t('post.unsaved'), 'success');
        }}
      >
        <Icon name="bookmark" size={28} />
      </button>
      <button type="button" className="qp-action" aria-label={t('post.share')} onClick={() => void share()}>
        <Icon name="share" size={28} />
      </button>
    </div>
  );
}
