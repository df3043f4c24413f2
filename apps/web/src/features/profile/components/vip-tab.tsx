import type { UseQueryResult } from '@tanstack/react-query';
import type { UserVipResponse } from '@wag/contract/payments';
import type { PostSummary } from '@wag/contract/profiles';
import { useId } from 'react';
import { AppLink } from '../../../lib/app-link';
import { PostGrid } from '../../../components/posts/post-grid';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { calendarDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import './vip-tab.css';

/**
 * A hue from the post's id, within the brand's violet to pink, so the covers differ from one another
 * without showing anything of them.
 */
function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 9973;
  return 270 + ((hash * 37) % 80);
}

/**
 * The locked items as covers: a blurred gradient and a lock, never the media (locked posts come
 * without it). Not links: there is nothing to open before subscribing.
 */
function VipCovers({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <ul className="vip-covers" data-testid="vip-covers">
      {posts.map((post) => (
        <li key={post.id} className="vip-cover" style={{ ['--cover-hue' as string]: hueOf(post.id) }} role="img" aria-label={t('profile.lockedTile')} data-testid="vip-cover">
          <span className="vip-cover__lock" aria-hidden="true">
            <Icon name="lock" size={22} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 'Suscrito · se renueva el 23 dic 2026', 'Cancelada · acceso hasta …', 'Pago pendiente · acceso hasta …'. */
export function vipStanding(vip: Pick<UserVipResponse, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>): string {
  const date = calendarDate(vip.currentPeriodEnd);
  if (vip.status === 'canceled' || vip.cancelAtPeriodEnd) return t('vip.canceledUntil', { date });
  if (vip.status === 'past_due') return t('vip.pastDueUntil', { date });
  return t('vip.renewsOn', { date });
}

interface VipTabProps {
  username: string;
  vip: UseQueryResult<UserVipResponse>;
  /** The VIP posts known so far (locked ones without media). */
  posts: PostSummary[];
  hasMore: boolean;
  onSubscribe: () => void;
}

/**
 * A visitor's VIP tab: the monthly price and 'Suscribirme' over the blurred covers of what is locked;
 * for a subscriber the content and how the subscription stands; a plain sentence when the creator
 * offers no VIP.
 */
export function VipTab({ username, vip, posts, hasMore, onSubscribe }: VipTabProps) {
  const titleId = useId();
  if (vip.isPending) return <Spinner />;
  if (vip.isError) {
    return (
      <div className="vip-offer" data-testid="vip-locked">
        <p className="vip-offer__body">{t('vip.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void vip.refetch()}>
          {t('vip.retry')}
        </Button>
      </div>
    );
  }
  const offer = vip.data;

  if (offer.isSubscribed) {
    return (
      <div data-testid="vip-subscribed">
        <p className="vip-standing">
          <Icon name="check" size={16} />
          <span data-testid="vip-standing">{vipStanding(offer)}</span>
          <AppLink to="/settings/subscriptions">{t('vip.manage')}</AppLink>
        </p>
        {posts.length > 0 ? <PostGrid posts={posts} /> : hasMore ? null : <p className="profile-empty">{t('profile.noVip')}</p>}
      </div>
    );
  }

  if (!offer.enabled || offer.monthlyPrice === null) {
    return (
      <div className="vip-offer vip-offer--none" data-testid="vip-not-offered">
        <span className="vip-offer__icon" aria-hidden="true">
          <Icon name="lock" size={26} />
        </span>
        <p className="vip-offer__body">{t('vip.notOffered', { username })}</p>
      </div>
    );
  }

  const price = formatMoney(offer.monthlyPrice, offer.currency);
  return (
    <div data-testid="vip-locked">
      <section className="vip-offer" aria-labelledby={titleId}>
        <span className="vip-offer__icon" aria-hidden="true">
          <Icon name="lock" size={26} />
        </span>
        <h3 className="vip-offer__title" id={titleId}>
          {t('profile.vipLockedTitle')}
        </h3>
        <p className="vip-offer__body">{t('vip.offerBody', { username })}</p>
        <p className="vip-offer__price" data-testid="vip-price">
          {t('vip.perMonth', { price })}
        </p>
        <Button size="lg" onClick={onSubscribe} data-testid="vip-subscribe">
          {t('vip.subscribe')}
        </Button>
        {offer.status === 'expired' || offer.status === 'canceled' ? <p className="vip-offer__note">{t('vip.ended')}</p> : null}
      </section>
      <VipCovers posts={posts.filter((post) => post.locked)} />
    </div>
  );
}
