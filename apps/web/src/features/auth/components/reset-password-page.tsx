import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields, newPasswordProblems } from '../../../components/ui/new-password-fields';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useResetPassword } from '../api/use-password-reset';
import { AuthLayout, FormError } from './auth-layout';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const problems = newPasswordProblems(password, confirm);
    if (problems.password || problems.confirm) return;
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
    <AuthLayout title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={<AppLink to="/forgot-password">{t('auth.reset.askAgain')}</AppLink>}>
      <form className="auth__form" onSubmit={submit} noValidate data-testid="reset-form">
        <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} showErrors={attempted} />
        <FormError message={reset.isError ? errorText(reset.error, t('auth.reset.failed')) : null} />
        <Button type="submit" size="lg" block className="auth__submit" disabled={reset.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
