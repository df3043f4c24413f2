import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostSummary } from '@wag/contract/profiles';
import type { SearchResponse, SearchUser } from '@wag/contract/search';
import { api } from '../../../lib/api';
import { personShadows, postShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';
import { searchApiQuery, searchQueryString, type SearchParams } from '../search-params';

const searchRoot = 'search';

// Results show people (follow state, followers) and posts (likes) that change from other screens too.
personShadows.registerPagedList({
    queryKey: [searchRoot],
    list: 'users',
    idOf: (user: SearchUser) => user.username.toLowerCase(),
    fields: { isFollowing: 'isFollowedByMe', followers: 'followers', fullName: 'full_name', picture: 'avatar' },
  });
postShadows.registerPagedList({ queryKey: [searchRoot], list: 'posts', idOf: (post: PostSummary) => post.id, fields: { likes: 'likes' } });

/**
 * GET /api/search, page after page: the server applies the text and every filter; people come
 * with the first page only.
 */
export const searchQuery = (search: SearchParams, viewer: string) =>
  infiniteQueryOptions({
    queryKey: [searchRoot, viewer, searchQueryString(search)],
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('search', { query: { ...searchApiQuery(search), cursor: pageParam ?? undefined } }, { signal }),
  });

export function useSearch(search: SearchParams) {
  return useInfiniteQuery(searchQuery(search, useViewerKey()));
}
