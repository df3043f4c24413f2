/** The search-results query parameters of product.md §2, in the order they are written. */
export interface SearchFilters {
  category?: 'quickys' | 'photos' | 'models';
  sort?: 'recent' | 'popular';
  orientation?: 'horizontal' | 'vertical';
  quality?: 'hd';
}

export type FilterName = keyof SearchFilters;

const ORDER: FilterName[] = ['category', 'sort', 'orientation', 'quality'];

/** /search-results?query=<trimmed, encoded>&category=…; null when the text is blank. */
export function searchResultsPath(text: string, filters: SearchFilters): string | null {
  const query = text.trim();
  if (!query) return null;
  const parts = [`query=${encodeURIComponent(query)}`];
  for (const name of ORDER) {
    const value = filters[name];
    if (value) parts.push(`${name}=${encodeURIComponent(value)}`);
  }
  return `/search-results?${parts.join('&')}`;
}

const allowed: { [K in FilterName]: readonly NonNullable<SearchFilters[K]>[] } = {
  category: ['quickys', 'photos', 'models'],
  sort: ['recent', 'popular'],
  orientation: ['horizontal', 'vertical'],
  quality: ['hd'],
};

/** Reads the filters back from a search-results address, ignoring unknown values. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const filters: Record<string, string> = {};
  for (const name of ORDER) {
    const value = params.get(name);
    if (value && (allowed[name] as readonly string[]).includes(value)) filters[name] = value;
  }
  return filters as SearchFilters;
}
