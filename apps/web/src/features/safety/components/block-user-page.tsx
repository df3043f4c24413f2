import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useBlockStatus, useSetBlocked } from '../api/safety-api';
import { NotFoundNotice } from './not-found-notice';
import './safety.css';

/**
 * /block-user/{username} (docs/product.md §2): 'Confirmar Bloqueo', then 'Usuario Bloqueado' with
 * 'Desbloquear Usuario', against the server. Whether they block me is never shown.
 */
export function BlockUserPage() {
  const { username = '' } = useParams();
  const status = useBlockStatus(username);
  const setBlocked = useSetBlocked(username);
  const toast = useToast();
  useDocumentTitle(t('safety.block.title', { username }));

  const change = (blocked: boolean) =>
    setBlocked.mutate(blocked, {
      onSuccess: () => toast(t(blocked ? 'safety.block.blockedToast' : 'safety.block.unblocked', { username }), 'success'),
      onError: () => toast(t('safety.block.failed'), 'error'),
    });

  if (status.isPending) return <Spinner />;
  if (status.isError) return <NotFoundNotice />;
  const blocked = status.data.blocked;

  return (
    <section className="safety" data-testid="block-user-page">
      <div className="safety__card safety__card--center">
        <span className="safety__icon" aria-hidden="true">
          <Icon name="slash" size={26} />
        </span>
        {blocked ? (
          <>
            <h1 className="safety__title">{t('safety.block.blockedTitle')}</h1>
            <p className="safety__text">{t('safety.block.blockedBody', { username })}</p>
            <div className="safety__actions">
              <Button variant="secondary" onClick={() => change(false)} disabled={setBlocked.isPending}>
                {t('safety.block.unblock')}
              </Button>
              <ButtonLink to="/" variant="ghost">
                {t('safety.block.backHome')}
              </ButtonLink>
            </div>
          </>
        ) : (
          <>
            <h1 className="safety__title">{t('safety.block.confirmTitle', { username })}</h1>
            <p className="safety__text">{t('safety.block.effect', { username })}</p>
            <p className="safety__text">{t('safety.block.conversation', { username })}</p>
            <div className="safety__actions">
              <Button variant="danger" onClick={() => change(true)} disabled={setBlocked.isPending}>
                {t('safety.block.confirm')}
              </Button>
              <ButtonLink to={`/${encodeURIComponent(username)}`} variant="secondary">
                {t('safety.block.cancel')}
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
