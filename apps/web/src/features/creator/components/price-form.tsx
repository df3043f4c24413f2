import type { VipOffer } from '@wag/contract/payments';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { useSaveVipPrices } from '../api/creator-api';
import { centsToInput, MAX_PRICE_CENTS, MIN_PRICE_CENTS, parseCents, priceProblem, type PriceProblem } from '../money-input';

/** The monthly and 'Comprar Story' prices, typed in currency units, sent in cents (PUT /api/creator/vip). */
export function PriceForm({ vip }: { vip: VipOffer }) {
  const save = useSaveVipPrices();
  const toast = useToast();
  const [monthly, setMonthly] = useState(centsToInput(vip.monthlyPrice));
  const [story, setStory] = useState(centsToInput(vip.storyPrice));
  const [attempted, setAttempted] = useState(false);
  const bounds = { min: formatMoney(MIN_PRICE_CENTS, vip.currency), max: formatMoney(MAX_PRICE_CENTS, vip.currency) };
  const message = (problem: PriceProblem) => (problem === 'required' ? t('creator.priceRequired') : problem === 'invalid' ? t('creator.priceInvalid', bounds) : null);
  const monthlyProblem = priceProblem(monthly);
  const storyProblem = priceProblem(story);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (monthlyProblem || storyProblem) return;
    save.mutate(
      { monthlyPrice: parseCents(monthly)!, storyPrice: parseCents(story)! },
      {
        onSuccess: (response) => {
          setMonthly(centsToInput(response.vip.monthlyPrice));
          setStory(centsToInput(response.vip.storyPrice));
          setAttempted(false);
          toast(t('creator.saved'), 'success');
        },
      },
    );
  };

  return (
    <form className="panel-card creator__card" onSubmit={submit} noValidate aria-labelledby="creator-prices-title" data-testid="price-form">
      <h2 id="creator-prices-title">{t('creator.prices')}</h2>
      <p className="creator__muted" data-testid="vip-offer-state">
        {vip.enabled && vip.monthlyPrice !== null && vip.storyPrice !== null
          ? t('creator.offerOn', { monthly: formatMoney(vip.monthlyPrice, vip.currency), story: formatMoney(vip.storyPrice, vip.currency) })
          : t('creator.offerOff')}
      </p>
      <div className="creator__fields">
        <TextField
          label={t('creator.monthlyPrice', { currency: vip.currency })}
          inputMode="decimal"
          value={monthly}
          onChange={(event) => setMonthly(event.target.value)}
          hint={t('creator.pricesHint', bounds)}
          error={message(monthlyProblem)}
          showError={attempted}
          required
        />
        <TextField
          label={t('creator.storyPrice', { currency: vip.currency })}
          inputMode="decimal"
          value={story}
          onChange={(event) => setStory(event.target.value)}
          hint={t('creator.pricesHint', bounds)}
          error={message(storyProblem)}
          showError={attempted}
          required
        />
      </div>
      {save.isError ? (
        <p className="creator__error" role="alert">
          {errorText(save.error, t('creator.saveFailed'))}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('creator.saving') : t('creator.save')}
      </Button>
    </form>
  );
}
