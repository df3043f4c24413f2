import type { Theme } from '@wag/contract/preferences-rules';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useUpdatePreferences } from '../../../lib/queries/preferences';
import { useSession } from '../../../lib/session';
import { setThemeChoice, useThemeChoice } from '../../../lib/theme';
import { THEME_OPTIONS } from './theme-choice';
import './appearance.css';
import { PanelRowBody } from '../../../components/ui/panel-row';

/**
 * /settings/appearance/theme: dark, light or the device's, applied at once. A signed-in person's
 * choice is saved on the account too (and comes back on their other devices); a guest's stays in
 * this browser.
 */
export function ThemePage() {
  useDocumentTitle(t('appearance.theme'));
  const theme = useThemeChoice();
  const { token } = useSession();
  const update = useUpdatePreferences();
  const toast = useToast();

  const choose = (choice: Theme) => {
    if (choice === theme) return;
    const before = theme;
    setThemeChoice(choice);
    if (!token) return;
    update.mutate(
      { theme: choice },
      {
        onError: (error) => {
          setThemeChoice(before);
          toast(errorText(error, t('appearance.saveFailed')), 'error');
        },
      },
    );
  };

  return (
    <section className="appearance" data-testid="theme-page">
      <PageHeader back={{ to: '/settings/appearance', label: t('settings.appearance') }} title={t('appearance.theme')} subtitle={t('appearance.themeSubtitle')} />
      <fieldset className="appearance__choices">
        <legend className="visually-hidden">{t('appearance.theme')}</legend>
        <ul className="panel-list">
          {THEME_OPTIONS.map((option) => (
            <li key={option.value}>
              <label className="panel-row appearance__choice" data-testid={`theme-option-${option.value}`}>
                <PanelRowBody icon={option.icon} label={t(option.label)} hint={t(option.hint)} />
                <input
                  type="radio"
                  name="theme"
                  value={option.value}
                  className="appearance__radio"
                  checked={theme === option.value}
                  onChange={() => choose(option.value)}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
