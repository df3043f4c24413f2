import type { Subscription } from '@wag/contract/payments';
import { useState } from 'react';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { useCancelSubscription, useSubscriptions } from '../api/subscriptions-api';
import './subscriptions-page.css';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** 'Visa terminada en 4242', or how a hosted processor's subscription was paid. */
function cardText(card: Subscription['card']): string {
  if (!card) return t('subscriptions.hosted');
  return t('subscriptions.card', { brand: BRANDS[card.brand] ?? t('subscriptions.cardGeneric'), last4: card.last4 });
}

/** When it renews, or until when access lasts, or when it ended. */
function periodText(item: Subscription): string {
  const ended = item.status === 'expired';
  if (ended) return t('subscriptions.endedOn', { date: calendarDate(item.accessUntil) });
  if (item.status === 'active' && !item.cancelAtPeriodEnd) return t('subscriptions.renewsOn', { date: calendarDate(item.currentPeriodEnd) });
  return t('subscriptions.accessUntil', { date: calendarDate(item.accessUntil) });
}

function canCancel(item: Subscription): boolean {
  return (item.status === 'active' || item.status === 'past_due') && !item.cancelAtPeriodEnd;
}

function SubscriptionRow({ item }: { item: Subscription }) {
  const cancel = useCancelSubscription();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const { creator } = item;
  const name = creator.fullName?.trim() || creator.username;
  const status = item.cancelAtPeriodEnd && item.status === 'active' ? 'canceled' : item.status;

  return (
    <li className="subscription" data-testid="subscription" aria-label={`@${creator.username}`}>
      <AppLink to={`/${encodeURIComponent(creator.username)}?tab=vip`} className="subscription__creator">
        <Avatar name={name} src={creator.profilePictureUrl} size={48} />
        <span className="subscription__who">
          <span className="subscription__name">
            {name}
            {creator.isVerified ? <VerifiedBadge size={14} /> : null}
          </span>
          <span className="subscription__handle">@{creator.username}</span>
        </span>
      </AppLink>
      <dl className="subscription__facts">
        <div>
          <dt className="visually-hidden">{t('subscriptions.priceLabel')}</dt>
          <dd>{t('vip.perMonth', { price: formatMoney(item.price, item.currency) })}</dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('subscriptions.statusLabel')}</dt>
          <dd>
            <span className={`subscription__status subscription__status--${status}`} data-testid="subscription-status">
              {t(`subscriptions.status.${status}`)}
            </span>{' '}
            <span data-testid="subscription-period">{periodText(item)}</span>
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">{t('subscriptions.paymentLabel')}</dt>
          <dd data-testid="subscription-card">{cardText(item.card)}</dd>
        </div>
      </dl>
      {canCancel(item) ? (
        <div className="subscription__actions">
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={cancel.isPending}>
            {t('subscriptions.cancel')}
          </Button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('subscriptions.cancelTitle', { username: creator.username })}
          description={t('subscriptions.cancelBody', { date: calendarDate(item.accessUntil) })}
          confirmLabel={cancel.isPending ? t('subscriptions.canceling') : t('subscriptions.cancel')}
          cancelLabel={t('subscriptions.keep')}
          busy={cancel.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            cancel.mutate(creator.username, {
              onSuccess: (response) => {
                setAsking(false);
                toast(response.message, 'success');
              },
              onError: (error) => {
                setAsking(false);
                toast(errorText(error, t('subscriptions.cancelFailed')), 'error');
              },
            })
          }
          testId="cancel-subscription-dialog"
        />
      ) : null}
    </li>
  );
}

/** /settings/subscriptions, 'Mis suscripciones': each creator, price, state, renewal or end of access, card, and cancel. */
export function SubscriptionsPage() {
  useDocumentTitle(t('subscriptions.title'));
  const list = useSubscriptions();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="subscriptions" data-testid="subscriptions-page">
      <PageHeader back={{ to: '/settings', label: t('settings.backToSettings') }} title={t('subscriptions.title')} subtitle={t('subscriptions.subtitle')} />
      {list.isPending ? (
        <Spinner />
      ) : list.isError && items.length === 0 ? (
        <div className="subscriptions__empty" role="alert">
          <p>{t('subscriptions.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('subscriptions.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="subscriptions__empty">{t('subscriptions.empty')}</p>
      ) : (
        <ul className="subscriptions__list">
          {items.map((item) => (
            <SubscriptionRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}
