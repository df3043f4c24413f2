import { Fragment, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppNavLink } from '../../lib/app-link';
import { Avatar } from '../../components/ui/avatar';
import { ButtonLink } from '../../components/ui/button';
import { CountBadge } from '../../components/ui/count-badge';
import { Icon, type IconName } from '../../components/ui/icon';
import { useLogout } from '../../features/auth/api/use-logout';
import { USERNAME_CHANGED_EVENT, readUsername, type UsernameChangedDetail } from '../../lib/auth-storage';
import { useCurrentUser } from '../../lib/current-user';
import { t, type MessageKey } from '../../lib/i18n';
import { lazyScreen } from '../../lib/lazy-screen';
import { useUnreadCounts } from '../../lib/live-channel';
import { useLoginLinks } from '../../lib/login-return';
import { profilePath, useSession } from '../../lib/session';
import './side-menu.css';

const CreatorMenuLink = lazyScreen(async () => ({ default: (await import('./creator-menu-link')).CreatorMenuLink }));


interface Entry {
  to: string;
  label: MessageKey;
  icon: IconName;
  end?: boolean;
}

interface SideMenuProps {
  open: boolean;
  /** Wide screens: folded to a narrow rail of icons, each named by its label (read out and as a tooltip). */
  collapsed?: boolean;
  /** Wide screens: folds or unfolds the menu (the choice is the shell's to remember). */
  onToggleCollapsed?: () => void;
}

/**
 * The main menu: beside the page on wide screens, a drawer on phones. A closed drawer that has never
 * been opened holds nothing (it is inert and off screen): its content, about 45 elements and a link
 * matched against the address on every navigation, is rendered the first time it opens, and kept from
 * then on so it slides out as it slid in.
 */
export function SideMenu({ open, collapsed = false, onToggleCollapsed }: SideMenuProps) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  // A new username (personal information screen) takes the user to the renamed profile.
  useEffect(() => {
    const onUsernameChanged = (event: Event) => {
      const detail = (event as CustomEvent<UsernameChangedDetail | undefined>).detail;
      const next = detail?.username ?? readUsername();
      if (next) navigate(profilePath(next));
    };
    window.addEventListener(USERNAME_CHANGED_EVENT, onUsernameChanged);
    return () => window.removeEventListener(USERNAME_CHANGED_EVENT, onUsernameChanged);
  }, [navigate]);

  return (
    <nav id="side-menu" className="side-menu" aria-label={t('nav.mainMenu')} data-testid="side-menu" data-collapsed={collapsed} inert={!open}>
      {opened ? <SideMenuContent collapsed={collapsed} onToggleCollapsed={onToggleCollapsed} /> : null}
    </nav>
  );
}

function SideMenuContent({ collapsed = false, onToggleCollapsed }: Omit<SideMenuProps, 'open'>) {
  const { token, username } = useSession();
  const loginLinks = useLoginLinks();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const name = user?.username ?? username;

  const counts = useUnreadCounts();
  const unreadMessages = counts.inbox;
  const entries: Entry[] = [
    { to: '/', label: 'nav.home', icon: 'home', end: true },
    { to: '/quickys', label: 'nav.quickys', icon: 'quickys' },
    { to: profilePath(name), label: 'nav.profile', icon: 'user', end: true },
    { to: '/wag-stars', label: 'nav.wagStars', icon: 'star' },
    { to: '/messages', label: 'nav.messages', icon: 'send' },
    { to: '/settings', label: 'nav.settings', icon: 'settings' },
    // The moderation desk, for the people who work it.
    ...(token && (user?.role === 'moderator' || user?.role === 'admin') ? [{ to: '/moderation', label: 'nav.moderation', icon: 'shield' } as const] : []),
  ];

  return (
    <>
      {token && name ? (
        <AppNavLink to={profilePath(name)} className="side-menu__account" title={collapsed ? `@${name}` : undefined} aria-label={collapsed ? t('nav.yourProfile', { username: name }) : undefined}>
          <Avatar name={user?.fullName || name} src={user?.profilePictureUrl} size={44} />
          <span className="side-menu__account-text">
            <span className="side-menu__account-name">{user?.fullName || name}</span>
            <span className="side-menu__account-handle" data-testid="side-menu-username">
              @{name}
            </span>
          </span>
        </AppNavLink>
      ) : (
        <div className="side-menu__guest">
          <p className="side-menu__guest-title">{t('nav.guest')}</p>
          <p className="side-menu__guest-hint">{t('nav.guestHint')}</p>
          <div className="side-menu__guest-actions">
            <ButtonLink to={loginLinks.login} block>
              {t('nav.login')}
            </ButtonLink>
            <ButtonLink to={loginLinks.register} variant="secondary" block>
              {t('nav.register')}
            </ButtonLink>
          </div>
        </div>
      )}

      <ul className="side-menu__list">
        {entries.map((entry) => (
          <Fragment key={entry.label}>
            {/* The creator's dashboard, before the settings, for those who have one. */}
            {entry.to === '/settings' && token ? (
              <Suspense fallback={null}>
                <CreatorMenuLink collapsed={collapsed} />
              </Suspense>
            ) : null}
            <li>
              <AppNavLink to={entry.to} end={entry.end} className="side-menu__link" title={collapsed ? t(entry.label) : undefined}>
                <Icon name={entry.icon} size={22} />
                <span className="side-menu__label">{t(entry.label)}</span>
                {entry.to === '/messages' ? <CountBadge count={unreadMessages} inline /> : null}
              </AppNavLink>
            </li>
          </Fragment>
        ))}
      </ul>

      {token || onToggleCollapsed ? (
        <div className="side-menu__footer">
          {token ? (
            <button
              type="button"
              className="side-menu__link side-menu__logout"
              data-testid="logout-button"
              title={collapsed ? t('nav.logout') : undefined}
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <Icon name="logout" size={22} />
              <span className="side-menu__label">{logout.isPending ? t('nav.loggingOut') : t('nav.logout')}</span>
            </button>
          ) : null}
          {onToggleCollapsed ? (
            <button
              type="button"
              className="side-menu__link side-menu__fold"
              data-testid="side-menu-fold"
              aria-expanded={!collapsed}
              title={collapsed ? t('layout.expandMenu') : undefined}
              onClick={onToggleCollapsed}
            >
              <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} size={22} />
              <span className="side-menu__label">{collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
