import { useState, type FormEvent } from 'react';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useForgotPassword } from '../api/use-password-reset';
import { AuthLayout, FormError } from './auth-layout';

/** /forgot-password: asks for the address; the answer never says whether it has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle(t('auth.forgot.title'));
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const forgot = useForgotPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!email.trim()) return;
    forgot.mutate(email.trim());
  };
  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={<AppLink to="/login">{t('auth.forgot.backToLogin')}</AppLink>}
    >
      {forgot.isSuccess ? (
        <p className="auth__notice" role="status" data-testid="forgot-sent">
          {forgot.data.message}
        </p>
      ) : (
        <form className="auth__form" onSubmit={submit} noValidate data-testid="forgot-form">
          <TextField
            label={t('auth.login.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={email.trim() ? null : t('auth.login.emailRequired')}
            showError={attempted}
          />
          <FormError message={forgot.isError ? errorText(forgot.error, t('auth.forgot.failed')) : null} />
          <Button type="submit" size="lg" block className="auth__submit" disabled={forgot.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
