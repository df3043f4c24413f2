import type { NotificationItem } from '@wag/contract/notifications';
import { useEffect, useRef } from 'react';
import { AppLink } from '../../../lib/app-link';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { useDocumentTitle } from '../../../lib/document-title';
import { commentAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useMarkNotificationsRead, useNotifications } from '../api/use-notifications';
import { notificationLink, notificationSentence } from './notification-text';
import './notifications-page.css';

function NotificationRow({ item, unread }: { item: NotificationItem; unread: boolean }) {
  const link = notificationLink(item);
  const name = item.actor.username;
  return (
    <li className={`notification${unread ? ' notification--unread' : ''}`} data-testid="notification" data-unread={unread}>
      <AppLink to={`/${encodeURIComponent(name)}`} className="notification__avatar" aria-label={t('notifications.openProfile', { username: name })}>
        <Avatar name={item.actor.full_name || name} src={item.actor.picture} size={44} />
      </AppLink>
      <AppLink to={link} className="notification__body">
        <span className="notification__text">
          <strong>{name}</strong>
          {item.actor.isVerified ? <VerifiedBadge size={14} /> : null} {notificationSentence(item)}
          {item.text ? <span className="notification__quote"> «{item.text}»</span> : null}
        </span>
        <time className="notification__time" dateTime={item.created_at}>
          {commentAge(item.created_at)}
        </time>
      </AppLink>
      {item.type === 'follow' ? (
        <FollowButton username={name} isFollowing={item.actor.isFollowedByMe} size="sm" />
      ) : item.target?.thumbnail_url ? (
        <AppLink to={link} className="notification__thumb" tabIndex={-1} aria-hidden="true">
          <img src={item.target.thumbnail_url} alt="" loading="lazy" width={44} height={44} />
        </AppLink>
      ) : null}
    </li>
  );
}

/** /notifications: newest first, unread highlighted; opening the page marks what it shows read. */
export function NotificationsPage() {
  useDocumentTitle(t('notifications.title'));
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const marked = useRef(new Set<string>());
  const items = notifications.data?.pages.flatMap((page) => page.items) ?? [];

  // Whatever unread arrives on screen (first load, a live one, the next page) is marked read once;
  // it stays highlighted while the page is open, even when the list is loaded again (the live channel
  // refetches it when it opens), and shows as read the next time.
  const unreadIds = items.filter((item) => !item.read && !marked.current.has(item.id)).map((item) => item.id);
  const unreadKey = unreadIds.join(',');
  const { mutate } = markRead;
  useEffect(() => {
    if (!unreadKey) return;
    const ids = unreadKey.split(',');
    for (const id of ids) marked.current.add(id);
    mutate(ids);
  }, [unreadKey, mutate]);

  return (
    <div className="notifications-page" data-testid="notifications-page">
      <h1 className="notifications-page__title">{t('notifications.title')}</h1>
      {notifications.isPending ? <p className="notifications-page__status">{t('notifications.loading')}</p> : null}
      {notifications.isError ? (
        <p className="notifications-page__status" role="alert">
          {t('notifications.failed')}
        </p>
      ) : null}
      {notifications.isSuccess && items.length === 0 ? <p className="notifications-page__status">{t('notifications.empty')}</p> : null}
      {items.length > 0 ? (
        <ul className="notifications-page__list">
          {items.map((item) => (
            <NotificationRow key={item.id} item={item} unread={!item.read || marked.current.has(item.id)} />
          ))}
        </ul>
      ) : null}
      {notifications.hasNextPage ? (
        <div className="notifications-page__more">
          <Button variant="secondary" disabled={notifications.isFetchingNextPage} onClick={() => void notifications.fetchNextPage()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
