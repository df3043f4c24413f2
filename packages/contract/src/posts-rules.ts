// Post and comment limits with no schema library, so the web app can use them without loading zod.
/** Limits of docs/product.md §5 and docs/product-decisions.md for posts and comments. */
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENTS_PAGE_SIZE = 30;
export const REPLIES_PER_COMMENT = 20;
export const QUICKYS_PAGE_SIZE = 24;

/** GET /api/feed: 'Tu Feed' and GET /api/saved come in pages of this many. */
export const FEED_PAGE_SIZE = 12;

/**
 * POST /api/posts may carry `coverAtMs` with a video: the moment, in whole milliseconds from 0 to the
 * video's length, whose frame becomes its poster (a quicky's cover). Without it a frame a second in is
 * taken.
 */
export const COVER_AT_FIELD = 'coverAtMs';

/** Whether `ms` is a cover moment a video of `durationMs` (null when unknown) can take. */
export function isValidCoverAt(ms: number, durationMs: number | null): boolean {
  return Number.isSafeInteger(ms) && ms >= 0 && (durationMs === null || ms <= durationMs);
}
