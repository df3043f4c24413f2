import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostSummary } from '@wag/contract/profiles';
import type { QuickysResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { startEarly, takeEarly } from '../../../lib/early';
import { postShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';

const exploreRoot = 'explore-quickys';

postShadows.registerPagedList({ queryKey: [exploreRoot], list: 'quickys', idOf: (post: PostSummary) => post.id, fields: { likes: 'likes' } });

/** GET /api/quickys?cursor=: every public quicky, newest first, page after page (keyed by viewer, as the other feeds). */
export const exploreQuickysQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [exploreRoot, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: QuickysResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      (pageParam === null ? takeEarly<QuickysResponse>(earlyKey(viewer)) : undefined) ??
      api('exploreQuickys', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

const earlyKey = (viewer: string) => `explore-quickys:${viewer}`;

/** Asks for the first page before the app renders (lib/early.ts, app/early-start.ts): the first fetch takes it. */
export function startExploreQuickysEarly(viewer: string): Promise<QuickysResponse> {
  return startEarly(earlyKey(viewer), () => api('exploreQuickys', { query: { cursor: undefined } }));
}

export function useExploreQuickys() {
  return useInfiniteQuery(exploreQuickysQuery(useViewerKey()));
}
