import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostSummary } from '@wag/contract/profiles';
import type { QuickysResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { postShadows } from '../../../lib/shadows';

const exploreRoot = 'explore-quickys';

postShadows.registerPagedList({ queryKey: [exploreRoot], list: 'quickys', idOf: (post: PostSummary) => post.id, fields: { likes: 'likes' } });

/** GET /api/quickys?cursor=: every public quicky, newest first, page after page. */
export const exploreQuickysQuery = () =>
  infiniteQueryOptions({
    queryKey: [exploreRoot],
    initialPageParam: null as string | null,
    getNextPageParam: (last: QuickysResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('exploreQuickys', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useExploreQuickys() {
  return useInfiniteQuery(exploreQuickysQuery());
}
