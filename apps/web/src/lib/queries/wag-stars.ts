import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WagStar, WagStarsResponse } from '@wag/contract/profiles';
import { api } from '../api';
import { mapMatching, patchFields, personShadows } from '../shadows';
import { useViewerKey } from '../viewer-key';

const wagStarsRoot = 'wag-stars';

personShadows.register({
  queryKey: [wagStarsRoot],
  update: (data, username, patch) => {
    const stars = data as WagStarsResponse;
    if (!Array.isArray(stars.users)) return data;
    const users = mapMatching(
      stars.users,
      (star) => star.username.toLowerCase() === username,
      (star: WagStar) =>
        patchFields(star, { isFollowing: 'isFollowedByMe', followers: 'followers', fullName: 'fullName', bio: 'bio', picture: 'profilePictureUrl' }, patch),
    );
    return users === stars.users ? data : { ...stars, users };
  },
});

/**
 * GET /api/wag-stars: the featured creators, in their featured order. Shown by the WAG Stars page, the
 * discovery feed and search, so it lives here rather than in one of them.
 */
export const wagStarsQuery = (viewer: string) =>
  queryOptions({
    queryKey: [wagStarsRoot, viewer],
    queryFn: ({ signal }) => api('wagStars', undefined, { signal }),
  });

export function useWagStars() {
  return useQuery(wagStarsQuery(useViewerKey()));
}
