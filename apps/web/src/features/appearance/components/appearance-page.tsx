import { AppLink } from '../../../lib/app-link';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useThemeChoice } from '../../../lib/theme';
import { themeLabel } from './theme-choice';
import './appearance.css';
import { PanelRowBody } from '../../../components/ui/panel-row';

/** /settings/appearance: what the app looks like; today the theme, with the one in use. */
export function AppearancePage() {
  useDocumentTitle(t('settings.appearance'));
  const theme = useThemeChoice();
  return (
    <section className="appearance" data-testid="appearance-page">
      <PageHeader back={{ to: '/settings', label: t('settings.backToSettings') }} title={t('settings.appearance')} subtitle={t('appearance.subtitle')} />
      <ul className="panel-list">
        <li>
          <AppLink to="/settings/appearance/theme" className="panel-row" data-testid="appearance-theme-link">
            <PanelRowBody
              icon={theme === 'light' ? 'sun' : theme === 'system' ? 'monitor' : 'moon'}
              label={t('appearance.theme')}
              hint={t('appearance.themeHint')}
              value={t(themeLabel(theme))}
              valueTestId="appearance-theme-value"
              chevron
            />
          </AppLink>
        </li>
      </ul>
    </section>
  );
}
