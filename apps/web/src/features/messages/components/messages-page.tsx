import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/count-badge';
import { Icon } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useConversations } from '../api/use-messages';
import { useKeyboardInset } from '../hooks/use-keyboard-inset';
import { ConversationPane } from './conversation-pane';
import { ConversationRow } from './conversation-list';
import './messages.css';

/** /messages: the conversation list beside the open conversation (one at a time on small screens). */
export function MessagesPage() {
  useDocumentTitle(t('messages.title'));
  useKeyboardInset();
  const [params] = useSearchParams();
  const to = params.get('to')?.trim() || null;
  const wide = useMediaQuery('(min-width: 900px)');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), 250);
  const conversations = useConversations(query);
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];
  const requestsCount = conversations.data?.pages[0]?.requestsCount ?? 0;
  const showList = wide || !to;

  return (
    <div className={`messages${to ? ' messages--open' : ''}`} data-testid="messages-page">
      {showList ? (
        <aside className="messages__list" aria-label={t('messages.title')}>
          <h1 className="messages__title">{t('messages.title')}</h1>
          <input
            type="search"
            className="messages__search"
            placeholder={t('messages.searchPlaceholder')}
            aria-label={t('messages.searchPlaceholder')}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="conversations-search"
          />
          <AppLink to="/message-requests" className="messages__requests" data-testid="requests-button">
            <Icon name="inbox" size={20} />
            <span>{t('messages.requests')}</span>
            <CountBadge count={requestsCount} inline />
          </AppLink>
          {conversations.isPending ? <p className="messages__status">{t('messages.loading')}</p> : null}
          {conversations.isError ? (
            <p className="messages__status" role="alert">
              {t('messages.listFailed')}
            </p>
          ) : null}
          {conversations.isSuccess && items.length === 0 ? (
            <p className="messages__status">{query ? t('messages.noMatches') : t('messages.empty')}</p>
          ) : null}
          <ul className="messages__rows">
            {items.map((item) => (
              <ConversationRow
                key={item.user.username}
                summary={item}
                to={`/messages?to=${encodeURIComponent(item.user.username)}`}
                active={to?.toLowerCase() === item.user.username.toLowerCase()}
              />
            ))}
          </ul>
          {conversations.hasNextPage ? (
            <div className="messages__more">
              <Button variant="secondary" className="btn-compact" disabled={conversations.isFetchingNextPage} onClick={() => void conversations.fetchNextPage()}>
                {t('messages.loadMore')}
              </Button>
            </div>
          ) : null}
        </aside>
      ) : null}
      {to ? (
        <ConversationPane key={to.toLowerCase()} username={to} showBack={!wide} />
      ) : wide ? (
        <div className="messages__placeholder">
          <Icon name="message" size={48} />
          <p>{t('messages.pick')}</p>
        </div>
      ) : null}
    </div>
  );
}
