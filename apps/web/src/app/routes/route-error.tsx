import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { t } from '../../lib/i18n';
import { NotFoundPage } from './not-found-page';
import './status-page.css';

/** Shown inside the shell when a screen fails to load or to render (e.g. a chunk from an old deploy). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <section className="status-page" role="alert">
      <div className="status-page__icon">
        <Icon name="alert" size={30} />
      </div>
      <h1>{t('errors.crashTitle')}</h1>
      <p>{t('errors.crashBody')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </section>
  );
}
