import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { SUPPORT_EMAIL } from './legal-documents';
import './about.css';

const LINKS: { to: string; icon: IconName; label: MessageKey; hint: MessageKey }[] = [
  { to: '/legal/terms', icon: 'fileText', label: 'about.terms', hint: 'about.termsHint' },
  { to: '/legal/privacy', icon: 'shield', label: 'about.privacy', hint: 'about.privacyHint' },
  { to: '/legal/cookies', icon: 'info', label: 'about.cookies', hint: 'about.cookiesHint' },
  { to: '/settings/about/licenses', icon: 'code', label: 'about.licenses', hint: 'about.licensesHint' },
];

/** /settings/about: the version, the documents, the licences and the way to reach support. */
export function AboutPage() {
  useDocumentTitle(t('settings.about'));
  return (
    <section className="about" data-testid="about-page">
      <PageHeader back={{ to: '/settings', label: t('settings.backToSettings') }} title={t('settings.about')} subtitle={t('about.subtitle')} />
      <ul className="panel-list">
        <li className="panel-row">
          <span className="panel-row__icon" aria-hidden="true">
            <Icon name="info" size={20} />
          </span>
          <span className="panel-row__text">
            <span className="panel-row__label">{t('about.version')}</span>
          </span>
          <span className="panel-row__value" data-testid="about-version">
            {__APP_VERSION__}
          </span>
        </li>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="panel-row">
              <span className="panel-row__icon" aria-hidden="true">
                <Icon name={link.icon} size={20} />
              </span>
              <span className="panel-row__text">
                <span className="panel-row__label">{t(link.label)}</span>
                <span className="panel-row__hint">{t(link.hint)}</span>
              </span>
              <Icon name="chevronRight" size={20} className="panel-row__chevron" />
            </Link>
          </li>
        ))}
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="panel-row" data-testid="about-support">
            <span className="panel-row__icon" aria-hidden="true">
              <Icon name="mail" size={20} />
            </span>
            <span className="panel-row__text">
              <span className="panel-row__label">{t('about.support')}</span>
              <span className="panel-row__hint">{t('about.supportHint', { email: SUPPORT_EMAIL })}</span>
            </span>
          </a>
        </li>
      </ul>
    </section>
  );
}
