import { AppLink, AppNavLink } from '../../lib/app-link';
import { CreateChooserHost } from '../../components/create/create-chooser-host';
import { useCreateAction } from '../../components/create/create-entry';
import { Avatar } from '../../components/ui/avatar';
import { CountBadge } from '../../components/ui/count-badge';
import { Icon } from '../../components/ui/icon';
import { Logo } from '../../components/ui/logo';
import { useCurrentUser } from '../../lib/current-user';
import { t } from '../../lib/i18n';
import { useUnreadCounts } from '../../lib/live-channel';
import { useLoginLinks } from '../../lib/login-return';
import { profilePath, useSession } from '../../lib/session';
import './top-bar.css';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenSearch: () => void;
}

export function TopBar({ menuOpen, onToggleMenu, onOpenSearch }: TopBarProps) {
  const { token, username } = useSession();
  const { data: user } = useCurrentUser();
  const name = user?.username ?? username;
  const counts = useUnreadCounts();
  const messagesCount = counts.inbox;
  const create = useCreateAction();
  const loginLinks = useLoginLinks();

  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="top-bar__start">
        <button
          type="button"
          className="icon-button"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          data-testid="menu-toggle"
          onClick={onToggleMenu}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
        <AppLink to="/" className="top-bar__logo" data-testid="logo-link">
          <Logo />
        </AppLink>
      </div>
      <div className="top-bar__end">
        {/* Wide screens; on phones the bottom bar carries it. */}
        <button type="button" className="top-bar__create" data-testid="top-bar-create" onClick={create}>
          <Icon name="plus" size={20} />
          <span>{t('create.button')}</span>
        </button>
        <button type="button" className="icon-button" aria-label={t('nav.search')} data-testid="search-button" onClick={onOpenSearch}>
          <Icon name="search" />
        </button>
        <AppNavLink
          to="/notifications"
          className="icon-button"
          aria-label={counts.notifications > 0 ? t('nav.notificationsUnread', { count: counts.notifications }) : t('nav.notifications')}
          data-testid="notifications-button"
        >
          <Icon name="bell" />
          <CountBadge count={counts.notifications} testId="notifications-badge" />
        </AppNavLink>
        <AppNavLink
          to="/messages"
          className="icon-button"
          aria-label={messagesCount > 0 ? t('nav.messagesUnread', { count: messagesCount }) : t('nav.messages')}
          data-testid="messages-button"
        >
          <Icon name="send" />
          <CountBadge count={messagesCount} testId="messages-badge" />
        </AppNavLink>
        {token && name ? (
          <AppLink
            to={profilePath(name)}
            className="top-bar__me"
            aria-label={t('nav.yourProfile', { username: name })}
            data-testid="top-bar-profile"
          >
            <Avatar name={user?.fullName || name} src={user?.profilePictureUrl} size={34} />
          </AppLink>
        ) : (
          <AppLink to={loginLinks.login} className="top-bar__login" aria-label={t('nav.login')}>
            <Icon name="user" size={20} />
            <span className="top-bar__login-text">{t('nav.login')}</span>
          </AppLink>
        )}
      </div>
      <CreateChooserHost />
    </header>
  );
}
