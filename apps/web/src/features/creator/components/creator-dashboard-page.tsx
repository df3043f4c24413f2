import type { CreatorDashboardResponse, IdentityStatus } from '@wag/contract/payments';
import { AppLink } from '../../../lib/app-link';
import { postHref } from '../../../components/posts/post-media';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate, formatCount } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { useCreatorDashboard } from '../api/creator-api';
import { EarningsChart } from './earnings-chart';
import { PayoutSection } from './payout-form';
import { PriceForm } from './price-form';
import './creator.css';

type Dashboard = CreatorDashboardResponse;

/** Without an approved identity nobody sets a price or receives money: why, and where to fix it. */
function IdentityNotice({ identity }: { identity: IdentityStatus }) {
  const body = identity === 'pending' ? t('creator.identityPending') : identity === 'rejected' ? t('creator.identityRejected') : t('creator.identityNone');
  return (
    <section className="panel-card creator__card creator__notice" data-testid="identity-notice" aria-labelledby="creator-identity-title">
      <h2 id="creator-identity-title">
        <Icon name="shieldCheck" size={20} />
        {t('creator.identityTitle')}
      </h2>
      <p>{body}</p>
      {identity !== 'pending' ? (
        <ButtonLink to="/settings/verification/identity" variant="secondary">
          {t('creator.toIdentity')}
        </ButtonLink>
      ) : null}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <li className="creator__stat" data-testid={testId}>
      <span className="creator__stat-label">{label}</span>
      <strong className="creator__stat-value">{value}</strong>
    </li>
  );
}

function LatestPayments({ payments }: { payments: Dashboard['latestPayments'] }) {
  return (
    <section className="panel-card creator__card" aria-labelledby="creator-payments-title" data-testid="latest-payments">
      <h2 id="creator-payments-title">{t('creator.latestPayments')}</h2>
      {payments.length === 0 ? (
        <p className="creator__muted">{t('creator.noPayments')}</p>
      ) : (
        <ul className="creator__rows">
          {payments.map((payment) => (
            <li key={payment.id} className="creator__row">
              <span className="creator__row-main">
                <strong>{t(`creator.kind.${payment.kind}`)}</strong>
                <span className="creator__muted">
                  {payment.payer ? `${t('creator.from', { username: payment.payer })} · ` : ''}
                  {calendarDate(payment.at)}
                </span>
                <span className="creator__muted">
                  {t('creator.gross')} {formatMoney(payment.gross, payment.currency)} · {t('creator.fee')} {formatMoney(payment.fee, payment.currency)}
                </span>
              </span>
              <strong className={payment.net < 0 ? 'creator__row-amount creator__negative' : 'creator__row-amount'}>{formatMoney(payment.net, payment.currency)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentPosts({ posts }: { posts: Dashboard['recentPosts'] }) {
  return (
    <section className="panel-card creator__card" aria-labelledby="creator-posts-title" data-testid="recent-posts">
      <h2 id="creator-posts-title">{t('creator.recentPosts')}</h2>
      {posts.length === 0 ? (
        <p className="creator__muted">{t('creator.noPosts')}</p>
      ) : (
        <ul className="creator__rows">
          {posts.map((post) => (
            <li key={post.id} className="creator__row" data-testid="recent-post">
              <AppLink to={postHref({ post_type: post.postType, slug: post.slug })} className="creator__post">
                {post.thumbnailUrl ? (
                  <img src={post.thumbnailUrl} alt="" className="creator__thumb" loading="lazy" />
                ) : (
                  <span className="creator__thumb" aria-hidden="true">
                    <Icon name="image" size={18} />
                  </span>
                )}
                <span className="creator__row-main">
                  <strong>{post.title?.trim() || t('creator.untitled')}</strong>
                  <span className="creator__muted">
                    {t(`creator.visibility.${post.visibility}`)} · {calendarDate(post.createdAt)}
                  </span>
                </span>
              </AppLink>
              <span className="creator__counts">
                <span>{t('creator.views', { count: post.views })}</span>
                <span>{t('creator.likes', { count: post.likes })}</span>
                <span>{t('creator.comments', { count: post.comments })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /creator: the signed-in creator's subscribers, money, posts, payouts and prices. */
export function CreatorDashboardPage() {
  useDocumentTitle(t('creator.title'));
  const dashboard = useCreatorDashboard();
  const data = dashboard.data;
  const header = <PageHeader back={{ to: '/settings', label: t('settings.backToSettings') }} title={t('creator.title')} subtitle={t('creator.subtitle')} />;

  if (dashboard.isPending) {
    return (
      <section className="creator" data-testid="creator-dashboard">
        {header}
        <Spinner />
      </section>
    );
  }
  if (!data) {
    return (
      <section className="creator" data-testid="creator-dashboard">
        {header}
        <div className="creator__failed" role="alert">
          <p>{t('creator.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void dashboard.refetch()}>
            {t('creator.retry')}
          </Button>
        </div>
      </section>
    );
  }

  const approved = data.identity === 'approved';
  const thisMonth = data.earningsByMonth.at(-1)?.net ?? 0;
  return (
    <section className="creator" data-testid="creator-dashboard">
      {header}
      {approved ? null : <IdentityNotice identity={data.identity} />}
      <ul className="creator__stats" aria-label={t('creator.title')}>
        <Stat label={t('creator.subscribers')} value={formatCount(data.subscribers)} testId="stat-subscribers" />
        <Stat label={t('creator.balance')} value={formatMoney(data.balance, data.currency)} testId="stat-balance" />
        <Stat label={t('creator.thisMonth')} value={formatMoney(thisMonth, data.currency)} testId="stat-month" />
      </ul>
      <div className="creator__columns">
        <div className="creator__column">
          <section className="panel-card creator__card" aria-labelledby="creator-earnings-title">
            <h2 id="creator-earnings-title">{t('creator.earnings')}</h2>
            <p className="creator__muted">{t('creator.feeNote', { percent: data.platformFeePercent })}</p>
            <EarningsChart months={data.earningsByMonth} currency={data.currency} />
          </section>
          <LatestPayments payments={data.latestPayments} />
          <RecentPosts posts={data.recentPosts} />
        </div>
        <div className="creator__column">
          {approved ? <PriceForm vip={data.vip} /> : null}
          <PayoutSection balance={data.balance} currency={data.currency} payouts={data.payouts} canReceive={approved} />
        </div>
      </div>
    </section>
  );
}
