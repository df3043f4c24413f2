import { AppLink } from '../../lib/app-link';
import { t } from '../../lib/i18n';
import { useVerificationStatus } from '../../lib/queries/verification-status';
import './subscribers-consent.css';

/**
 * What publishing for subscribers asks (docs/product-decisions.md §10): an identity-verified account
 * (otherwise a link to the verification form) and the creator's confirmation that everyone shown is
 * an adult who agreed to appear and to its publication. Shown only for the subscribers audience.
 */
export function SubscribersConsent({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const status = useVerificationStatus();
  const identity = status.data?.identity;
  return (
    <div className="vip-consent" data-testid="subscribers-consent">
      {status.isSuccess && identity !== 'approved' ? (
        <p className="vip-consent__identity" role="note">
          {identity === 'pending' ? t('identity.consent.pending') : t('identity.consent.needsIdentity')}{' '}
          {identity === 'pending' ? null : <AppLink to="/settings/verification/identity">{t('identity.consent.verifyLink')}</AppLink>}
        </p>
      ) : null}
      <label className="vip-consent__check">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} disabled={disabled} />
        <span>{t('identity.consent.label')}</span>
      </label>
    </div>
  );
}
