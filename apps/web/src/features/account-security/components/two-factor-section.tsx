import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { t } from '../../../lib/i18n';
import { useTwoFactorChanges, useTwoFactorStatus } from '../api/account-security-api';

/** The two-factor switch of the password and security page: set up with a QR code, recovery codes shown once, off with password and code. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const { setup, enable, disable } = useTwoFactorChanges();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (status.isPending) return <Spinner />;
  if (status.isError) return <p className="account-security__error">{errorText(status.error, t('accountSecurity.twoFactor.failed'))}</p>;

  if (recoveryCodes) {
    return (
      <div className="panel-card" data-testid="recovery-codes">
        <h2>{t('accountSecurity.twoFactor.codesTitle')}</h2>
        <p className="account-security__hint">{t('accountSecurity.twoFactor.codesHint')}</p>
        <ol className="account-security__codes">
          {recoveryCodes.map((value) => (
            <li key={value}>
              <code>{value}</code>
            </li>
          ))}
        </ol>
        <Button onClick={() => setRecoveryCodes(null)}>{t('accountSecurity.twoFactor.codesSaved')}</Button>
      </div>
    );
  }

  if (status.data.enabled) {
    const turnOff = (event: FormEvent) => {
      event.preventDefault();
      disable.mutate(
        { password, code: code.trim() },
        {
          onSuccess: () => {
            toast(t('accountSecurity.twoFactor.turnedOff'), 'success');
            setPassword('');
            setCode('');
          },
        },
      );
    };
    return (
      <form className="panel-card" onSubmit={turnOff} data-testid="two-factor-on">
        <h2>{t('accountSecurity.twoFactor.title')}</h2>
        <p className="account-security__status-on">{t('accountSecurity.twoFactor.on', { count: status.data.recoveryCodesLeft })}</p>
        <TextField label={t('accountSecurity.password.current')} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <TextField label={t('accountSecurity.twoFactor.code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
        {disable.isError ? <p className="account-security__error" role="alert">{errorText(disable.error, t('accountSecurity.twoFactor.failed'))}</p> : null}
        <Button type="submit" variant="danger" disabled={disable.isPending || !password || !code.trim()}>
          {t('accountSecurity.twoFactor.turnOff')}
        </Button>
      </form>
    );
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: (response) => {
        setRecoveryCodes(response.recoveryCodes);
        setCode('');
        setup.reset();
        toast(t('accountSecurity.twoFactor.turnedOn'), 'success');
      },
    });
  };
  return (
    <div className="panel-card" data-testid="two-factor-off">
      <h2>{t('accountSecurity.twoFactor.title')}</h2>
      <p className="account-security__hint">{t('accountSecurity.twoFactor.offHint')}</p>
      {setup.data ? (
        <form onSubmit={confirm} className="account-security__setup">
          <img className="account-security__qr" src={setup.data.qrDataUrl} alt={t('accountSecurity.twoFactor.qrAlt')} width={200} height={200} />
          <p className="account-security__hint">
            {t('accountSecurity.twoFactor.manual')} <code data-testid="two-factor-secret">{setup.data.secret}</code>
          </p>
          <TextField label={t('accountSecurity.twoFactor.code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
          {enable.isError ? <p className="account-security__error" role="alert">{errorText(enable.error, t('accountSecurity.twoFactor.failed'))}</p> : null}
          <Button type="submit" disabled={enable.isPending || !code.trim()}>
            {t('accountSecurity.twoFactor.confirm')}
          </Button>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setup.mutate()} disabled={setup.isPending}>
          {t('accountSecurity.twoFactor.turnOn')}
        </Button>
      )}
      {setup.isError ? <p className="account-security__error" role="alert">{errorText(setup.error, t('accountSecurity.twoFactor.failed'))}</p> : null}
    </div>
  );
}
