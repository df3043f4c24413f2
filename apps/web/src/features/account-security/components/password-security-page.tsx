import { passwordProblem, type PasswordProblem } from '@wag/contract/account-rules';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { useChangePassword } from '../api/account-security-api';
import './account-security.css';

const ruleMessages: Record<PasswordProblem, MessageKey> = {
  short: 'auth.validation.passwordShort',
  whitespace: 'auth.validation.passwordWhitespace',
  characters: 'auth.validation.passwordCharacters',
};

/** /settings/account/password-security: change the password (the other sessions end). */
export function PasswordSecurityPage() {
  useDocumentTitle(t('accountSecurity.password.title'));
  const change = useChangePassword();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);

  const nextProblem = !next ? t('accountSecurity.password.newRequired') : passwordProblem(next) ? t(ruleMessages[passwordProblem(next)!]) : null;
  const confirmProblem = confirm !== next ? t('accountSecurity.password.mismatch') : null;
  const currentProblem = current ? null : t('accountSecurity.password.currentRequired');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (currentProblem || nextProblem || confirmProblem) return;
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
      <Link to="/settings/account" className="account-security__back">
        <Icon name="chevronLeft" size={20} />
        {t('settings.account')}
      </Link>
      <h1 className="account-security__title">{t('accountSecurity.password.title')}</h1>
      <p className="account-security__subtitle">{t('accountSecurity.password.subtitle')}</p>
      <form className="account-security__card" onSubmit={submit} noValidate data-testid="change-password-form">
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
        <TextField
          label={t('accountSecurity.password.new')}
          type="password"
          autoComplete="new-password"
          revealable
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={nextProblem}
          showError={attempted}
        />
        <TextField
          label={t('accountSecurity.password.confirm')}
          type="password"
          autoComplete="new-password"
          revealable
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={confirmProblem}
          showError={attempted}
        />
        {change.isError ? (
          <p className="account-security__error" role="alert">
            {errorText(change.error, t('accountSecurity.password.failed'))}
          </p>
        ) : null}
        <Button type="submit" block disabled={change.isPending}>
          {change.isPending ? t('accountSecurity.password.saving') : t('accountSecurity.password.save')}
        </Button>
      </form>
    </section>
  );
}
