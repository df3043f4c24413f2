// Story limits with no schema library, so the web app can use them without loading zod.
/** Limits of docs/product.md §9 and docs/product-decisions.md §6–§7 for stories. */
export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const STORY_VIDEO_MAX_MS = 60_000;
export const STORY_VIEWERS_PAGE_SIZE = 30;
export const STORY_REPLY_MAX_LENGTH = 1000;
export const STORY_GROUP_NAME_MAX_LENGTH = 40;
