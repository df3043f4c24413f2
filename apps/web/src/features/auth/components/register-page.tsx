import { latestAdultBirthDate } from '@wag/contract/account-rules';
import { useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { loginPath, returnPathFrom } from '../../../lib/login-return';
import { useRegister } from '../api/use-register';
import { birthDateNativeMessage, registerErrors, type RegisterValues } from '../register-validation';
import { AuthLayout, FormError } from './auth-layout';

const empty: RegisterValues = { username: '', birthDate: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  useDocumentTitle(t('auth.register.title'));
  const [values, setValues] = useState(empty);
  // Errors show once the visitor tries to submit, then follow their typing.
  const [attempted, setAttempted] = useState(false);
  const register = useRegister();
  const toast = useToast();
  const navigate = useNavigate();
  // Carried on to the sign-in that follows, which comes back to the page that asked for an account.
  const returnTo = returnPathFrom(useLocation().search);
  const maxBirthDate = useMemo(() => latestAdultBirthDate(), []);
  const errors = registerErrors(values);

  const field = (name: keyof RegisterValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      // Read now: the updater may run after the event has been handled.
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    error: errors[name] ?? null,
    showError: attempted,
    required: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The browser blocks submission while a field is invalid; this guards browsers that do not.
    if (Object.keys(registerErrors(values)).length > 0) return;
    const email = values.email.trim();
    register.mutate(
      { username: values.username.trim(), email, password: values.password, birth_date: values.birthDate },
      {
        onSuccess: () => {
          toast(t('auth.register.success'), 'success');
          navigate(loginPath(returnTo), { state: { email } });
        },
        onError: (error) => console.error(error),
      },
    );
  };

  return (
    <AuthLayout
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <>
          {t('auth.register.haveAccount')}
          <AppLink to={loginPath(returnTo)}>{t('auth.register.loginLink')}</AppLink>
        </>
      }
    >
      <form className="auth__form" onSubmit={submit} data-testid="register-form">
        <TextField
          label={t('auth.register.username')}
          hint={t('auth.register.usernameHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          {...field('username')}
        />
        <TextField
          label={t('auth.register.birthDate')}
          hint={t('auth.register.birthDateHint')}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={maxBirthDate}
          {...field('birthDate')}
          nativeError={birthDateNativeMessage(values.birthDate)}
        />
        <TextField label={t('auth.register.email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField
          label={t('auth.register.password')}
          hint={t('auth.register.passwordHint')}
          type="password"
          autoComplete="new-password"
          revealable
          {...field('password')}
        />
        <TextField
          label={t('auth.register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          revealable
          {...field('confirmPassword')}
        />
        <FormError message={register.isError ? errorText(register.error, t('auth.register.failed')) : null} />
        <Button type="submit" size="lg" block className="auth__submit" disabled={register.isPending} onClick={() => setAttempted(true)}>
          {register.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
        <p className="auth__note">{t('auth.register.adultNotice')}</p>
      </form>
    </AuthLayout>
  );
}
