import type { Payout } from '@wag/contract/payments';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { calendarDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { useRequestPayout } from '../api/creator-api';
import { centsToInput, parseCents } from '../money-input';

/** The balance, 'Solicitar pago' (POST /api/creator/payouts, cents) and the payouts so far. */
export function PayoutSection({ balance, currency, payouts, canReceive }: { balance: number; currency: string; payouts: Payout[]; canReceive: boolean }) {
  const request = useRequestPayout();
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const cents = parseCents(amount);
  const problem = !amount.trim()
    ? t('creator.amountRequired')
    : cents === null || cents <= 0
      ? t('creator.amountInvalid')
      : cents > balance
        ? t('creator.amountTooLarge')
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problem || cents === null) return;
    request.mutate(cents, {
      onSuccess: (response) => {
        setAmount('');
        setAttempted(false);
        toast(response.message, 'success');
      },
    });
  };

  return (
    <section className="panel-card creator__card" aria-labelledby="creator-payouts-title" data-testid="payouts">
      <h2 id="creator-payouts-title">{t('creator.payouts')}</h2>
      {canReceive ? (
        balance > 0 ? (
          <form className="creator__payout-form" onSubmit={submit} noValidate>
            <TextField
              label={t('creator.payoutAmount', { currency })}
              inputMode="decimal"
              placeholder={centsToInput(balance)}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              hint={t('creator.payoutHint', { balance: formatMoney(balance, currency) })}
              error={problem}
              showError={attempted}
              required
            />
            {request.isError ? (
              <p className="creator__error" role="alert">
                {errorText(request.error, t('creator.payoutFailed'))}
              </p>
            ) : null}
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t('creator.requesting') : t('creator.requestPayout')}
            </Button>
          </form>
        ) : (
          <p className="creator__muted">{t('creator.noBalance')}</p>
        )
      ) : null}
      {payouts.length === 0 ? (
        <p className="creator__muted">{t('creator.noPayouts')}</p>
      ) : (
        <ul className="creator__rows" data-testid="payout-list">
          {payouts.map((payout) => (
            <li key={payout.id} className="creator__row">
              <span className="creator__row-main">
                <strong>{formatMoney(payout.amount, payout.currency)}</strong>
                <span className="creator__muted">
                  {payout.status === 'paid' && payout.paidAt
                    ? t('creator.payoutStatus.paid', { date: calendarDate(payout.paidAt) })
                    : t('creator.payoutStatus.requested', { date: calendarDate(payout.requestedAt) })}
                </span>
              </span>
              <span className={`creator__chip creator__chip--${payout.status}`}>{payout.status === 'paid' ? t('creator.paid') : t('creator.requested')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
