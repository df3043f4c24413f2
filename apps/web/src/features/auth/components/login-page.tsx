import { APPEAL_TEXT_MAX_LENGTH } from '@wag/contract/moderation-rules';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { loginPath, registerPath, returnPathFrom } from '../../../lib/login-return';
import { twoFactorChallengeOf, useLogin, useLoginTwoFactor } from '../api/use-login';
import { useSuspensionAppeal } from '../api/use-suspension-appeal';
import { AuthLayout, FormError } from './auth-layout';

/** The email to start with: from the registration (router state) or from ?email=. */
function useInitialEmail(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { email?: unknown } | null;
  if (state && typeof state.email === 'string') return state.email;
  return params.get('email') ?? '';
}

export function LoginPage() {
  useDocumentTitle(t('auth.login.title'));
  const initialEmail = useInitialEmail();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const login = useLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  // The page that sent the person here (a guarded screen, a like, the create button), when safe.
  const returnTo = returnPathFrom(useLocation().search);
  const finish = () => {
    toast(t('auth.login.success'), 'success');
    navigate(returnTo ?? '/', { replace: returnTo !== null });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: finish,
        onError: (error) => {
          const challenge = twoFactorChallengeOf(error);
          if (challenge) setChallenge(challenge);
          else console.error(error);
        },
      },
    );
  };

  if (challenge) {
    return (
      <AuthLayout title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.subtitle')} footer={<AppLink to={loginPath(returnTo)} onClick={() => setChallenge(null)}>{t('auth.twoFactor.restart')}</AppLink>}>
        <SecondStep challenge={challenge} onDone={finish} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.noAccount')}
          <AppLink to={registerPath(returnTo)}>{t('auth.login.registerLink')}</AppLink>
        </>
      }
    >
      <form className="auth__form" onSubmit={submit} data-testid="login-form">
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
        <TextField
          label={t('auth.login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          revealable
          autoFocus={initialEmail !== ''}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={password ? null : t('auth.login.passwordRequired')}
          showError={attempted}
        />
        <AppLink to="/forgot-password" className="auth__forgot">
          {t('auth.login.forgot')}
        </AppLink>
        <FormError message={login.isError && !twoFactorChallengeOf(login.error) ? errorText(login.error, t('auth.login.failed')) : null} />
        <Button type="submit" size="lg" block className="auth__submit" disabled={login.isPending} onClick={() => setAttempted(true)}>
          {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      {/* A suspended account is refused with 403 and the date; it may appeal once with its credentials. */}
      {login.error instanceof ApiError && login.error.status === 403 ? <SuspensionAppeal email={email.trim()} password={password} /> : null}
    </AuthLayout>
  );
}

function SuspensionAppeal({ email, password }: { email: string; password: string }) {
  const appeal = useSuspensionAppeal();
  const [text, setText] = useState('');
  if (appeal.isSuccess) {
    return (
      <p className="auth__appeal-done" role="status" data-testid="suspension-appeal-sent">
        {appeal.data.message}
      </p>
    );
  }
  return (
    <form
      className="auth__appeal"
      data-testid="suspension-appeal"
      onSubmit={(event) => {
        event.preventDefault();
        appeal.mutate({ email, password, text: text.trim() });
      }}
    >
      <label className="auth__appeal-label" htmlFor="suspension-appeal-text">
        {t('auth.login.appealLabel')}
      </label>
      <textarea id="suspension-appeal-text" className="field__input" value={text} maxLength={APPEAL_TEXT_MAX_LENGTH} onChange={(event) => setText(event.target.value)} />
      <FormError message={appeal.isError ? errorText(appeal.error, t('auth.login.failed')) : null} />
      <Button type="submit" variant="secondary" block disabled={appeal.isPending || text.trim() === ''}>
        {t('auth.login.appealSubmit')}
      </Button>
    </form>
  );
}

/** The second step of a sign-in with two-factor on: the app's 6-digit code, or a recovery code. */
function SecondStep({ challenge, onDone }: { challenge: string; onDone: () => void }) {
  const finish = useLoginTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return;
    finish.mutate(useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value.replace(/\s/g, '') }, { onSuccess: onDone });
  };
  return (
    <form className="auth__form" onSubmit={submit} noValidate data-testid="two-factor-form">
      <TextField
        label={useRecovery ? t('auth.twoFactor.recoveryCode') : t('auth.twoFactor.code')}
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoFocus
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button
        type="button"
        className="auth__forgot"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setCode('');
        }}
      >
        {useRecovery ? t('auth.twoFactor.useApp') : t('auth.twoFactor.useRecovery')}
      </button>
      <FormError message={finish.isError ? errorText(finish.error, t('auth.login.failed')) : null} />
      <Button type="submit" size="lg" block className="auth__submit" disabled={finish.isPending || !code.trim()}>
        {t('auth.twoFactor.submit')}
      </Button>
    </form>
  );
}
