import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useThemeChoice } from '../../../lib/theme';
import { themeLabel } from './theme-choice';
import './appearance.css';

/** /settings/appearance: what the app looks like; today the theme, with the one in use. */
export function AppearancePage() {
  useDocumentTitle(t('settings.appearance'));
  const theme = useThemeChoice();
  return (
    <section className="appearance" data-testid="appearance-page">
      <PageHeader back={{ to: '/settings', label: t('settings.backToSettings') }} title={t('settings.appearance')} subtitle={t('appearance.subtitle')} />
      <ul className="panel-list">
        <li>
          <Link to="/settings/appearance/theme" className="panel-row" data-testid="appearance-theme-link">
            <span className="panel-row__icon" aria-hidden="true">
              <Icon name={theme === 'light' ? 'sun' : theme === 'system' ? 'monitor' : 'moon'} size={20} />
            </span>
            <span className="panel-row__text">
              <span className="panel-row__label">{t('appearance.theme')}</span>
              <span className="panel-row__hint">{t('appearance.themeHint')}</span>
            </span>
            <span className="panel-row__value" data-testid="appearance-theme-value">
              {t(themeLabel(theme))}
            </span>
            <Icon name="chevronRight" size={20} className="panel-row__chevron" />
          </Link>
        </li>
      </ul>
    </section>
  );
}
