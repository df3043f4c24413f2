import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

/**
 * The quicky a `/quickys?play={slug}` link opens when it is not among the tiles loaded (a shared link,
 * a reload after scrolling far): read on its own and put first.
 */
export const playQuickyQuery = (slug: string, viewer: string) =>
  queryOptions({
    queryKey: ['explore-play', slug, viewer],
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => api('postBySlug', { params: { slug } }, { signal }),
    select: (response) => response.post,
  });

export function usePlayQuicky(slug: string, enabled: boolean) {
  return useQuery({ ...playQuickyQuery(slug, useViewerKey()), enabled });
}
