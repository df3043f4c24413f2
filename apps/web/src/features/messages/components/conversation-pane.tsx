import '../../../components/social/more-menu.css';
import type { DirectMessage } from '@wag/contract/messages';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { RichText } from '../../../components/ui/rich-text';
import { useToast } from '../../../components/ui/toast';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { errorText } from '../../../lib/api-error';
import { commentAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useConversation, useConversationAction, useMarkConversationRead, useOtherTyping } from '../api/use-messages';
import { MessageComposer } from './message-composer';
import { MessageMediaView } from './message-media';

function MessageBubble({ message, seen }: { message: DirectMessage; seen: boolean }) {
  return (
    <li className={`bubble${message.fromMe ? ' bubble--mine' : ''}`} data-testid="message">
      {message.story ? (
        <span className="bubble__story">
          {message.story.thumbnail_url ? <img src={message.story.thumbnail_url} alt="" width={48} height={85} loading="lazy" /> : null}
          <span>{message.fromMe ? t('messages.youRepliedStory') : t('messages.repliedYourStory')}</span>
        </span>
      ) : null}
      {message.media ? <MessageMediaView media={message.media} /> : null}
      <span className="bubble__text"><RichText text={message.text} className={message.fromMe ? 'rich-text--keep-spaces rich-text--on-color' : 'rich-text--keep-spaces'} /></span>
      <time className="bubble__time" dateTime={message.created_at}>
        {commentAge(message.created_at)}
        {seen ? ` · ${t('messages.seen')}` : ''}
        {message.fromMe ? null : (
          <>
            {' · '}
            <AppLink to={`/report/message/${encodeURIComponent(message.id)}`} className="bubble__report" data-testid="report-message">
              {t('moreMenu.report')}
            </AppLink>
          </>
        )}
      </time>
    </li>
  );
}

function ConversationMenu({ username, onDeleted }: { username: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useConversationAction('delete');
  const toast = useToast();
  const name = encodeURIComponent(username);
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const deleteChat = () => {
    remove.mutate(username, {
      onSuccess: () => {
        setConfirming(false);
        onDeleted();
      },
      onError: (error) => toast(errorText(error, t('messages.deleteFailed')), 'error'),
    });
  };
  return (
    <div className="chat-menu">
      <button
        ref={triggerRef}
        type="button"
        className="icon-button"
        aria-label={t('messages.options')}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="chat-menu"
      >
        <Icon name="menu" />
      </button>
      {open ? (
        <ul className="more-menu__list more-menu__list--right" role="menu">
          <li role="none">
            <AppLink role="menuitem" to={`/${name}`}>{t('messages.viewProfile')}</AppLink>
          </li>
          <li role="none">
            <AppLink role="menuitem" to={`/report-user/${name}`}>{t('messages.report')}</AppLink>
          </li>
          <li role="none">
            <AppLink role="menuitem" to={`/block-user/${name}`}>{t('messages.block')}</AppLink>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="more-menu__danger"
              onClick={() => {
                // The dialog gives focus back to what had it: the menu button, not this item, which closes.
                triggerRef.current?.focus();
                setOpen(false);
                setConfirming(true);
              }}
            >
              {t('messages.deleteChat')}
            </button>
          </li>
        </ul>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('messages.deleteTitle', { username })}
          description={t('messages.deleteBody', { username })}
          cancelLabel={t('messages.cancel')}
          confirmLabel={t('messages.deleteConfirm')}
          onCancel={() => setConfirming(false)}
          onConfirm={deleteChat}
          busy={remove.isPending}
          testId="delete-chat"
        />
      ) : null}
    </div>
  );
}

/** One conversation: history (older pages upward), request banner, 'Visto', composer. */
export function ConversationPane({ username, showBack }: { username: string; showBack: boolean }) {
  const navigate = useNavigate();
  const conversation = useConversation(username);
  const markRead = useMarkConversationRead(username);
  const accept = useConversationAction('accept');
  const reject = useConversationAction('reject');
  const otherTyping = useOtherTyping(username);
  const listRef = useRef<HTMLOListElement>(null);

  const pages = conversation.data?.pages ?? [];
  const first = pages[0];
  const messages = pages.flatMap((page) => page.items).reverse();
  const newest = messages.at(-1);
  const otherReadAt = first?.otherLastReadAt ? new Date(first.otherLastReadAt).getTime() : 0;

  // Reading the newest message from the other person marks the conversation read; a request is
  // only marked read once accepted (the sender learns nothing before that).
  const { mutate: markReadNow } = markRead;
  const newestFromOther = newest && !newest.fromMe && first?.status === 'active' ? newest.id : null;
  useEffect(() => {
    if (newestFromOther) markReadNow();
  }, [newestFromOther, markReadNow]);

  // New messages scroll into view; loading older ones keeps the place.
  const newestId = newest?.id;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);
  // A list read to its end stays at its end when it gets shorter (a photo picked in the composer,
  // the on-screen keyboard opening).
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    let atEnd = true;
    const onScroll = () => {
      atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
    };
    const observer = new ResizeObserver(() => {
      if (atEnd) list.scrollTop = list.scrollHeight;
    });
    list.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(list);
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', onScroll);
    };
  }, []);

  const user = first?.user;
  const deleted = user?.deleted === true;
  const display = deleted ? t('messages.deletedAccount') : user?.full_name || user?.username || username;
  const backToList = () => navigate('/messages', { replace: true });

  return (
    <section className="chat" aria-label={t('messages.conversationWith', { username })} data-testid="conversation-pane">
      <header className="chat__header">
        {showBack ? (
          <AppLink to="/messages" className="icon-button" aria-label={t('messages.back')}>
            <Icon name="arrowLeft" />
          </AppLink>
        ) : null}
        {deleted ? (
          <span className="chat__who" data-testid="chat-deleted-account">
            <Avatar name="?" src={null} size={40} />
            <span className="chat__names">
              <strong>{display}</strong>
            </span>
          </span>
        ) : (
          <AppLink to={`/${encodeURIComponent(username)}`} className="chat__who">
            <Avatar name={display} src={user?.picture} size={40} />
            <span className="chat__names">
              <strong>
                {display}
                {user?.isVerified ? <VerifiedBadge size={14} /> : null}
              </strong>
              <span>@{user?.username ?? username}</span>
            </span>
          </AppLink>
        )}
        <ConversationMenu username={username} onDeleted={backToList} />
      </header>

      {first?.status === 'request' ? (
        <div className="chat__request" data-testid="request-banner">
          <p>{t('messages.requestBanner', { username })}</p>
          <div>
            <Button className="btn-compact" onClick={() => accept.mutate(username)} disabled={accept.isPending}>
              {t('messages.accept')}
            </Button>
            <Button className="btn-compact" variant="secondary" onClick={() => reject.mutate(username, { onSuccess: backToList })} disabled={reject.isPending}>
              {t('messages.reject')}
            </Button>
          </div>
        </div>
      ) : null}

      <ol className="chat__messages" ref={listRef} data-testid="messages-list">
        {conversation.hasNextPage ? (
          <li className="chat__older">
            <Button className="btn-compact" variant="secondary" disabled={conversation.isFetchingNextPage} onClick={() => void conversation.fetchNextPage()}>
              {t('messages.loadOlder')}
            </Button>
          </li>
        ) : null}
        {conversation.isPending ? <li className="chat__status">{t('messages.loading')}</li> : null}
        {conversation.isError ? (
          <li className="chat__status" role="alert">
            {errorText(conversation.error, t('messages.loadFailed'))}
          </li>
        ) : null}
        {conversation.isSuccess && messages.length === 0 ? <li className="chat__status">{t('messages.startConversation', { username })}</li> : null}
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            seen={message.fromMe && message.id === newest?.id && otherReadAt >= new Date(message.created_at).getTime()}
          />
        ))}
      </ol>
      {otherTyping ? (
        <p className="chat__typing" role="status" data-testid="typing-indicator">
          {t('messages.typing', { username })}
        </p>
      ) : null}

      {deleted ? (
        <p className="chat__blocked" data-testid="chat-deleted">
          {t('messages.deletedReadOnly')}
        </p>
      ) : first?.blockedByMe ? (
        <p className="chat__blocked" data-testid="chat-blocked">
          {t('messages.blockedReadOnly', { username })} <AppLink to={`/block-user/${encodeURIComponent(username)}`}>{t('safety.block.unblock')}</AppLink>
        </p>
      ) : (
        <MessageComposer username={username} />
      )}
    </section>
  );
}
