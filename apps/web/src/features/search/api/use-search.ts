import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostSummary } from '@wag/contract/profiles';
import type { SearchResponse, SearchUser } from '@wag/contract/search';
import { apiRequest } from '../../../lib/api-client';
import { personShadows, postShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';
import { searchQueryString, type SearchParams } from '../search-params';

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
export function useSearch(search: SearchParams) {
  const viewer = useViewerKey();
  const queryString = searchQueryString(search);
  return useInfiniteQuery({
    queryKey: [searchRoot, viewer, queryString],
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => {
      const parts = [queryString, pageParam ? `cursor=${encodeURIComponent(pageParam)}` : ''].filter(Boolean);
      return apiRequest<SearchResponse>(`/api/search${parts.length ? `?${parts.join('&')}` : ''}`, { signal });
    },
  });
}
