import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { NewPasswordFields, newPasswordProblems } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useChangePassword } from '../api/account-security-api';
import { TwoFactorSection } from './two-factor-section';
import './account-security.css';

/** /settings/account/password-security: change the password (the other sessions end). */
export function PasswordSecurityPage() {
  useDocumentTitle(t('accountSecurity.password.title'));
  const change = useChangePassword();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);

  const problems = newPasswordProblems(next, confirm);
  const currentProblem = current ? null : t('accountSecurity.password.currentRequired');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (currentProblem || problems.password || problems.confirm) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: (response) => {
          toast(response.message, 'success');
          setCurrent('');
          setNext('');
          setConfirm('');
          setAttempted(false);
        },
      },
    );
  };

  return (
    <section className="account-security" data-testid="password-security-page">
      <PageHeader back={{ to: '/settings/account', label: t('settings.account') }} title={t('accountSecurity.password.title')} subtitle={t('accountSecurity.password.subtitle')} />
      <form className="panel-card" onSubmit={submit} noValidate data-testid="change-password-form">
        <h2>{t('accountSecurity.password.heading')}</h2>
        <TextField
          label={t('accountSecurity.password.current')}
          type="password"
          autoComplete="current-password"
          revealable
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={currentProblem}
          showError={attempted}
        />
        <NewPasswordFields password={next} confirm={confirm} onPassword={setNext} onConfirm={setConfirm} showErrors={attempted} />
        {change.isError ? (
          <p className="account-security__error" role="alert">
            {errorText(change.error, t('accountSecurity.password.failed'))}
          </p>
        ) : null}
        <Button type="submit" block disabled={change.isPending}>
          {change.isPending ? t('accountSecurity.password.saving') : t('accountSecurity.password.save')}
        </Button>
      </form>
      <TwoFactorSection />
    </section>
  );
}
