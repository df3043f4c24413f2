import { AppLink } from '../../../lib/app-link';
import { Icon, type IconName } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useAccountSessions, useTwoFactorStatus } from '../api/account-security-api';
import './account-security.css';

/** /settings/privacy-security/security-settings: where the account's protections stand, each a way to change it. */
export function SecuritySettingsPage() {
  useDocumentTitle(t('settings.securitySettings'));
  const twoFactor = useTwoFactorStatus();
  const sessions = useAccountSessions();
  const me = useCurrentUser();
  const rows: Array<{ to: string; icon: IconName; label: string; value: string | null; testId: string }> = [
    {
      to: '/settings/account/password-security',
      icon: 'shieldCheck',
      label: t('accountSecurity.twoFactor.title'),
      value: twoFactor.data ? (twoFactor.data.enabled ? t('accountSecurity.overview.on') : t('accountSecurity.overview.off')) : null,
      testId: 'security-two-factor',
    },
    {
      to: '/settings/account/login-activity',
      icon: 'globe',
      label: t('accountSecurity.sessions.title'),
      value: sessions.data ? t('accountSecurity.overview.sessions', { count: sessions.data.items.length }) : null,
      testId: 'security-sessions',
    },
    { to: '/settings/account/password-security', icon: 'lock', label: t('accountSecurity.password.heading'), value: null, testId: 'security-password' },
    {
      to: '/settings/account/personal-information',
      icon: 'send',
      label: t('accountSecurity.overview.email'),
      value: me.data?.email ?? null,
      testId: 'security-email',
    },
  ];
  return (
    <section className="account-security" data-testid="security-settings-page">
      <PageHeader back={{ to: '/settings/privacy-security', label: t('settings.privacySecurity') }} title={t('settings.securitySettings')} subtitle={t('accountSecurity.overview.subtitle')} />
      <ul className="panel-list">
        {rows.map((row) => (
          <li key={row.testId}>
            <AppLink to={row.to} className="account-security__row account-security__link" data-testid={row.testId}>
              <span className="account-security__row-icon" aria-hidden="true">
                <Icon name={row.icon} size={20} />
              </span>
              <span className="account-security__row-main">
                <span className="account-security__row-title">{row.label}</span>
                {row.value ? <span className="account-security__row-meta">{row.value}</span> : null}
              </span>
              <Icon name="chevronRight" size={20} />
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
