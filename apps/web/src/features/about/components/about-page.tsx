import { AppLink } from '../../../lib/app-link';
import type { IconName } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { SUPPORT_EMAIL } from './legal-documents';
import './about.css';
import { PanelRowBody } from '../../../components/ui/panel-row';

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
          <PanelRowBody icon="info" label={t('about.version')} value={__APP_VERSION__} valueTestId="about-version" />
        </li>
        {LINKS.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="panel-row">
              <PanelRowBody icon={link.icon} label={t(link.label)} hint={t(link.hint)} chevron />
            </AppLink>
          </li>
        ))}
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="panel-row" data-testid="about-support">
            <PanelRowBody icon="mail" label={t('about.support')} hint={t('about.supportHint', { email: SUPPORT_EMAIL })} />
          </a>
        </li>
      </ul>
    </section>
  );
}
