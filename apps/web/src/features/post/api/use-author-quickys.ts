import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

/** The author's quickys the viewer may see (GET /api/users/{username}/quickys), newest first. */
export const authorQuickysQuery = (username: string | undefined, viewer: string) =>
  queryOptions({
    queryKey: ['author-quickys', username?.toLowerCase(), viewer],
    enabled: Boolean(username),
    staleTime: 60_000,
    queryFn: ({ signal }) => api('userQuickys', { params: { username: username ?? '' }, query: { limit: 60 } }, { signal }),
    select: (response) => response.quickys.map((quicky) => quicky.slug),
  });

export function useAuthorQuickys(username: string | undefined) {
  return useQuery(authorQuickysQuery(username, useViewerKey()));
}
