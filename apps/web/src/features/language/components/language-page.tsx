import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { LANGUAGES, isLanguage, t, type Language } from '../../../lib/i18n';
import { switchLanguage } from '../../../lib/language';
import { useUpdatePreferences } from '../../../lib/queries/preferences';
import { useSession } from '../../../lib/session';
import './language-page.css';

/** Each language by its own name, as people look for it whatever the interface shows now. */
const OWN_NAMES: Record<Language, string> = { es: 'Español', en: 'English', fr: 'Français', de: 'Deutsch' };

/**
 * The interface language: a tap switches at once; signed-in people keep it in their preferences
 * (the server writes to them in it too), guests on this browser.
 */
export function LanguagePage() {
  useDocumentTitle(t('language.title'));
  const { i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  const { token } = useSession();
  const update = useUpdatePreferences();
  const toast = useToast();

  const choose = (language: Language) => {
    if (language === current) return;
    const previous = current;
    // A catalog that cannot be downloaded leaves the interface as it was.
    const switched = switchLanguage(language).catch(() => undefined);
    if (token) {
      // The promise, not mutate's callbacks: the new language mounts the screens again, this one included.
      update.mutateAsync({ language }).catch(async (error: unknown) => {
        // Back only once the new language is in, or its late arrival would win.
        await switched;
        if (isLanguage(previous)) await switchLanguage(previous);
        toast(errorText(error, t('language.saveFailed')), 'error');
      });
    }
  };

  return (
    <section className="language" data-testid="language-page">
      <PageHeader back={{ to: '/settings', label: t('settings.backToSettings') }} title={t('language.title')} subtitle={t('language.subtitle')} />
      <ul className="panel-list" aria-label={t('language.title')}>
        {LANGUAGES.map((language) => {
          const selected = language === current;
          return (
            <li key={language}>
              <button
                type="button"
                className="language__row"
                lang={language}
                aria-pressed={selected}
                data-testid={`language-${language}`}
                onClick={() => choose(language)}
              >
                <span className="language__text">
                  <span className="language__name">{OWN_NAMES[language]}</span>
                  <span className="language__hint" lang={current}>
                    {t(`language.names.${language}`)}
                  </span>
                </span>
                {selected ? (
                  <span className="language__check" aria-label={t('language.current')}>
                    <Icon name="check" size={20} />
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
