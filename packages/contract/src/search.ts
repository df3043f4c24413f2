import { z } from 'zod';
import { postSummary } from './profiles.js';
import { SEARCH_MAX_DURATION_MINUTES, SEARCH_QUERY_MAX_LENGTH, searchCategories, searchOrientations, searchSorts } from './search-rules.js';

export * from './search-rules.js';

/**
 * GET /api/search (docs/product.md §2 "Search results" and §3 "Search filters"). Every parameter is
 * optional; an empty query with filters browses the posts that match them.
 */
export const searchQuery = z.object({
  /** Words to find in titles, descriptions and tags (Spanish word forms, no accents or case), and in names. */
  query: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  /** quickys: short videos; photos: image posts; models: people only. Absent: posts and people. */
  category: z.enum(searchCategories).optional(),
  /**
   * recent (also when absent): newest first; popular: most liked first; relevance: a text's newest
   * matches ranked by how well they match (docs/decisions/0036-search-newest-first.md).
   */
  sort: z.enum(searchSorts).optional(),
  /** From the first media's stored width and height. */
  orientation: z.enum(searchOrientations).optional(),
  /** hd: the first media's shorter side is at least 720 pixels. */
  quality: z.enum(['hd']).optional(),
  /** Longest video, in minutes (0 = no limit); when set, only videos qualify. */
  duration: z.coerce.number<number>().int().min(0).max(SEARCH_MAX_DURATION_MINUTES).optional(),
  cursor: z.string().max(300).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** One person found by name (docs/product.md §3 "User search result"), with what the results list shows. */
export const searchUser = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
  followers: z.number().int().nonnegative(),
  /** False for guests and for the viewer's own row. */
  isFollowedByMe: z.boolean(),
});
export type SearchUser = z.infer<typeof searchUser>;

export const searchResponse = z.object({
  /** People whose username or full name contains the text; on the first page only. */
  users: z.array(searchUser),
  /** Posts the viewer may know of; VIP ones locked as in every grid. */
  posts: z.array(postSummary),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
