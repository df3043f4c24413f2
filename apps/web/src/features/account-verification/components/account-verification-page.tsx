import { PaymentForm } from '../../../components/payment-sheet/payment-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney } from '../../../lib/money';
import { t } from '../../../lib/i18n';
import { usePaymentInfo } from '../../../lib/queries/payments';
import { useVerificationStatus } from '../../../lib/queries/vip';
import './account-verification-page.css';

/**
 * /settings/verification/account: the verified check for a one-time fee (docs/product.md: 1.00 USD),
 * paid with the payment form once the identity is approved; 'Cuenta verificada' once it is done.
 */
export function AccountVerificationPage() {
  useDocumentTitle(t('settings.accountVerification'));
  const status = useVerificationStatus();
  const info = usePaymentInfo();
  const subtitle = info.data ? t('vip.account.subtitle', { price: formatMoney(info.data.verificationFee, info.data.currency) }) : t('vip.account.subtitlePlain');

  let body;
  if (status.isPending) body = <Spinner />;
  else if (status.isError) {
    body = (
      <div className="panel-card account-verification__state" role="alert">
        <p>{t('vip.account.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('vip.retry')}
        </Button>
      </div>
    );
  } else if (status.data.account === 'active') {
    body = (
      <div className="panel-card account-verification__state account-verification__state--done" data-testid="account-verified">
        <span className="account-verification__icon" aria-hidden="true">
          <Icon name="verified" size={30} />
        </span>
        <h2>{t('vip.account.verified')}</h2>
        <p>{t('vip.account.verifiedBody')}</p>
      </div>
    );
  } else if (status.data.identity !== 'approved') {
    body = (
      <div className="panel-card account-verification__state" data-testid="identity-first">
        <span className="account-verification__icon" aria-hidden="true">
          <Icon name="shieldCheck" size={28} />
        </span>
        <h2>{t('vip.account.identityFirst')}</h2>
        <p>{status.data.identity === 'pending' ? t('vip.account.identityPending') : t('vip.account.identityFirstBody')}</p>
        {status.data.identity === 'rejected' && status.data.identityReason ? (
          <p data-testid="identity-reason">{t('vip.account.identityRejected', { reason: status.data.identityReason })}</p>
        ) : null}
        {status.data.identity !== 'pending' ? (
          <ButtonLink to="/settings/verification/identity" variant="secondary">
            {t('vip.account.toIdentity')}
          </ButtonLink>
        ) : null}
      </div>
    );
  } else {
    body = (
      <div className="panel-card" data-testid="account-verification-payment">
        <PaymentForm purchase={{ kind: 'verification' }} />
      </div>
    );
  }

  return (
    <section className="account-verification" data-testid="account-verification-page">
      <PageHeader back={{ to: '/settings/verification', label: t('settings.verification') }} title={t('settings.accountVerification')} subtitle={subtitle} />
      {body}
    </section>
  );
}
