import { AppLink } from '../../../lib/app-link';
import { Icon, type IconName } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import '../../../components/ui/page-header.css';
import './settings-page.css';
import { PanelRowBody } from '../../../components/ui/panel-row';
import { useHasCreatorDashboard } from '../../../lib/queries/vip';

interface Entry {
  to: string;
  icon: IconName;
  label: MessageKey;
  hint: MessageKey;
}

type MenuName = 'root' | 'account' | 'notifications' | 'privacySecurity' | 'verification';

interface Menu {
  title: MessageKey;
  subtitle?: MessageKey;
  back?: string;
  entries: Entry[];
}

/** The settings list and its sub-menus (docs/product.md §2 settings routes). */
const menus: Record<MenuName, Menu> = {
  root: {
    title: 'settings.title',
    subtitle: 'settings.subtitle',
    entries: [
      { to: '/settings/account', icon: 'user', label: 'settings.account', hint: 'settings.accountHint' },
      { to: '/settings/account/personal-information', icon: 'info', label: 'settings.personalInformation', hint: 'settings.personalInformationHint' },
      { to: '/settings/notifications', icon: 'bell', label: 'settings.notifications', hint: 'settings.notificationsHint' },
      { to: '/settings/privacy-security', icon: 'shield', label: 'settings.privacySecurity', hint: 'settings.privacySecurityHint' },
      { to: '/settings/appearance', icon: 'moon', label: 'settings.appearance', hint: 'settings.appearanceHint' },
      { to: '/settings/language', icon: 'globe', label: 'settings.language', hint: 'settings.languageHint' },
      { to: '/settings/verification', icon: 'shieldCheck', label: 'settings.verification', hint: 'settings.verificationHint' },
      { to: '/settings/subscriptions', icon: 'card', label: 'settings.subscriptions', hint: 'subscriptions.settingsHint' },
      { to: '/settings/about', icon: 'info', label: 'settings.about', hint: 'settings.aboutHint' },
    ],
  },
  account: {
    title: 'settings.account',
    back: '/settings',
    entries: [
      { to: '/settings/account/personal-information', icon: 'user', label: 'settings.personalInformation', hint: 'settings.personalInformationHint' },
      { to: '/settings/account/password-security', icon: 'lock', label: 'settings.passwordSecurity', hint: 'settings.passwordSecurityHint' },
      { to: '/settings/account/login-activity', icon: 'clock', label: 'settings.loginActivity', hint: 'settings.loginActivityHint' },
      { to: '/settings/account/download-data', icon: 'download', label: 'settings.downloadData', hint: 'settings.downloadDataHint' },
      { to: '/settings/account/delete-account', icon: 'trash', label: 'settings.deleteAccount', hint: 'settings.deleteAccountHint' },
    ],
  },
  notifications: {
    title: 'settings.notifications',
    back: '/settings',
    entries: [
      { to: '/settings/notifications/push-notifications', icon: 'bell', label: 'settings.pushNotifications', hint: 'settings.pushNotificationsHint' },
      { to: '/settings/notifications/direct-messages', icon: 'send', label: 'settings.directMessages', hint: 'settings.directMessagesHint' },
      { to: '/settings/notifications/interactions', icon: 'users', label: 'settings.interactions', hint: 'settings.interactionsHint' },
    ],
  },
  privacySecurity: {
    title: 'settings.privacySecurity',
    back: '/settings',
    entries: [
      { to: '/settings/privacy-security/privacy-controls', icon: 'eye', label: 'settings.privacyControls', hint: 'settings.privacyControlsHint' },
      { to: '/settings/privacy-security/security-settings', icon: 'shield', label: 'settings.securitySettings', hint: 'settings.securitySettingsHint' },
      { to: '/settings/privacy-security/blocked-users', icon: 'slash', label: 'settings.blockedUsers', hint: 'settings.blockedUsersHint' },
      { to: '/settings/privacy-security/my-reports', icon: 'flag', label: 'safety.settingsEntries.myReports', hint: 'safety.settingsEntries.myReportsHint' },
      {
        to: '/settings/privacy-security/moderation-decisions',
        icon: 'shieldCheck',
        label: 'safety.settingsEntries.decisions',
        hint: 'safety.settingsEntries.decisionsHint',
      },
    ],
  },
  verification: {
    title: 'settings.verification',
    back: '/settings',
    entries: [
      { to: '/settings/verification/identity', icon: 'shieldCheck', label: 'settings.identity', hint: 'settings.identityHint' },
      { to: '/settings/verification/account', icon: 'check', label: 'settings.accountVerification', hint: 'settings.accountVerificationHint' },
    ],
  },
};

/** The creator's dashboard, for people with an approved identity or a VIP offer. */
const creatorEntry: Entry = { to: '/creator', icon: 'chart', label: 'settings.creator', hint: 'creator.menuHint' };

export function SettingsPage({ section = 'root' }: { section?: MenuName }) {
  const menu = menus[section];
  const creator = useHasCreatorDashboard();
  const entries = section === 'root' && creator ? [creatorEntry, ...menu.entries] : menu.entries;
  const title = t(menu.title);
  useDocumentTitle(title);

  return (
    <div className="settings" data-testid="settings-page">
      {menu.back ? (
        <AppLink to={menu.back} className="settings__back">
          <Icon name="chevronLeft" size={20} />
          {t('settings.backToSettings')}
        </AppLink>
      ) : null}
      <h1 className="settings__title">{title}</h1>
      {menu.subtitle ? <p className="settings__subtitle">{t(menu.subtitle)}</p> : null}
      <ul className="panel-list">
        {entries.map((entry) => (
          <li key={entry.to}>
            <AppLink to={entry.to} className="panel-row">
              <PanelRowBody icon={entry.icon} label={t(entry.label)} hint={t(entry.hint)} chevron />
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
