import type { PostSummary } from '@wag/contract/profiles';
import { memo, useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { LazyPaymentSheet } from '../payment-sheet/lazy-payment-sheet';
import { Avatar } from '../ui/avatar';
import { Button, ButtonLink } from '../ui/button';
import { Icon } from '../ui/icon';
import { useToast } from '../ui/toast';
import { cardImage, FEED_CARD_SIZES, isVideoPost, postHref } from './post-media';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { usePostLike } from '../../lib/post-actions';
import { useLoginLinks } from '../../lib/login-return';
import { useSession } from '../../lib/session';
import { shareLink } from '../../lib/share';
import { Caption } from './caption';
import { SavePostButton } from './save-post-button';
import './feed-card.css';
import './post-action.css';

/** The card kinds of docs/product.md §3 (feed-card variant): quicky, image or carousel. */
export function feedCardType(post: Pick<PostSummary, 'post_type' | 'media_type' | 'media_count'>): 'quicky' | 'image' | 'carousel' {
  if (isVideoPost(post)) return 'quicky';
  return post.media_count > 1 ? 'carousel' : 'image';
}

/** Under a locked VIP item: 'Suscribirme' opens the payment sheet (a guest signs in first). */
export function VipOffer({ username }: { username: string }) {
  const { token } = useSession();
  const links = useLoginLinks();
  const [open, setOpen] = useState(false);
  return (
    <div className="feed-card__vip" data-testid="feed-card-vip">
      <span>{t('vip.feedOffer', { username })}</span>
      {token ? (
        <Button size="md" onClick={() => setOpen(true)}>
          {t('vip.subscribe')}
        </Button>
      ) : (
        <ButtonLink size="md" to={links.login}>
          {t('vip.subscribe')}
        </ButtonLink>
      )}
      {open ? <LazyPaymentSheet purchase={{ kind: 'subscribe', username }} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/**
 * A post in a list (docs/product.md §2 "Feed card"): author, media (quickys 9:16, images and carousels
 * square, '{n} fotos' on carousels), caption cut at 100 characters with 'más' / 'menos', and like,
 * comment, share and save. `priority`: the list's first card, whose picture is likely the largest
 * thing on the first screen, is fetched at once and first; the others wait until they come near.
 *
 * Memoised: a list renders its cards again whenever it grows (the home feed adds them one at a time on
 * a page's first screen, lib/stepwise.ts), and a card whose post and flags did not change stays as it is.
 */
export const FeedCard = memo(function FeedCard({ post, isLiked = false, isSaved = false, priority = false }: { post: PostSummary; isLiked?: boolean; isSaved?: boolean; priority?: boolean }) {
  const type = feedCardType(post);
  const like = usePostLike({ id: post.id, isLiked, likes: post.likes });
  const toast = useToast();
  const href = postHref(post);
  const image = cardImage(post);

  const share = async () => {
    if ((await shareLink(href)) === 'copied') toast(t('post.linkCopied'), 'success');
  };

  return (
    <article className="feed-card" data-testid="feed-card" data-type={type}>
      <header className="feed-card__head">
        <AppLink to={`/${encodeURIComponent(post.user.username)}`} className="feed-card__author">
          <Avatar name={post.user.full_name || post.user.username} src={post.user.picture} size={36} />
          <span>
            <strong>{post.user.full_name || post.user.username}</strong>
            <span className="feed-card__username">@{post.user.username}</span>
          </span>
        </AppLink>
      </header>
      <AppLink to={href} className={`feed-card__media feed-card__media--${type === 'quicky' ? 'tall' : 'square'}`} aria-label={post.title ?? post.body.slice(0, 80)}>
        {post.locked ? (
          <span className="feed-card__locked">
            <Icon name="lock" size={28} />
            VIP
          </span>
        ) : image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.srcSet ? FEED_CARD_SIZES : undefined}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding={priority ? 'auto' : 'async'}
          />
        ) : null}
        {type === 'carousel' ? <span className="feed-card__label">{t('profile.photos', { count: post.media_count })}</span> : null}
        {type === 'quicky' ? (
          <span className="feed-card__label">
            <Icon name="play" size={13} /> {formatCount(post.views)}
          </span>
        ) : null}
      </AppLink>
      {post.locked ? <VipOffer username={post.user.username} /> : null}
      <div className="feed-card__actions">
        <button type="button" className={like.isLiked ? 'post-action post-action--on' : 'post-action'} aria-pressed={like.isLiked} aria-label={t('post.like')} disabled={post.locked} onClick={like.toggle}>
          <Icon name="heart" size={22} />
        </button>
        <AppLink to={href} className="post-action" aria-label={t('post.comment')}>
          <Icon name="message" size={22} />
        </AppLink>
        <button type="button" className="post-action" aria-label={t('post.share')} onClick={() => void share()}>
          <Icon name="share" size={22} />
        </button>
        <SavePostButton post={{ id: post.id, isSaved }} size={22} />
      </div>
      <p className="feed-card__counts">
        {t('post.likes', { count: like.likes })} · {t('post.views', { count: post.views })}
      </p>
      <Caption title={post.title} text={post.body} />
    </article>
  );
});
