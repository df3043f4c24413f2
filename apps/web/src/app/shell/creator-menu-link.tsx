import { AppNavLink } from '../../lib/app-link';
import { Icon } from '../../components/ui/icon';
import { t } from '../../lib/i18n';
import { useHasCreatorDashboard } from '../../lib/queries/vip';

/**
 * 'Panel de creador' in the side menu, for people with an approved identity or a VIP offer. Its own
 * chunk (the side menu loads it lazily), so the question and its queries stay off the first screen.
 */
export function CreatorMenuLink({ collapsed = false }: { collapsed?: boolean }) {
  const creator = useHasCreatorDashboard();
  if (!creator) return null;
  return (
    <li>
      <AppNavLink to="/creator" className="side-menu__link" title={collapsed ? t('nav.creator') : undefined}>
        <Icon name="chart" size={22} />
        <span className="side-menu__label">{t('nav.creator')}</span>
      </AppNavLink>
    </li>
  );
}
