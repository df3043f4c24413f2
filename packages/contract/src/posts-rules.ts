// Post and comment limits with no schema library, so the web app can use them without loading zod.
/** Limits of docs/product.md §5 and docs/product-decisions.md for posts and comments. */
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENTS_PAGE_SIZE = 30;
export const REPLIES_PER_COMMENT = 20;
export const QUICKYS_PAGE_SIZE = 24;

/** GET /api/feed: 'Tu Feed' and GET /api/saved come in pages of this many. */
export const FEED_PAGE_SIZE = 12;
