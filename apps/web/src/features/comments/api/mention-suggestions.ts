import { queryOptions } from '@tanstack/react-query';
import { PEOPLE_SEARCH_DEFAULT_LIMIT } from '@wag/contract/profiles-rules';
import { api } from '../../../lib/api';

/**
 * The people an @mention in a comment suggests for the letters typed after the @ (GET
 * /api/users/search?q=&limit=8): handed to the mention box, which knows no endpoint.
 */
export const mentionSuggestionsQuery = (letters: string) =>
  queryOptions({
    queryKey: ['people-search', letters.toLowerCase(), PEOPLE_SEARCH_DEFAULT_LIMIT],
    staleTime: 30_000,
    retry: false,
    queryFn: async ({ signal }) => (await api('peopleSearch', { query: { q: letters, limit: PEOPLE_SEARCH_DEFAULT_LIMIT } }, { signal })).users,
  });
