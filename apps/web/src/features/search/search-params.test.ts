import { describe, expect, it } from 'vitest';
import { paramsFrom, draftFrom } from './components/filter-dialog';
import { activeFilters, readSearchParams, searchResultsHref, withConsistentFilters, withoutFilter } from './search-params';

describe('search addresses', () => {
  it('reads the known values, trims the text and drops what the server would refuse', () => {
    const search = readSearchParams(new URLSearchParams('query=%20playa%20&category=photos&sort=popular&orientation=sideways&quality=4k&duration=21'));
    expect(search).toEqual({ query: 'playa', category: 'photos', sort: 'popular', orientation: undefined, quality: undefined, duration: undefined });
    expect(readSearchParams(new URLSearchParams('duration=0')).duration).toBeUndefined();
    expect(readSearchParams(new URLSearchParams('duration=20')).duration).toBe(20);
  });

  it('writes parameters in a stable order, encoded, without empty ones', () => {
    expect(searchResultsHref({ query: 'atardecer & mar', quality: 'hd', category: 'quickys', duration: 3 })).toBe(
      '/search-results?query=atardecer%20%26%20mar&category=quickys&quality=hd&duration=3',
    );
    expect(searchResultsHref({ query: '  ' })).toBe('/search-results');
    expect(searchResultsHref({ query: '', orientation: 'vertical' })).toBe('/search-results?orientation=vertical');
  });

  it('lists and removes active filters', () => {
    const search = { query: 'x', sort: 'popular' as const, duration: 5 };
    expect(activeFilters(search)).toEqual(['sort', 'duration']);
    expect(activeFilters(withoutFilter(search, 'sort'))).toEqual(['duration']);
    expect(activeFilters({ query: 'x', sort: 'relevance' })).toEqual(['sort']);
  });

  it('counts newest first (sort=recent, the default order) as no filter: it changes nothing', () => {
    const search = readSearchParams(new URLSearchParams('query=x&sort=recent&quality=hd'));
    expect(search.sort).toBe('recent');
    expect(activeFilters(search)).toEqual(['quality']);
    expect(activeFilters({ query: 'x', sort: 'recent' })).toEqual([]);
  });

  it('maps the dialog fields to the address: content type and category share one parameter', () => {
    const draft = draftFrom({ query: 'x', category: 'models', duration: 4 });
    expect(draft).toEqual({ contentType: 'all', category: 'models', sortBy: 'recent', orientation: 'all', quality: 'all', videoDuration: 4 });
    expect(paramsFrom('x', { ...draft, category: 'all', contentType: 'photos', sortBy: 'popular', videoDuration: 0 })).toEqual({
      query: 'x',
      category: 'photos',
      sort: 'popular',
      orientation: undefined,
      quality: undefined,
      duration: undefined,
    });
  });

  it('leaves newest first, the default order, out of the address and writes relevance when chosen', () => {
    const draft = draftFrom({ query: 'x' });
    expect(draft.sortBy).toBe('recent');
    expect(paramsFrom('x', draft).sort).toBeUndefined();
    expect(paramsFrom('x', { ...draft, sortBy: 'relevance' }).sort).toBe('relevance');
    expect(draftFrom({ query: 'x', sort: 'relevance' }).sortBy).toBe('relevance');
  });

  it('drops a video length where it would find nothing: with photos or models', () => {
    const draft = draftFrom({ query: 'x', duration: 4 });
    expect(paramsFrom('x', { ...draft, contentType: 'photos' }).duration).toBeUndefined();
    expect(paramsFrom('x', { ...draft, category: 'models' }).duration).toBeUndefined();
    expect(paramsFrom('x', { ...draft, contentType: 'quickys' }).duration).toBe(4);
    expect(withConsistentFilters({ query: 'x', duration: 4 })).toEqual({ query: 'x', duration: 4 });
  });
});
