import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostSummary } from '@wag/contract/profiles';
import type { TagPageResponse } from '@wag/contract/tags';
import type { TagSort } from '@wag/contract/tags-rules';
import { api } from '../../../lib/api';
import { postShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';

const tagRoot = 'tag-page';

postShadows.registerPagedList({ queryKey: [tagRoot], list: 'posts', idOf: (post: PostSummary) => post.id, fields: { likes: 'likes' } });

/** GET /api/tags/{tag}?sort=&cursor=: a tag's posts and quickys, page after page. */
export const tagPageQuery = (tag: string, sort: TagSort, viewer: string) =>
  infiniteQueryOptions({
    queryKey: [tagRoot, viewer, tag, sort],
    initialPageParam: null as string | null,
    getNextPageParam: (last: TagPageResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('tagPage', { params: { tag }, query: { sort, cursor: pageParam ?? undefined } }, { signal }),
  });

export function useTagPage(tag: string, sort: TagSort) {
  return useInfiniteQuery(tagPageQuery(tag, sort, useViewerKey()));
}
