import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useDeleteAccount } from '../api/account-data-api';
import './account-data.css';

const GONE = ['content', 'people', 'data', 'messages'] as const;

/** /settings/account/delete-account: what goes and what stays, the password, then a last confirmation. */
export function DeleteAccountPage() {
  useDocumentTitle(t('accountData.delete.title'));
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (password) setConfirming(true);
  };
  const confirm = () =>
    remove.mutate(password, {
      // The goodbye page is public: the session is forgotten there, with no guard sending anyone to the login.
      onSuccess: (response) => void navigate('/account-deleted', { replace: true, state: { message: response.message } }),
      onSettled: () => setConfirming(false),
    });

  return (
    <section className="account-data" data-testid="delete-account-page">
      <PageHeader back={{ to: '/settings/account', label: t('settings.account') }} title={t('accountData.delete.title')} subtitle={t('accountData.delete.subtitle')} />
      <form className="panel-card" onSubmit={submit} noValidate>
        <h2>{t('accountData.delete.whatHappens')}</h2>
        <ul className="account-data__list">
          {GONE.map((item) => (
            <li key={item}>{t(`accountData.delete.gone.${item}`)}</li>
          ))}
        </ul>
        <p className="account-data__hint">
          {t('accountData.delete.downloadFirst')} <AppLink to="/settings/account/download-data">{t('accountData.download.title')}</AppLink>
        </p>
        <TextField
          label={t('accountData.delete.password')}
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={password ? null : t('accountData.delete.passwordRequired')}
          showError={attempted}
        />
        {remove.isError ? (
          <p className="account-data__error" role="alert">
            {errorText(remove.error, t('accountData.delete.failed'))}
          </p>
        ) : null}
        <Button type="submit" variant="danger" block disabled={remove.isPending} data-testid="delete-account">
          {t('accountData.delete.submit')}
        </Button>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={t('accountData.delete.confirmTitle')}
          description={t('accountData.delete.confirmBody')}
          confirmLabel={t('accountData.delete.confirm')}
          cancelLabel={t('accountData.delete.cancel')}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
          busy={remove.isPending}
          testId="delete-account-confirm"
        />
      ) : null}
    </section>
  );
}
