import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useForgetDeletedAccount } from '../api/account-data-api';
import './account-data.css';

/** /account-deleted: where a deleted account lands; this browser forgets the session there. */
export function AccountDeletedPage() {
  useDocumentTitle(t('accountData.deleted.title'));
  const { state } = useLocation() as { state: { message?: string } | null };
  const { token } = useSession();
  const forget = useForgetDeletedAccount();
  // Only when arriving from the deletion itself: a link to this page must not sign anyone out.
  const deletedHere = state?.message !== undefined;
  useEffect(() => {
    if (token && deletedHere) forget();
  }, [token, deletedHere, forget]);
  return (
    <section className="account-data" data-testid="account-deleted">
      <PageHeader title={t('accountData.deleted.title')} subtitle={state?.message ?? t('accountData.deleted.body')} />
      <div className="panel-card">
        <p className="account-data__hint">{t('accountData.deleted.after')}</p>
        <ButtonLink to="/" block>
          {t('accountData.deleted.home')}
        </ButtonLink>
      </div>
    </section>
  );
}
