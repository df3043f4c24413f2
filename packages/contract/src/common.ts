import { z } from 'zod';

/** Every error the API returns has this shape (docs/product-decisions.md §2). */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ success: z.literal(true) });
/** A done action with its Spanish confirmation (a post or story deleted, a story saved or replied to). */
export const okMessageResponse = okResponse.extend({ message: z.string() });
export type OkMessageResponse = z.infer<typeof okMessageResponse>;

export const audience = z.enum(['public', 'followers', 'subscribers']);
export type Audience = z.infer<typeof audience>;

export const usernameParam = z.object({ username: z.string().min(1).max(100) });

/**
 * What moderation did to an item, on the owner's own view of it only: held pending review, or taken
 * down ("Retirado por moderación") with the reason they were told.
 */
export const moderationMark = z.object({ state: z.enum(['pending', 'removed']), reason: z.string().nullable() });
export type ModerationMark = z.infer<typeof moderationMark>;
