import { ButtonLink } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { useDocumentTitle } from '../../lib/document-title';
import { t } from '../../lib/i18n';
import './status-page.css';

export function NotFoundPage() {
  useDocumentTitle(t('errors.notFoundTitle'));
  return (
    <section className="status-page" data-testid="not-found">
      <div className="status-page__icon">
        <Icon name="search" size={30} />
      </div>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundBody')}</p>
      <ButtonLink to="/">{t('app.goHome')}</ButtonLink>
    </section>
  );
}
