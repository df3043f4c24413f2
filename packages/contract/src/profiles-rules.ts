// Profile limits with no schema library, so the web app can use them without loading zod.
/** Limits of docs/product.md §5 and §9 for profiles and people search. */
export const FULL_NAME_MAX_LENGTH = 80;
export const BIO_MAX_LENGTH = 300;
export const PEOPLE_SEARCH_DEFAULT_LIMIT = 8;
export const PEOPLE_SEARCH_MAX_LIMIT = 50;
export const FOLLOW_LIST_PAGE_SIZE = 50;

/** GET /api/users/{username}/posts: the pages after the profile's first one. */
export const USER_POSTS_PAGE_SIZE = 24;

/** Mentions in text: @ plus 1 to 20 of [A-Za-z0-9_] (docs/product.md §4 and §9). */
export const MENTION_AT_CURSOR = /(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{1,20})$/;
