import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { errorText } from '../../lib/api-error';
import { useCurrentUser } from '../../lib/current-user';
import { useResendEmailConfirmation } from '../../lib/email-confirmation';
import { t } from '../../lib/i18n';
import './email-banner.css';

const HIDDEN_KEY = 'wag.emailBannerHidden';

/**
 * Until the account's address is confirmed, a line above every screen says where the link went and
 * sends it again. Closing it hides it for this browser tab; it comes back on the next visit.
 */
export function EmailBanner() {
  const me = useCurrentUser();
  const resend = useResendEmailConfirmation();
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(HIDDEN_KEY) === '1');
  if (!me.data || me.data.emailConfirmed || hidden) return null;
  const hide = () => {
    sessionStorage.setItem(HIDDEN_KEY, '1');
    setHidden(true);
  };
  return (
    <div className="email-banner" role="status" data-testid="email-banner">
      <Icon name="mail" size={18} />
      <p className="email-banner__text">
        {resend.isSuccess
          ? resend.data.message
          : resend.isError
            ? errorText(resend.error, t('emailConfirm.resendFailed'))
            : t('emailConfirm.banner', { email: me.data.email })}
      </p>
      {resend.isSuccess ? null : (
        <Button variant="secondary" className="email-banner__action" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {t('emailConfirm.resend')}
        </Button>
      )}
      <button type="button" className="email-banner__close" aria-label={t('emailConfirm.hide')} onClick={hide}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
