import type { BlockedUser } from '@wag/contract/blocks';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useBlockedUsers, useSetBlocked } from '../api/safety-api';
import './safety.css';

/** /settings/privacy-security/blocked-users: the people I block, newest first, each with 'Desbloquear'. */
export function BlockedUsersPage() {
  const list = useBlockedUsers();
  useDocumentTitle(t('safety.blockedUsers.title'));
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="safety" data-testid="blocked-users-page">
      <PageHeader back={{ to: '/settings/privacy-security', label: t('settings.privacySecurity') }} title={t('safety.blockedUsers.title')} subtitle={t('safety.blockedUsers.subtitle')} />
      {list.isPending ? (
        <Spinner />
      ) : people.length === 0 ? (
        <p className="safety__empty">{t('safety.blockedUsers.empty')}</p>
      ) : (
        <ul className="panel-list">
          {people.map((person) => (
            <BlockedRow key={person.username} person={person} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

function BlockedRow({ person }: { person: BlockedUser }) {
  const unblock = useSetBlocked(person.username);
  const toast = useToast();
  return (
    <li className="safety__row" data-testid="blocked-user">
      <Avatar name={person.fullName || person.username} src={person.profilePictureUrl} size={44} />
      <span className="safety__row-main">
        <span className="safety__row-title">{person.fullName || person.username}</span>
        <span className="safety__row-meta">
          @{person.username} · {t('safety.blockedUsers.since', { when: calendarDate(person.blockedAt) })}
        </span>
      </span>
      <Button
        variant="secondary"
        onClick={() =>
          unblock.mutate(false, {
            onSuccess: () => toast(t('safety.block.unblocked', { username: person.username }), 'success'),
            onError: () => toast(t('safety.block.failed'), 'error'),
          })
        }
        disabled={unblock.isPending}
      >
        {unblock.isPending ? t('safety.blockedUsers.unblocking') : t('safety.blockedUsers.unblock')}
      </Button>
    </li>
  );
}
