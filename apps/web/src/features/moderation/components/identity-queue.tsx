import type { IdentityQueueItem } from '@wag/contract/identity';
import { AppLink } from '../../../lib/app-link';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { calendarDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useIdentityQueue } from '../api/moderation-api';

/** The Identidad tab: pending identity requests, date-of-birth mismatches first, then the oldest. */
export function IdentityQueue() {
  const queue = useIdentityQueue();
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <p className="desk__muted">{t('identity.desk.subtitle')}</p>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p className="desk__empty" role="alert">
          {t('identity.desk.failed')}
        </p>
      ) : items.length === 0 ? (
        <p className="desk__empty">{t('identity.desk.empty')}</p>
      ) : (
        <ul className="panel-list" data-testid="identity-queue">
          {items.map((item) => (
            <IdentityRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <LoadMore list={queue} />
    </>
  );
}

function IdentityRow({ item }: { item: IdentityQueueItem }) {
  return (
    <li>
      <AppLink to={`/moderation/identity/${encodeURIComponent(item.id)}`} className="desk__row" data-testid="identity-item">
        <span className="desk__row-main">
          <span className="desk__row-title">
            @{item.user.username}
            {item.user.fullName ? ` · ${item.user.fullName}` : ''}
          </span>
          <span className="desk__tags">
            {item.dobMatches ? null : <span className="desk__tag desk__tag--urgent">{t('identity.desk.dobMismatch')}</span>}
          </span>
          <span className="desk__meta">
            {t('identity.desk.dobSent', { dob: item.dob })} · {t('identity.desk.dobAccount', { dob: item.user.birthDate })} ·{' '}
            {t('identity.desk.sentOn', { when: calendarDate(item.createdAt) })}
          </span>
        </span>
      </AppLink>
    </li>
  );
}
