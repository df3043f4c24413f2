import { AppNavLink } from '../../lib/app-link';
import { useCreateAction } from '../../components/create/create-entry';
import { CountBadge } from '../../components/ui/count-badge';
import { Icon } from '../../components/ui/icon';
import { t } from '../../lib/i18n';
import { useUnreadCounts } from '../../lib/live-channel';
import { profilePath, useSession } from '../../lib/session';
import './bottom-bar.css';

/**
 * Small screens only (hidden from 768 px by CSS): Inicio, Quickys, the create button in the middle,
 * Mensajes and Perfil, as the apps people know lay it out. Search lives in the top bar, which shows it
 * at every size.
 */
export function BottomBar() {
  const { username } = useSession();
  const counts = useUnreadCounts();
  const create = useCreateAction();
  return (
    <nav className="bottom-bar" aria-label={t('nav.bottomNav')} data-testid="bottom-bar">
      <AppNavLink to="/" end className="bottom-bar__item">
        <Icon name="home" />
        <span>{t('nav.home')}</span>
      </AppNavLink>
      <AppNavLink to="/quickys" className="bottom-bar__item">
        <Icon name="quickys" />
        <span>{t('nav.quickys')}</span>
      </AppNavLink>
      <button type="button" className="bottom-bar__item bottom-bar__create" aria-label={t('create.button')} data-testid="bottom-bar-create" onClick={create}>
        <span className="bottom-bar__create-pill">
          <Icon name="plus" size={26} />
        </span>
      </button>
      <AppNavLink to="/messages" className="bottom-bar__item">
        <Icon name="send" />
        <CountBadge count={counts.inbox} />
        <span>{t('nav.messages')}</span>
      </AppNavLink>
      <AppNavLink to={profilePath(username)} end className="bottom-bar__item">
        <Icon name="user" />
        <span>{t('nav.profile')}</span>
      </AppNavLink>
    </nav>
  );
}
