import { passwordProblem, type PasswordProblem } from '@wag/contract/account-rules';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { useResetPassword } from '../api/use-password-reset';
import { AuthLayout, FormError } from './auth-layout';

const ruleMessages: Record<PasswordProblem, MessageKey> = {
  short: 'auth.validation.passwordShort',
  whitespace: 'auth.validation.passwordWhitespace',
  characters: 'auth.validation.passwordCharacters',
};

/** /reset-password?token=…: the link from the mail; a new password, then sign in with it. */
export function ResetPasswordPage() {
  useDocumentTitle(t('auth.reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);
  const reset = useResetPassword();
  const toast = useToast();
  const navigate = useNavigate();
  const rule = passwordProblem(password);
  const passwordError = !password ? t('auth.validation.passwordMissing') : rule ? t(ruleMessages[rule]) : null;
  const confirmError = confirm !== password ? t('accountSecurity.password.mismatch') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (passwordError || confirmError) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: (response) => {
          toast(response.message, 'success');
          navigate('/login');
        },
      },
    );
  };

  return (
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={<Link to="/forgot-password">{t('auth.reset.askAgain')}</Link>}>
      <form className="auth__form" onSubmit={submit} noValidate data-testid="reset-form">
        <TextField
          label={t('accountSecurity.password.new')}
          type="password"
          autoComplete="new-password"
          revealable
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
          showError={attempted}
        />
        <TextField
          label={t('accountSecurity.password.confirm')}
          type="password"
          autoComplete="new-password"
          revealable
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={confirmError}
          showError={attempted}
        />
        <FormError message={reset.isError ? errorText(reset.error, t('auth.reset.failed')) : null} />
        <Button type="submit" size="lg" block className="auth__submit" disabled={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
