import { useQuery } from '@tanstack/react-query';
import type { WagStarsResponse } from '@wag/contract/profiles';
import { apiRequest } from '../../../lib/api-client';
import { useViewerKey, wagStarsKey } from '../../../lib/social-cache';

/** GET /api/wag-stars: the featured creators, in their featured order. */
export function useWagStars() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: wagStarsKey(viewer),
    queryFn: ({ signal }) => apiRequest<WagStarsResponse>('/api/wag-stars', { signal }),
  });
}
