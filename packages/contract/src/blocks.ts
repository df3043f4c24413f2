import { z } from 'zod';
import { pageQuery } from './moderation.js';

// Blocks: mutual invisibility between two people (docs/product.md §2, issue 13's rules).

/** POST and DELETE /api/blocks/:username. */
export const blockResponse = z.object({
  success: z.literal(true),
  blocked: z.boolean(),
});
export type BlockResponse = z.infer<typeof blockResponse>;

/** GET /api/blocks/:username: whether I block them (not whether they block me: that is never told). */
export const blockStatusResponse = z.object({ blocked: z.boolean() });
export type BlockStatusResponse = z.infer<typeof blockStatusResponse>;

/** One row of the blocked-users list, newest block first. */
export const blockedUser = z.object({
  username: z.string(),
  fullName: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;

export const blockedUsersQuery = pageQuery;
export const blockedUsersResponse = z.object({ items: z.array(blockedUser), nextCursor: z.string().nullable() });
export type BlockedUsersResponse = z.infer<typeof blockedUsersResponse>;
