import { useQuery } from '@tanstack/react-query';
import type { QuickysResponse } from '@wag/contract/posts';
import { apiRequest } from '../../../lib/api-client';
import { useViewerKey } from '../../../lib/viewer-key';

/** The author's quickys the viewer may see (GET /api/users/{username}/quickys), newest first. */
export function useAuthorQuickys(username: string | undefined) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: ['author-quickys', username?.toLowerCase(), viewer],
    enabled: Boolean(username),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<QuickysResponse>(`/api/users/${encodeURIComponent(username ?? '')}/quickys?limit=60`, { signal }),
    select: (response) => response.quickys.map((quicky) => quicky.slug),
  });
}

/** product.md §9: a vertical swipe of more than 60 px moves to the next or previous quicky. */
export const SWIPE_THRESHOLD_PX = 60;

/** 'next' for a swipe up, 'previous' for a swipe down, null for anything shorter than the threshold. */
export function swipeDirection(startY: number, endY: number): 'next' | 'previous' | null {
  const delta = endY - startY;
  if (delta < -SWIPE_THRESHOLD_PX) return 'next';
  if (delta > SWIPE_THRESHOLD_PX) return 'previous';
  return null;
}
