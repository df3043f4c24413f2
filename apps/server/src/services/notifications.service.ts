import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationItem,
  type NotificationsResponse,
  type NotificationTarget,
} from '@wag/contract/notifications';
import { SYSTEM_ACTOR_USERNAME } from '@wag/contract/moderation-rules';
import { mentionsIn } from '@wag/contract/tags-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { isOpen, postVisibility, storyVisibility } from '../access/rules.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { LikeTarget, NewNotification, NotificationRow, NotificationsRepository } from '../repositories/notifications.repository.js';
import { isUuid } from '../lib/uuid.js';
import type { Viewer } from './auth.service.js';
import type { LiveService } from './live.service.js';
import type { LikeChange } from '../repositories/like-change.js';

/** At most this many people are notified of one text's @mentions. */
const MAX_MENTIONS = 10;

/**
 * The lower-cased usernames a text mentions, read by the rule the web app links them by
 * (packages/contract/src/tags-rules.ts: @ and 1 to 20 of [A-Za-z0-9_] at the start of a word).
 */
export function mentionedUsernames(text: string): string[] {
  return mentionsIn(text).slice(0, MAX_MENTIONS);
}

/** What a notification line is about: a story, a liked comment, or the post or quicky itself. */
function targetKind(row: NotificationRow): NotificationTarget['kind'] | null {
  if (row.story) return 'story';
  if (row.type === 'like' && row.comment_id) return 'comment';
  if (!row.post) return null;
  return row.post.post_type === 'quicky' ? 'quicky' : 'post';
}

/** Someone to tell live, after a commit, of a new notification or of changed counts. */
export interface Tell {
  userId: string;
  event: 'notification' | 'counts';
}

const tell = (userId: string | undefined, event: Tell['event']): Tell[] => (userId ? [{ userId, event }] : []);

export function createNotificationsService({
  notifications,
  live,
  clock,
  log,
}: {
  notifications: NotificationsRepository;
  live: LiveService;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  async function announceSafely(userId: string, event: Tell['event']): Promise<void> {
    try {
      await live.publishCounts(userId, event);
    } catch (error) {
      log.warn({ err: error, userId, event }, 'live counts not sent');
    }
  }

  /**
   * The picture of what a line is about, only while the access rules let the recipient open it now
   * (an ex-follower's lines about followers-only things keep their text and lose their picture).
   */
  function thumbnailKey(row: NotificationRow, viewerId: string): string | null {
    if (row.story) return storyVisibility(row.story, viewerId, clock.now()) !== 'hidden' ? row.story.thumb_key : null;
    if (row.post) return isOpen(postVisibility(row.post, viewerId)) ? row.post.thumb_key : null;
    return null;
  }

  /** What a moderation line says was decided; its reason only for the owner of what was decided. */
  function decisionOf(row: NotificationRow): NotificationItem['decision'] {
    if (!row.decision) return undefined;
    return {
      subjectType: row.decision.subject_type as NonNullable<NotificationItem['decision']>['subjectType'],
      action: row.decision.action as NonNullable<NotificationItem['decision']>['action'],
      reason: row.type === 'moderation_decision' ? row.decision.reason : null,
      until: row.decision.until ? new Date(row.decision.until).toISOString() : null,
      final: row.decision.decides_appeal,
    };
  }

  function toItem(row: NotificationRow, viewerId: string): NotificationItem {
    const kind = targetKind(row);
    const decision = decisionOf(row);
    return {
      id: row.id,
      type: row.type,
      // Lines from WAG itself name no moderator: their actor is WAG (a reserved name no account holds).
      actor:
        row.actor_username === null
          ? { username: SYSTEM_ACTOR_USERNAME, full_name: 'WAG', picture: null, isVerified: true, isFollowedByMe: false }
          : {
              username: row.actor_username,
              full_name: row.actor_full_name,
              picture: mediaUrl(row.actor_avatar_key, MEDIA_FILES.avatarSmall),
              isVerified: row.actor_is_verified ?? false,
              isFollowedByMe: row.actor_followed,
            },
      othersCount: row.type === 'like' ? Math.max(0, row.actors_count - 1) : 0,
      target: kind ? { kind, slug: row.post?.slug ?? null, postType: row.post?.post_type ?? null, thumbnail_url: mediaFileUrl(thumbnailKey(row, viewerId)) } : null,
      text: row.text,
      detail: row.detail,
      created_at: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
      ...(decision ? { decision } : {}),
    };
  }

  return {
    async page(viewer: Viewer, cursor: string | undefined): Promise<NotificationsResponse> {
      const rows = await notifications.page(viewer.userId, clock.now(), NOTIFICATIONS_PAGE_SIZE + 1, cursor ? decodeTimeCursor(cursor) : undefined);
      const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) => toItem(row, viewer.userId)),
        nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },

    async unreadCount(viewer: Viewer): Promise<{ count: number }> {
      return { count: await notifications.unreadCount(viewer.userId) };
    },

    async markRead(viewer: Viewer, ids?: string[]): Promise<{ success: true; count: number }> {
      const count = await notifications.markRead(viewer.userId, clock.now(), ids?.filter(isUuid));
      if (count > 0) await announceSafely(viewer.userId, 'counts');
      return { success: true, count };
    },

    /**
     * After a write has committed: tells each person live of their new notifications or counts. A
     * failure here is logged and never reaches the person who wrote.
     */
    async announce(tells: Tell[]): Promise<void> {
      const notify = new Set(tells.filter((tell) => tell.event === 'notification').map((tell) => tell.userId));
      const recount = new Set(tells.filter((tell) => tell.event === 'counts' && !notify.has(tell.userId)).map((tell) => tell.userId));
      await Promise.all([
        ...[...notify].map((userId) => announceSafely(userId, 'notification')),
        ...[...recount].map((userId) => announceSafely(userId, 'counts')),
      ]);
    },

    // The writers below run inside the transaction of the write that causes them, with its
    // repository, and return whom to tell once it has committed.

    /**
     * A like added (or taken back) on a post, comment or story. Only a like that changed something
     * notifies: liking twice neither raises the line again nor marks it unread.
     */
    async likeChanged(repo: NotificationsRepository, target: LikeTarget, targetId: string, actorId: string, liked: boolean, change: LikeChange): Promise<Tell[]> {
      if (!change.changed) return [];
      if (liked) return tell(await repo.recordLike(target, targetId, actorId, clock.now()), 'notification');
      return tell(await repo.retractLike(target, targetId, actorId), 'counts');
    },

    /**
     * A line about the recipient's own money or verification (a new subscriber, a renewal that
     * failed, a refund, an identity decision): always recorded, whatever the notification
     * preferences, since each tells of a payment or a right of theirs.
     */
    async accountLine(repo: NotificationsRepository, input: NewNotification): Promise<Tell[]> {
      await repo.insert(input);
      return tell(input.recipientId, 'notification');
    },

    async followed(repo: NotificationsRepository, actorId: string, followeeId: string): Promise<Tell[]> {
      if (actorId === followeeId) return [];
      return (await repo.recordFollow(followeeId, actorId, clock.now())) ? tell(followeeId, 'notification') : [];
    },

    async unfollowed(repo: NotificationsRepository, actorId: string, followeeId: string): Promise<Tell[]> {
      return (await repo.removeFollow(followeeId, actorId)) ? tell(followeeId, 'counts') : [];
    },

    /** A new comment or reply: its post's owner, the person replied to, and anyone it mentions. */
    async commented(
      repo: NotificationsRepository,
      input: { postId: string; commentId: string; repliedToId: string | null; actorId: string; text: string },
    ): Promise<Tell[]> {
      const at = clock.now();
      const told = await repo.insertForComment({ ...input, at });
      const mentioned = await repo.insertMentions({
        usernames: mentionedUsernames(input.text),
        exclude: told,
        actorId: input.actorId,
        postId: input.postId,
        commentId: input.commentId,
        text: input.text,
        at,
      });
      return [...told, ...mentioned].flatMap((userId) => tell(userId, 'notification'));
    },

    /** The people a new post's description mentions. */
    async mentionedInPost(repo: NotificationsRepository, postId: string, actorId: string, description: string): Promise<Tell[]> {
      const mentioned = await repo.insertMentions({
        usernames: mentionedUsernames(description),
        exclude: [],
        actorId,
        postId,
        commentId: null,
        text: description.slice(0, 200),
        at: clock.now(),
      });
      return mentioned.flatMap((userId) => tell(userId, 'notification'));
    },

    async storyReplied(repo: NotificationsRepository, storyId: string, ownerId: string, actorId: string, text: string): Promise<Tell[]> {
      if (ownerId === actorId) return [];
      await repo.insert({ recipientId: ownerId, actorId, type: 'story_reply', storyId, text, at: clock.now() });
      return tell(ownerId, 'notification');
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
