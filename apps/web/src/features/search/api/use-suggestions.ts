import { useQuery } from '@tanstack/react-query';
import { TAG_SUGGEST_LIMIT } from '@wag/contract/tags-rules';
import { api } from '../../../lib/api';

/** How many people the search box suggests. */
export const SUGGESTED_PEOPLE = 5;

/**
 * People (GET /api/users/search) and tags (GET /api/tags?q=) for the text typed in the search box:
 * "#pla" asks only for tags, "@ana" only for people, anything else for both.
 */
export function useSuggestions(text: string) {
  const trimmed = text.trim();
  const wantsPeople = trimmed.length > 0 && !trimmed.startsWith('#');
  const wantsTags = trimmed.length > 0 && !trimmed.startsWith('@');
  const person = trimmed.replace(/^@/, '');
  const tag = trimmed.replace(/^#/, '');
  const people = useQuery({
    queryKey: ['people-search', person.toLowerCase(), SUGGESTED_PEOPLE],
    enabled: wantsPeople && person.length > 0,
    staleTime: 30_000,
    retry: false,
    queryFn: async ({ signal }) => (await api('peopleSearch', { query: { q: person, limit: SUGGESTED_PEOPLE } }, { signal })).users,
  });
  const tags = useQuery({
    queryKey: ['tag-suggestions', tag.toLowerCase()],
    enabled: wantsTags && tag.length > 0,
    staleTime: 30_000,
    retry: false,
    queryFn: async ({ signal }) => (await api('tagSuggestions', { query: { q: tag } }, { signal })).tags.slice(0, TAG_SUGGEST_LIMIT),
  });
  return {
    people: wantsPeople ? (people.data ?? []) : [],
    tags: wantsTags ? (tags.data ?? []) : [],
    loading: (wantsPeople && person.length > 0 && people.isPending) || (wantsTags && tag.length > 0 && tags.isPending),
  };
}
