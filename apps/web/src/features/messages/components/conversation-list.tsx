import type { ConversationSummary } from '@wag/contract/messages';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { CountBadge } from '../../../components/ui/count-badge';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { storyAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/** The last message as the list previews it: 'Tú: …' for your own, story replies named as such. */
export function messagePreview(summary: ConversationSummary): string {
  const last = summary.lastMessage;
  if (!last) return '';
  const text = last.story ? (last.fromMe ? t('messages.youRepliedStory') : t('messages.repliedYourStory')) : last.text;
  // A photo or video without words is named as one; with words, the words say more.
  if (last.media && !text) return mediaPreview(last.media.kind, last.fromMe);
  return last.fromMe ? t('messages.youPrefix', { text }) : text;
}

function mediaPreview(kind: 'image' | 'video', fromMe: boolean): string {
  const text = kind === 'video' ? t('messageMedia.previewVideo') : t('messageMedia.previewPhoto');
  return fromMe ? t('messages.youPrefix', { text }) : text;
}

export function ConversationRow({ summary, to, active = false }: { summary: ConversationSummary; to: string; active?: boolean }) {
  const name = summary.user.deleted ? t('messages.deletedAccount') : summary.user.full_name || summary.user.username;
  const unread = summary.unreadCount > 0;
  return (
    <li>
      <AppLink
        to={to}
        className={`conversation-row${active ? ' conversation-row--active' : ''}${unread ? ' conversation-row--unread' : ''}`}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation-row"
      >
        <Avatar name={summary.user.deleted ? '?' : name} src={summary.user.picture} size={48} />
        <span className="conversation-row__body">
          <span className="conversation-row__name">
            {name}
            {summary.user.isVerified ? <VerifiedBadge size={14} /> : null}
          </span>
          <span className="conversation-row__preview">{messagePreview(summary)}</span>
        </span>
        <span className="conversation-row__meta">
          {summary.updated_at ? <time dateTime={summary.updated_at}>{storyAge(summary.updated_at)}</time> : null}
          <CountBadge count={summary.unreadCount} inline label={t('messages.unread', { count: summary.unreadCount })} />
        </span>
      </AppLink>
    </li>
  );
}
