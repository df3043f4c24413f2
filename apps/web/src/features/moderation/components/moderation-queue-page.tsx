import type { QueueItem } from '@wag/contract/moderation';
import { MODERATION_STATUSES, URGENT_REPORT_REASONS, type ModerationStatus } from '@wag/contract/moderation-rules';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/current-user';
import { t } from '../../../lib/i18n';
import { useQueue } from '../api/moderation-api';
import { IdentityQueue } from './identity-queue';
import { ModerationGate } from './moderation-gate';
import { PayoutsQueue } from './payouts-queue';
import '../../../components/ui/page-header.css';
import './moderation.css';

/**
 * /moderation: the queue in three tabs, Abiertos / Escalados / Cerrados (?status=); Identidad
 * (?queue=identity), the identity documents to review; and for admins Pagos (?queue=payouts),
 * creators' payout requests to mark paid.
 */
export function ModerationQueuePage() {
  return (
    <ModerationGate>
      <Queue />
    </ModerationGate>
  );
}

function Queue() {
  const [params, setParams] = useSearchParams();
  const isAdmin = useCurrentUser().data?.role === 'admin';
  // ?queue=identity: identity verification requests; ?queue=payouts (admins): payout requests.
  const identity = params.get('queue') === 'identity';
  const payouts = isAdmin && params.get('queue') === 'payouts';
  const reports = !identity && !payouts;
  const status: ModerationStatus = MODERATION_STATUSES.find((value) => value === params.get('status')) ?? 'open';
  useDocumentTitle(t('moderation.title'));

  return (
    <section className="desk" data-testid="moderation-queue">
      <h1 className="desk__title">{t('moderation.title')}</h1>
      <p className="desk__muted">{t('moderation.subtitle')}</p>
      <div className="desk__tabs" role="tablist" aria-label={t('moderation.title')}>
        {MODERATION_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={reports && value === status}
            className={reports && value === status ? 'desk__tab desk__tab--on' : 'desk__tab'}
            onClick={() => setParams(value === 'open' ? {} : { status: value })}
          >
            {t(`moderation.tabs.${value}`)}
          </button>
        ))}
        <button
          type="button"
          role="tab"
          aria-selected={identity}
          className={identity ? 'desk__tab desk__tab--on' : 'desk__tab'}
          onClick={() => setParams({ queue: 'identity' })}
        >
          {t('identity.desk.tab')}
        </button>
        {isAdmin ? (
          <button
            type="button"
            role="tab"
            aria-selected={payouts}
            className={payouts ? 'desk__tab desk__tab--on' : 'desk__tab'}
            onClick={() => setParams({ queue: 'payouts' })}
            data-testid="payouts-tab"
          >
            {t('payouts.tab')}
          </button>
        ) : null}
      </div>
      {identity ? (
        <IdentityQueue />
      ) : payouts ? (
        <PayoutsQueue status={params.get('status') === 'paid' ? 'paid' : 'requested'} onStatus={(value) => setParams(value === 'paid' ? { queue: 'payouts', status: 'paid' } : { queue: 'payouts' })} />
      ) : (
        <ReportsQueue status={status} />
      )}
    </section>
  );
}

function ReportsQueue({ status }: { status: ModerationStatus }) {
  const queue = useQueue(status);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {queue.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="desk__empty">{t('moderation.empty')}</p>
      ) : (
        <ul className="panel-list">
          {items.map((item) => (
            <QueueRow key={`${item.subjectType}:${item.subjectId}`} item={item} />
          ))}
        </ul>
      )}
      <LoadMore list={queue} />
    </>
  );
}

function QueueRow({ item }: { item: QueueItem }) {
  const urgent = item.reasons.some((reason) => URGENT_REPORT_REASONS.includes(reason));
  const to = `/moderation/${item.subjectType}/${encodeURIComponent(item.subjectId)}`;
  return (
    <li>
      <AppLink to={to} className="desk__row" data-testid="queue-item">
        {item.preview.thumbnailUrl ? <img className="desk__thumb" src={item.preview.thumbnailUrl} alt="" width={56} height={56} loading="lazy" /> : <span className="desk__thumb desk__thumb--empty" aria-hidden="true" />}
        <span className="desk__row-main">
          <span className="desk__row-title">
            {t(`safety.subjects.${item.subjectType}`)}
            {item.preview.ownerUsername ? ` · @${item.preview.ownerUsername}` : ''}
          </span>
          {item.preview.text ? <span className="desk__excerpt">{item.preview.text}</span> : null}
          <span className="desk__tags">
            {urgent ? <span className="desk__tag desk__tag--urgent">{t('moderation.urgent')}</span> : null}
            {item.appealPending ? <span className="desk__tag desk__tag--appeal">{t('moderation.appealPending')}</span> : null}
            {item.reasons.map((reason) => (
              <span key={reason} className="desk__tag">
                {t(`safety.reasons.${reason}`)}
              </span>
            ))}
          </span>
          <span className="desk__meta">
            {t('moderation.reports', { count: item.reportsCount })} ·{' '}
            {t('moderation.firstReported', { when: calendarDate(item.firstReportedAt) })}
          </span>
        </span>
      </AppLink>
    </li>
  );
}
