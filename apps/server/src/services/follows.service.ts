import { FOLLOW_LIST_PAGE_SIZE, type FollowListQuery, type FollowListResponse, type FollowResponse } from '@wag/contract/profiles';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { FollowsRepository } from '../repositories/follows.repository.js';
import type { PeopleRepository } from '../repositories/people.repository.js';
import type { Viewer } from './auth.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';

export interface FollowsServiceDeps {
  follows: FollowsRepository;
  people: PeopleRepository;
  clock: Clock;
  notify: Pick<NotificationsService, 'followed' | 'unfollowed' | 'announce'>;
  /** A follow and its notification commit together. */
  uow: UnitOfWork;
}

export function createFollowsService({ follows, people, clock, notify, uow }: FollowsServiceDeps) {
  /** A person the viewer may see (the access rules: not blocked either way, not suspended), or a 404. */
  async function userId(username: string, viewer: Viewer | null): Promise<string> {
    const id = await people.visibleIdByUsername(username, viewer?.userId ?? null, clock.now());
    if (!id) throw new NotFoundError(messages.userNotFound);
    return id;
  }

  async function followeeOf(viewer: Viewer, username: string): Promise<string> {
    const id = await userId(username, viewer);
    if (id === viewer.userId) throw new ValidationError(messages.cannotFollowSelf);
    return id;
  }

  return {
    /** Whether the viewer follows the user; always false for a guest. */
    async status(username: string, viewer: Viewer | null): Promise<{ isFollowing: boolean }> {
      const id = await userId(username, viewer);
      if (!viewer || viewer.userId === id) return { isFollowing: false };
      return { isFollowing: await follows.isFollowing(viewer.userId, id) };
    },

    async follow(viewer: Viewer, username: string): Promise<FollowResponse> {
      const followeeId = await followeeOf(viewer, username);
      const { followers, tells } = await uow.run(async (r) => {
        const followers = await r.follows.follow(viewer.userId, followeeId, clock.now());
        if (followers === undefined) throw new NotFoundError(messages.userNotFound);
        return { followers, tells: await notify.followed(r.notifications, viewer.userId, followeeId) };
      });
      await notify.announce(tells);
      return { success: true, isFollowing: true, followers };
    },

    async unfollow(viewer: Viewer, username: string): Promise<FollowResponse> {
      const followeeId = await followeeOf(viewer, username);
      const { followers, tells } = await uow.run(async (r) => {
        const followers = await r.follows.unfollow(viewer.userId, followeeId);
        if (followers === undefined) throw new NotFoundError(messages.userNotFound);
        return { followers, tells: await notify.unfollowed(r.notifications, viewer.userId, followeeId) };
      });
      await notify.announce(tells);
      return { success: true, isFollowing: false, followers };
    },

    /** Who follows the user (followers) or whom the user follows (following), newest first. */
    async list(username: string, direction: 'followers' | 'following', viewer: Viewer | null, query: FollowListQuery): Promise<FollowListResponse> {
      const id = await userId(username, viewer);
      const limit = query.limit ?? FOLLOW_LIST_PAGE_SIZE;
      const text = query.q?.trim() ?? '';
      const rows = await follows.list({
        userId: id,
        direction,
        viewerId: viewer?.userId ?? null,
        now: clock.now(),
        text: text || null,
        limit: limit + 1,
        after: query.cursor ? decodeTimeCursor(query.cursor) : undefined,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        users: page.map((row) => ({
          id: row.id,
          username: row.username,
          fullName: row.full_name,
          profilePictureUrl: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
          isVerified: row.is_verified,
          isFollowedByMe: row.is_followed_by_me,
          isMe: viewer?.userId === row.id,
        })),
        nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;
