import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { t } from '../../../lib/i18n';
import './moderation.css';

/** The desk is for moderators and admins; anyone else is told so (the server answers them 403 anyway). */
export function ModerationGate({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <Spinner />;
  if (me.data?.role !== 'moderator' && me.data?.role !== 'admin') {
    return (
      <section className="desk" data-testid="moderation-forbidden">
        <h1 className="desk__title">{t('moderation.title')}</h1>
        <p className="desk__muted">{t('moderation.forbidden')}</p>
      </section>
    );
  }
  return <>{children}</>;
}
