import { ButtonLink } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import './safety.css';

/** A safety screen for something that is not there (a bad address, a person not found). */
export function NotFoundNotice() {
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <section className="safety" data-testid="not-found">
      <div className="safety__card safety__card--center">
        <h1 className="safety__title">{t('errors.notFoundTitle')}</h1>
        <p className="safety__text">{t('errors.notFoundBody')}</p>
        <ButtonLink to="/">{t('app.goHome')}</ButtonLink>
      </div>
    </section>
  );
}
