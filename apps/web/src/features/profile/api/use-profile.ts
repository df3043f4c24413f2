import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PostSummary, ProfileResponse } from '@wag/contract/profiles';
import { apiRequest } from '../../../lib/api-client';
import { profileKey, profilePostsKey, useViewerKey } from '../../../lib/social-cache';

/** GET /api/users/{username}/posts?cursor= (the pages after the ones GET /api/profile carries). */
export interface UserPostsPage {
  posts: PostSummary[];
  nextCursor: string | null;
}

/** GET /api/profile/{username}: the user, stats, first posts and the viewer's relation. */
export function useProfile(username: string) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: profileKey(username, viewer),
    queryFn: ({ signal }) => apiRequest<ProfileResponse>(`/api/profile/${encodeURIComponent(username)}`, { signal }),
  });
}

/**
 * The posts after the profile's first page. Nothing is fetched until `started` (the first
 * 'Cargar más'); each page carries the cursor of the next.
 */
export function useMorePosts(username: string, startCursor: string | null, started: boolean) {
  const viewer = useViewerKey();
  return useInfiniteQuery({
    queryKey: profilePostsKey(username, viewer, startCursor),
    enabled: started && startCursor !== null,
    initialPageParam: startCursor,
    getNextPageParam: (last: UserPostsPage) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<UserPostsPage>(
        `/api/users/${encodeURIComponent(username)}/posts?cursor=${encodeURIComponent(pageParam ?? '')}`,
        { signal },
      ),
  });
}
