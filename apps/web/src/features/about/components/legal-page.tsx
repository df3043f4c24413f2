import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { LEGAL_DOCUMENTS, SUPPORT_EMAIL, type LegalDocumentName } from './legal-documents';
import './about.css';

/** /legal/terms, /legal/privacy, /legal/cookies: open to everyone, guests included. */
export function LegalPage({ document: name }: { document: LegalDocumentName }) {
  const doc = LEGAL_DOCUMENTS[name];
  const values = { email: SUPPORT_EMAIL };
  useDocumentTitle(t(doc.title));
  return (
    <article className="about about--legal" data-testid={`legal-${name}`}>
      <PageHeader back={{ to: '/settings/about', label: t('legal.backToAbout') }} title={t(doc.title)} subtitle={t('legal.updated')} />
      <div className="legal">
        <p className="legal__intro">{t(doc.intro, values)}</p>
        {doc.sections.map((section) => (
          <section key={section.title} className="legal__section">
            <h2 className="legal__heading">{t(section.title)}</h2>
            {section.paragraphs.map((key) => (
              <p key={key}>{t(key, values)}</p>
            ))}
          </section>
        ))}
        <p className="legal__contact">
          {t('legal.contact', values)}
        </p>
      </div>
    </article>
  );
}
