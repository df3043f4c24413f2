import {
  SEARCH_MAX_DURATION_MINUTES,
  SEARCH_QUERY_MAX_LENGTH,
  searchCategories,
  searchOrientations,
  searchSorts,
  type SearchCategory,
  type SearchOrientation,
  type SearchSort,
} from '@wag/contract/search-rules';

/** What a search-results address asks for (docs/product.md §2; duration is WAG's own). */
export interface SearchParams {
  query: string;
  category?: SearchCategory;
  sort?: SearchSort;
  orientation?: SearchOrientation;
  quality?: 'hd';
  /** Longest video in minutes, 1–20; absent means no limit. */
  duration?: number;
}

export type FilterName = Exclude<keyof SearchParams, 'query'>;

const ORDER: FilterName[] = ['category', 'sort', 'orientation', 'quality', 'duration'];

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Reads an address's parameters, dropping values the server would refuse. */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const minutes = Number.parseInt(params.get('duration') ?? '', 10);
  return {
    query: (params.get('query') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH),
    category: oneOf(params.get('category'), searchCategories),
    sort: oneOf(params.get('sort'), searchSorts),
    orientation: oneOf(params.get('orientation'), searchOrientations),
    quality: oneOf(params.get('quality'), ['hd'] as const),
    duration: minutes >= 1 && minutes <= SEARCH_MAX_DURATION_MINUTES ? minutes : undefined,
  };
}

/** What the search asks the server, in a stable order (the text first, then the filters), absent ones left out. */
export function searchApiQuery(search: SearchParams): Partial<SearchParams> {
  const entries = [['query', search.query.trim() || undefined], ...ORDER.map((name) => [name, search[name]])];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as Partial<SearchParams>;
}

/** The query string of the search-results address, in the same order as the API call. */
export function searchQueryString(search: SearchParams): string {
  return Object.entries(searchApiQuery(search))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
}

export function searchResultsHref(search: SearchParams): string {
  const query = searchQueryString(search);
  return query ? `/search-results?${query}` : '/search-results';
}

/**
 * The filters in use, in display order (for the chips and the filter button's count). Newest first
 * is the default order (decision 0036), so `sort=recent` (the overlay's Reciente chip) changes
 * nothing and is no filter.
 */
export function activeFilters(search: SearchParams): FilterName[] {
  return ORDER.filter((name) => search[name] !== undefined && !(name === 'sort' && search.sort === 'recent'));
}

export function withoutFilter(search: SearchParams, name: FilterName): SearchParams {
  return { ...search, [name]: undefined };
}


/**
 * A video length keeps videos only, so with photos or models it would find nothing: it is dropped
 * there, whichever control (Filtros dialog, overlay chip) made the combination.
 */
export function withConsistentFilters(search: SearchParams): SearchParams {
  return search.category === 'photos' || search.category === 'models' ? { ...search, duration: undefined } : search;
}
