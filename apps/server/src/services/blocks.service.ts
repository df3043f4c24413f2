import type { BlockedUsersResponse, BlockResponse, BlockStatusResponse } from '@wag/contract/blocks';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { BlocksRepository } from '../repositories/blocks.repository.js';
import type { PeopleRepository } from '../repositories/people.repository.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { Viewer } from './auth.service.js';
import type { LiveService } from './live.service.js';
import type { NotificationsService } from './notifications.service.js';

export const BLOCKED_USERS_PAGE_SIZE = 20;

export interface BlocksServiceDeps {
  blocks: BlocksRepository;
  people: PeopleRepository;
  clock: Clock;
  notify: Pick<NotificationsService, 'unfollowed' | 'announce'>;
  live: Pick<LiveService, 'publishCounts'>;
  uow: UnitOfWork;
}

/**
 * Blocking someone (docs/product-decisions.md §9): the block itself and what it undoes (follows both
 * ways, with their counters and follow notifications). Everything it hides afterwards is a rule of the
 * access module, read by every path; nothing here hides anything.
 */
export function createBlocksService({ blocks, people, clock, notify, live, uow }: BlocksServiceDeps) {
  /** The other person: any account but the viewer's own (blocking works on someone who blocks me too). */
  async function otherId(viewer: Viewer, username: string): Promise<string> {
    const id = await people.idByUsername(username);
    if (!id) throw new NotFoundError(messages.userNotFound);
    if (id === viewer.userId) throw new ValidationError(messages.cannotBlockSelf);
    return id;
  }

  /** After a committed change: both people's clients refetch their counts (the inbox of the blocked one shrinks). */
  async function recount(...userIds: string[]): Promise<void> {
    await Promise.allSettled(userIds.map((id) => live.publishCounts(id)));
  }

  return {
    async status(viewer: Viewer, username: string): Promise<BlockStatusResponse> {
      const id = await otherId(viewer, username);
      return { blocked: (await blocks.facts(viewer.userId, id)).viewer_blocks };
    },

    async block(viewer: Viewer, username: string): Promise<BlockResponse> {
      const id = await otherId(viewer, username);
      const tells = await uow.run(async (r) => {
        if (!(await r.blocks.block(viewer.userId, id, clock.now()))) return [];
        // A block removes follows both ways; unblocking does not bring them back.
        const told: Awaited<ReturnType<typeof notify.unfollowed>> = [];
        for (const [follower, followee] of [[viewer.userId, id], [id, viewer.userId]] as const) {
          await r.follows.unfollow(follower, followee);
          told.push(...(await notify.unfollowed(r.notifications, follower, followee)));
        }
        return told;
      });
      await notify.announce(tells);
      await recount(viewer.userId, id);
      return { success: true, blocked: true };
    },

    async unblock(viewer: Viewer, username: string): Promise<BlockResponse> {
      const id = await otherId(viewer, username);
      if (await blocks.unblock(viewer.userId, id)) await recount(viewer.userId, id);
      return { success: true, blocked: false };
    },

    /** The people I block, newest block first. */
    async list(viewer: Viewer, cursor: string | undefined): Promise<BlockedUsersResponse> {
      const rows = await blocks.list({
        blockerId: viewer.userId,
        limit: BLOCKED_USERS_PAGE_SIZE + 1,
        after: cursor ? decodeTimeCursor(cursor) : undefined,
      });
      const page = rows.slice(0, BLOCKED_USERS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          username: row.username,
          fullName: row.full_name,
          profilePictureUrl: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
          blockedAt: new Date(row.created_at).toISOString(),
        })),
        nextCursor: rows.length > BLOCKED_USERS_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
      };
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
