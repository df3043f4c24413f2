import { NavLink } from 'react-router';
import { CountBadge } from '../../components/ui/count-badge';
import { Icon } from '../../components/ui/icon';
import { t } from '../../lib/i18n';
import { useUnreadCounts } from '../../lib/live-channel';
import { profilePath, useSession } from '../../lib/session';
import './bottom-bar.css';

/** Small screens only (hidden from 768 px by CSS). */
export function BottomBar({ onOpenSearch }: { onOpenSearch: () => void }) {
  const { username } = useSession();
  const counts = useUnreadCounts();
  return (
    <nav className="bottom-bar" aria-label={t('nav.bottomNav')} data-testid="bottom-bar">
      <NavLink to="/" end className="bottom-bar__item">
        <Icon name="home" />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to="/quickys" className="bottom-bar__item">
        <Icon name="quickys" />
        <span>{t('nav.quickys')}</span>
      </NavLink>
      <NavLink to={profilePath(username)} end className="bottom-bar__item">
        <Icon name="user" />
        <span>{t('nav.profile')}</span>
      </NavLink>
      <NavLink to="/messages" className="bottom-bar__item">
        <Icon name="send" />
        <CountBadge count={counts.inbox} />
        <span>{t('nav.messages')}</span>
      </NavLink>
      <button type="button" className="bottom-bar__item" onClick={onOpenSearch}>
        <Icon name="search" />
        <span>{t('nav.search')}</span>
      </button>
    </nav>
  );
}
