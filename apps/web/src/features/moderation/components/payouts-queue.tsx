import type { PayoutsQueueItem } from '@wag/contract/payments';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { calendarDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { useMarkPayoutPaid, usePayoutsQueue, type PayoutsQueueStatus } from '../api/payouts-api';

/**
 * The admins' payouts queue ("Pagos"): creators' requests waiting to be paid, the oldest first, with
 * each creator's balance now; an admin makes the transfer by hand and then marks it paid (asked
 * first: it cannot be undone). The paid ones are listed beside it.
 */
export function PayoutsQueue({ status, onStatus }: { status: PayoutsQueueStatus; onStatus: (status: PayoutsQueueStatus) => void }) {
  const queue = usePayoutsQueue(status);
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div data-testid="payouts-queue">
      <div className="desk__tabs" role="tablist" aria-label={t('payouts.tab')}>
        {(['requested', 'paid'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === status}
            className={value === status ? 'desk__tab desk__tab--on' : 'desk__tab'}
            onClick={() => onStatus(value)}
          >
            {t(`payouts.status.${value}`)}
          </button>
        ))}
      </div>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p className="desk__error" role="alert">
          {queue.error instanceof ApiError && queue.error.serverMessage ? queue.error.serverMessage : t('payouts.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="desk__empty">{t(status === 'requested' ? 'payouts.emptyRequested' : 'payouts.emptyPaid')}</p>
      ) : (
        <ul className="panel-list">
          {items.map((item) => (
            <PayoutRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <LoadMore list={queue} />
    </div>
  );
}

function PayoutRow({ item }: { item: PayoutsQueueItem }) {
  const markPaid = useMarkPayoutPaid();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = formatMoney(item.amount, item.currency);

  const confirm = () => {
    markPaid.mutate(item.id, {
      onSuccess: () => {
        setConfirming(false);
        setProblem(null);
        toast(t('payouts.markedPaid', { amount, username: item.creator.username }), 'success');
      },
      onError: (error) => {
        setConfirming(false);
        setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('payouts.markFailed'));
      },
    });
  };

  return (
    <li className="desk__row" data-testid="payout-item" data-id={item.id}>
      <Avatar name={item.creator.username} src={item.creator.profilePictureUrl} size={56} />
      <span className="desk__row-main">
        <span className="desk__row-title">
          {amount} · @{item.creator.username}
        </span>
        {item.creator.fullName ? <span className="desk__excerpt">{item.creator.fullName}</span> : null}
        <span className="desk__meta">
          {t('payouts.requestedAt', { when: calendarDate(item.requestedAt) })}
          {item.paidAt ? ` · ${t('payouts.paidAt', { when: calendarDate(item.paidAt) })}` : ''}
          {item.paidBy ? ` · ${t('payouts.paidBy', { username: item.paidBy })}` : ''}
        </span>
        <span className="desk__meta" data-testid="payout-balance">
          {t('payouts.balance', { amount: formatMoney(item.creatorBalance, item.currency) })}
        </span>
        {problem ? (
          <span className="desk__error" role="alert">
            {problem}
          </span>
        ) : null}
        {item.status === 'requested' ? (
          <span className="desk__buttons">
            <Button variant="primary" onClick={() => setConfirming(true)} disabled={markPaid.isPending} data-testid="mark-paid">
              {t('payouts.markPaid')}
            </Button>
          </span>
        ) : null}
      </span>
      {confirming ? (
        <ConfirmDialog
          title={t('payouts.confirmTitle')}
          description={t('payouts.confirmText', { amount, username: item.creator.username })}
          confirmLabel={t('payouts.markPaid')}
          cancelLabel={t('payouts.cancel')}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
          busy={markPaid.isPending}
          testId="confirm-payout"
        />
      ) : null}
    </li>
  );
}
