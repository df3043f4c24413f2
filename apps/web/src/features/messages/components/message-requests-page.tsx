import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { storyAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useConversationAction, useMessageRequests } from '../api/use-messages';
import { messagePreview } from './conversation-list';
import './messages.css';

/** /message-requests: first messages from people you don't follow, to accept or reject. */
export function MessageRequestsPage() {
  useDocumentTitle(t('messages.requestsTitle'));
  const requests = useMessageRequests();
  const accept = useConversationAction('accept');
  const reject = useConversationAction('reject');
  const toast = useToast();
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const onError = (error: Error) => toast(errorText(error, t('messages.actionFailed')), 'error');

  return (
    <div className="requests" data-testid="message-requests-page">
      <header className="requests__header">
        <AppLink to="/messages" className="icon-button" aria-label={t('messages.back')}>
          <Icon name="arrowLeft" />
        </AppLink>
        <h1>{t('messages.requestsTitle')}</h1>
      </header>
      <p className="requests__lead">{t('messages.requestsLead')}</p>
      {requests.isPending ? <p className="messages__status">{t('messages.loading')}</p> : null}
      {requests.isError ? (
        <p className="messages__status" role="alert">
          {t('messages.listFailed')}
        </p>
      ) : null}
      {requests.isSuccess && items.length === 0 ? <p className="messages__status">{t('messages.noRequests')}</p> : null}
      <ul className="requests__rows">
        {items.map((item) => {
          const name = item.user.username;
          return (
            <li key={name} className="request-row" data-testid="request-row">
              <AppLink to={`/messages?to=${encodeURIComponent(name)}`} className="request-row__who">
                <Avatar name={item.user.full_name || name} src={item.user.picture} size={48} />
                <span className="conversation-row__body">
                  <span className="conversation-row__name">{item.user.full_name || name}</span>
                  <span className="conversation-row__preview">{messagePreview(item)}</span>
                </span>
                {item.updated_at ? <time dateTime={item.updated_at}>{storyAge(item.updated_at)}</time> : null}
              </AppLink>
              <div className="request-row__actions">
                <Button className="btn-compact" disabled={accept.isPending} onClick={() => accept.mutate(name, { onError })}>
                  {t('messages.accept')}
                </Button>
                <Button className="btn-compact" variant="secondary" disabled={reject.isPending} onClick={() => reject.mutate(name, { onError })}>
                  {t('messages.reject')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {requests.hasNextPage ? (
        <div className="messages__more">
          <Button variant="secondary" className="btn-compact" disabled={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
            {t('messages.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
