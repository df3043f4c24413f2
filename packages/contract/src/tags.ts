import { z } from 'zod';
import { postSummary } from './profiles.js';
import { TAG_MAX_LENGTH, tagSorts } from './tags-rules.js';

export * from './tags-rules.js';

/** GET /api/tags/{tag}: the tag as written in a link (#Playa and playa alike); checked by the rule of tags-rules.ts. */
export const tagParam = z.object({ tag: z.string().min(1).max(TAG_MAX_LENGTH * 4) });

export const tagPageQuery = z.object({
  /** recent (default): newest first; popular: most liked first. */
  sort: z.enum(tagSorts).optional(),
  cursor: z.string().max(300).optional(),
});
export type TagPageQuery = z.infer<typeof tagPageQuery>;

/**
 * A tag's posts and quickys the viewer may know of (VIP ones locked, as in every grid). An unknown
 * tag is an empty page, not an error.
 */
export const tagPageResponse = z.object({
  /** The tag as stored: NFC, lower-cased. */
  tag: z.string(),
  /** The posts anyone can find under it (ready, not moderated, not followers-only). */
  count: z.number().int().nonnegative(),
  posts: z.array(postSummary),
  nextCursor: z.string().nullable(),
});
export type TagPageResponse = z.infer<typeof tagPageResponse>;

/** GET /api/tags?q=: tags starting with the text (a leading # is ignored), the most used first. */
export const tagSuggestionsQuery = z.object({ q: z.string().trim().max(TAG_MAX_LENGTH + 1).optional() });
export const tagSuggestion = z.object({ tag: z.string(), count: z.number().int().nonnegative() });
export type TagSuggestion = z.infer<typeof tagSuggestion>;
export const tagSuggestionsResponse = z.object({ tags: z.array(tagSuggestion) });
export type TagSuggestionsResponse = z.infer<typeof tagSuggestionsResponse>;
