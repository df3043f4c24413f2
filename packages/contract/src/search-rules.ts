// Search limits and filter values with no schema library, so the web app can use them without loading zod.
/** Search limits: posts come in pages like the feed; people only with the first page. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_PEOPLE_LIMIT = 8;
/** With category=models the answer is people only, so it holds more of them. */
export const SEARCH_MODELS_LIMIT = 24;
export const SEARCH_MAX_DURATION_MINUTES = 20;

export const searchCategories = ['quickys', 'photos', 'models'] as const;
export const searchSorts = ['recent', 'popular', 'relevance'] as const;
export const searchOrientations = ['horizontal', 'vertical'] as const;

export type SearchCategory = (typeof searchCategories)[number];
export type SearchSort = (typeof searchSorts)[number];
export type SearchOrientation = (typeof searchOrientations)[number];
