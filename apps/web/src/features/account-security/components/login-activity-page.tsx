import type { AccountSession } from '@wag/contract/account-security';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate, commentAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useAccountSessions, useEndSessions } from '../api/account-security-api';
import './account-security.css';

/** /settings/account/login-activity: where the account is signed in, with 'Actual' and 'Cerrar sesión' on the others. */
export function LoginActivityPage() {
  useDocumentTitle(t('accountSecurity.sessions.title'));
  const list = useAccountSessions();
  const end = useEndSessions();
  const toast = useToast();
  const items = list.data?.items ?? [];
  const others = items.filter((item) => !item.current).length;

  const endSession = (which: string) =>
    end.mutate(which, {
      onSuccess: () => toast(which === 'others' ? t('accountSecurity.sessions.endedOthers') : t('accountSecurity.sessions.ended'), 'success'),
      onError: (error) => toast(errorText(error, t('accountSecurity.sessions.failed')), 'error'),
    });

  return (
    <section className="account-security" data-testid="login-activity-page">
      <PageHeader back={{ to: '/settings/account', label: t('settings.account') }} title={t('accountSecurity.sessions.title')} subtitle={t('accountSecurity.sessions.subtitle')} />
      {list.isPending ? (
        <Spinner />
      ) : (
        <ul className="panel-list">
          {items.map((session) => (
            <SessionRow key={session.id} session={session} busy={end.isPending} onEnd={() => endSession(session.id)} />
          ))}
        </ul>
      )}
      {others > 0 ? (
        <div className="account-security__actions">
          <Button variant="danger" onClick={() => endSession('others')} disabled={end.isPending} data-testid="end-other-sessions">
            {t('accountSecurity.sessions.endOthers')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd: () => void }) {
  const place = [session.location, session.ip].filter(Boolean).join(' · ');
  return (
    <li className="account-security__row" data-testid="session-row">
      <span className="account-security__row-icon" aria-hidden="true">
        <Icon name="globe" size={20} />
      </span>
      <span className="account-security__row-main">
        <span className="account-security__row-title">{session.device}</span>
        {place ? <span className="account-security__row-meta">{place}</span> : null}
        <span className="account-security__row-meta">
          {t('accountSecurity.sessions.lastActive', { when: commentAge(session.lastSeenAt) })} ·{' '}
          {t('accountSecurity.sessions.since', { when: calendarDate(session.createdAt) })}
        </span>
      </span>
      {session.current ? (
        <span className="account-security__current">{t('accountSecurity.sessions.current')}</span>
      ) : (
        <Button variant="secondary" onClick={onEnd} disabled={busy}>
          {t('accountSecurity.sessions.end')}
        </Button>
      )}
    </li>
  );
}
