import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useLicenses } from '../api/licenses';
import './about.css';

/** /settings/about/licenses: the packages of the web app's bundle, with their licence texts. */
export function LicensesPage() {
  useDocumentTitle(t('about.licenses'));
  const licenses = useLicenses();
  return (
    <section className="about" data-testid="licenses-page">
      <PageHeader back={{ to: '/settings/about', label: t('legal.backToAbout') }} title={t('about.licenses')} subtitle={t('about.licensesPage.subtitle')} />
      {licenses.isPending ? (
        <Spinner />
      ) : licenses.isError ? (
        <p className="page-status" role="alert">
          {t('about.licensesPage.failed')}
        </p>
      ) : (
        <>
          <p className="about__count">{t('about.licensesPage.count', { n: licenses.data.length })}</p>
          <ul className="panel-list" data-testid="licenses-list">
            {licenses.data.map((pkg) => (
              <li key={`${pkg.name}@${pkg.version}`} className="license">
                <div className="license__head">
                  <span className="license__name">{pkg.name}</span>
                  <span className="license__version">{pkg.version}</span>
                  <span className="license__badge">{pkg.license}</span>
                </div>
                {pkg.homepage ? (
                  <a className="license__link" href={pkg.homepage} target="_blank" rel="noopener noreferrer">
                    {t('about.licensesPage.homepage')}
                  </a>
                ) : null}
                {pkg.text ? (
                  <details className="license__details">
                    <summary>{t('about.licensesPage.showText')}</summary>
                    <pre className="license__text">{pkg.text}</pre>
                  </details>
                ) : (
                  <p className="license__missing">{t('about.licensesPage.noText', { license: pkg.license })}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
