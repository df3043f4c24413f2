import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useConfirmEmail } from '../../../lib/email-confirmation';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { AuthLayout, FormError } from './auth-layout';

/**
 * /confirm-email?token=…: the link from the mail. Opening it confirms the address (with or without a
 * session in this browser: the token is the proof), once.
 */
export function ConfirmEmailPage() {
  useDocumentTitle(t('emailConfirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const { token: session } = useSession();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice in development.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const footer = <AppLink to={session ? '/' : '/login'}>{session ? t('emailConfirm.toHome') : t('emailConfirm.toLogin')}</AppLink>;
  return (
    <AuthLayout title={t('emailConfirm.title')} subtitle={confirm.isSuccess ? confirm.data.message : confirm.isError ? t('emailConfirm.failed') : t('emailConfirm.checking')} footer={footer}>
      <div data-testid="confirm-email" data-state={confirm.status}>
        {confirm.isPending || confirm.isIdle ? (
          <Spinner label={t('emailConfirm.checking')} />
        ) : null}
        {confirm.isSuccess ? <p className="auth__status">{t('emailConfirm.done', { email: confirm.data.email })}</p> : null}
        <FormError message={confirm.isError ? errorText(confirm.error, t('emailConfirm.failed')) : null} />
      </div>
    </AuthLayout>
  );
}
