import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api-error';
import { calendarDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { t } from '../../lib/i18n';
import { usePay, usePaymentInfo, type PaymentResult, type Purchase } from '../../lib/queries/payments';
import { useUserVip } from '../../lib/queries/vip';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { cardProblems, emptyCard, formatCardNumber, formatCvv, formatExpiry, type CardFields } from './card-form';
import './payment-sheet.css';

/** Where a hosted processor's form is opened: the whole window goes there (and comes back after). */
function openCheckout(url: string): void {
  window.location.assign(url);
}

export interface PaymentFormProps {
  purchase: Purchase;
  /** The success view's button (closing the sheet, opening the stories). Without it none is shown. */
  onDone?: () => void;
  doneLabel?: string;
  /** Told while a payment is on its way, so the sheet does not close under it. */
  onBusyChange?: (busy: boolean) => void;
  /** Where a hosted checkout is opened; replaced in tests. */
  onRedirect?: (url: string) => void;
}

type Stage = { name: 'form' } | { name: 'paying' } | { name: 'redirecting' } | { name: 'paid'; text: string; detail: string | null } | { name: 'failed'; message: string };

interface Offer {
  amount: number;
  currency: string;
  title: string;
  detail: string;
  priceLine: string;
}

/** The amount, what it buys, or why it cannot be bought now. */
function useOffer(purchase: Purchase): { offer: Offer | null; unavailable: string | null; pending: boolean; failed: boolean; retry: () => void; testMode: boolean; hosted: boolean } {
  const info = usePaymentInfo();
  const username = purchase.kind === 'verification' ? '' : purchase.username;
  const vip = useUserVip(username, purchase.kind !== 'verification');
  const needsVip = purchase.kind !== 'verification';
  const pending = info.isPending || (needsVip && vip.isPending);
  const failed = info.isError || (needsVip && vip.isError);
  const retry = () => {
    if (info.isError) void info.refetch();
    if (vip.isError) void vip.refetch();
  };
  const base = { pending, failed, retry, testMode: info.data?.testMode ?? false, hosted: info.data ? info.data.provider !== 'sandbox' : false };
  if (pending || failed || !info.data) return { ...base, offer: null, unavailable: null };

  if (purchase.kind === 'verification') {
    const price = formatMoney(info.data.verificationFee, info.data.currency);
    return {
      ...base,
      unavailable: null,
      offer: {
        amount: info.data.verificationFee,
        currency: info.data.currency,
        title: t('vip.sheet.verificationTitle'),
        detail: t('vip.sheet.verificationDetail'),
        priceLine: t('vip.sheet.oneTime', { price }),
      },
    };
  }
  const data = vip.data!;
  if (!data.enabled || data.monthlyPrice === null) return { ...base, offer: null, unavailable: t('vip.notOffered', { username }) };
  if (purchase.kind === 'subscribe') {
    if (data.isSubscribed) return { ...base, offer: null, unavailable: t('vip.sheet.alreadySubscribed', { username }) };
    const price = formatMoney(data.monthlyPrice, data.currency);
    return {
      ...base,
      unavailable: null,
      offer: {
        amount: data.monthlyPrice,
        currency: data.currency,
        title: t('vip.sheet.subscribeTitle', { username }),
        detail: t('vip.sheet.subscribeDetail'),
        priceLine: t('vip.perMonth', { price }),
      },
    };
  }
  if (data.lockedStories === 0 || data.storyPrice === null) return { ...base, offer: null, unavailable: t('vip.noLockedStories') };
  const price = formatMoney(data.storyPrice, data.currency);
  return {
    ...base,
    unavailable: null,
    offer: {
      amount: data.storyPrice,
      currency: data.currency,
      title: t('vip.sheet.storiesTitle', { username }),
      detail: t('vip.sheet.storiesDetail', { count: data.lockedStories }),
      priceLine: t('vip.sheet.oneTime', { price }),
    },
  };
}

function successOf(purchase: Purchase, result: Exclude<PaymentResult, { outcome: 'checkout' }>): { text: string; detail: string | null } {
  if (result.outcome === 'subscribed' && purchase.kind !== 'verification') {
    return { text: t('vip.sheet.subscribed', { username: purchase.username }), detail: t('vip.sheet.renewsOn', { date: calendarDate(result.currentPeriodEnd) }) };
  }
  return { text: result.outcome === 'done' ? result.message : t('vip.sheet.paid'), detail: null };
}

/**
 * The payment form (docs/product.md's account-verification form: card number, expiry MM/AA, CVV):
 * what is bought and for how much, the test-mode banner with the test cards, the agreement that access
 * starts at once (sent as `acceptImmediateAccess`), then paying, paid or the server's refusal. With a
 * hosted processor there are no card fields: the window goes to the processor's form.
 * The card is only ever in this component's state, and emptied once paid; closing the sheet drops it.
 */
export function PaymentForm({ purchase, onDone, doneLabel, onBusyChange, onRedirect = openCheckout }: PaymentFormProps) {
  const { offer, unavailable, pending, failed, retry, testMode, hosted } = useOffer(purchase);
  const pay = usePay();
  const [card, setCard] = useState<CardFields>(emptyCard);
  // The value is read in the handler, not in the updater (which may run after the event is handled).
  const setCardField = (field: keyof CardFields, value: string) => setCard((current) => ({ ...current, [field]: value }));
  const [accepted, setAccepted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const acceptId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a refused submit: the first field with a problem then takes the focus.
  const [refusals, setRefusals] = useState(0);
  const alive = useRef(true);
  const busy = stage.name === 'paying' || stage.name === 'redirecting';

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  if (pending) return <Spinner label={t('vip.sheet.loading')} />;
  if (failed) {
    return (
      <div className="payment-form__status" role="alert">
        <p>{t('vip.sheet.loadFailed')}</p>
        <Button variant="secondary" onClick={retry}>
          {t('vip.retry')}
        </Button>
      </div>
    );
  }
  if (stage.name === 'paid') {
    return (
      <div className="payment-form__done" data-testid="payment-success">
        <span className="payment-form__done-icon" aria-hidden="true">
          <Icon name="check" size={28} />
        </span>
        <p className="payment-form__done-text" role="status">
          {stage.text}
        </p>
        {stage.detail ? <p className="payment-form__done-detail">{stage.detail}</p> : null}
        {onDone ? (
          <Button block onClick={onDone} data-autofocus>
            {doneLabel ?? t('vip.sheet.done')}
          </Button>
        ) : null}
      </div>
    );
  }
  if (!offer) {
    return (
      <div className="payment-form__status" data-testid="payment-unavailable">
        <p>{unavailable}</p>
      </div>
    );
  }

  const problems = hosted ? { cardNumber: null, expiryDate: null, cvv: null } : cardProblems(card);
  const acceptProblem = accepted ? null : t('vip.sheet.acceptRequired');
  const problemText = (key: keyof CardFields) => (problems[key] ? t(`vip.card.${problems[key]}`) : null);
  const price = formatMoney(offer.amount, offer.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    if (problems.cardNumber || problems.expiryDate || problems.cvv || acceptProblem) {
      setRefusals((count) => count + 1);
      return;
    }
    setStage({ name: 'paying' });
    try {
      const body = hosted
        ? { acceptImmediateAccess: true }
        : { cardNumber: card.cardNumber.replace(/\s/g, ''), expiryDate: card.expiryDate.trim(), cvv: card.cvv.trim(), acceptImmediateAccess: true };
      const result = await pay(purchase, body);
      if (!alive.current) return;
      if (result.outcome === 'checkout') {
        setStage({ name: 'redirecting' });
        onRedirect(result.checkoutUrl);
        return;
      }
      setCard(emptyCard);
      setStage({ name: 'paid', ...successOf(purchase, result) });
    } catch (error) {
      if (alive.current) setStage({ name: 'failed', message: errorText(error, t('vip.sheet.failed')) });
    }
  };

  return (
    <form ref={formRef} className="payment-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined} data-testid="payment-form">
      <div className="payment-form__summary" data-testid="payment-summary">
        <span className="payment-form__what">
          <strong>{offer.title}</strong>
          <span>{offer.detail}</span>
        </span>
        <span className="payment-form__amount">{offer.priceLine}</span>
      </div>

      {testMode ? (
        <div className="payment-form__test" role="note" data-testid="test-mode-banner">
          <strong>
            <Icon name="alert" size={18} />
            {t('vip.sheet.testModeTitle')}
          </strong>
          <p>{t('vip.sheet.testModeBody')}</p>
          <ul>
            <li>
              <code>4242 4242 4242 4242</code> {t('vip.sheet.testApproved')}
            </li>
            <li>
              <code>4000 0000 0000 0002</code> {t('vip.sheet.testDeclined')}
            </li>
          </ul>
        </div>
      ) : null}

      {hosted ? (
        <p className="payment-form__hosted">
          <Icon name="lock" size={18} />
          {t('vip.sheet.hostedNote')}
        </p>
      ) : (
        <fieldset className="payment-form__card" disabled={busy}>
          <legend className="visually-hidden">{t('vip.sheet.cardLegend')}</legend>
          <TextField
            label={t('vip.card.number')}
            name="cardNumber"
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 5678 9012 3456"
            value={card.cardNumber}
            onChange={(event) => setCardField('cardNumber', formatCardNumber(event.target.value))}
            error={problemText('cardNumber')}
            showError={attempted}
            required
          />
          <div className="payment-form__row">
            <TextField
              label={t('vip.card.expiry')}
              name="expiryDate"
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder={t('vip.card.expiryPlaceholder')}
              value={card.expiryDate}
              onChange={(event) => setCardField('expiryDate', formatExpiry(event.target.value))}
              error={problemText('expiryDate')}
              showError={attempted}
              required
            />
            <TextField
              label={t('vip.card.cvv')}
              name="cvv"
              autoComplete="cc-csc"
              inputMode="numeric"
              hint={t('vip.card.cvvHint')}
              value={card.cvv}
              onChange={(event) => setCardField('cvv', formatCvv(event.target.value))}
              error={problemText('cvv')}
              showError={attempted}
              required
            />
          </div>
        </fieldset>
      )}

      <div className={attempted && acceptProblem ? 'payment-form__accept payment-form__accept--invalid' : 'payment-form__accept'}>
        <input
          id={acceptId}
          type="checkbox"
          checked={accepted}
          disabled={busy}
          required
          aria-invalid={attempted && acceptProblem ? true : undefined}
          aria-describedby={attempted && acceptProblem ? `${acceptId}-error` : undefined}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        <label htmlFor={acceptId}>{t('vip.sheet.accept')}</label>
      </div>
      {attempted && acceptProblem ? (
        <p className="field__error" id={`${acceptId}-error`} role="alert">
          <Icon name="alert" size={16} />
          <span>{acceptProblem}</span>
        </p>
      ) : null}

      {stage.name === 'failed' ? (
        <p className="payment-form__error" role="alert" data-testid="payment-error">
          {stage.message}
        </p>
      ) : null}

      <Button type="submit" block size="lg" disabled={busy} data-testid="pay-button">
        {busy ? t('vip.sheet.processing') : hosted ? t('vip.sheet.continueHosted') : t('vip.sheet.pay', { price })}
      </Button>
      <p className="payment-form__fine">
        <Icon name="lock" size={14} />
        {t('vip.sheet.fine')}
      </p>
    </form>
  );
}
