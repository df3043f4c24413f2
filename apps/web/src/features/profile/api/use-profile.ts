import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { UserPostsResponse, ProfileResponse } from '@wag/contract/profiles';
import { apiRequest } from '../../../lib/api-client';
import { mapMatching, patchFields, personShadows, postShadows, type FacetFields, type PostFacets } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';

export const profileRoot = 'profile';
const profileKey = (username: string, viewer: string) => [profileRoot, username.toLowerCase(), viewer] as const;
const profilePostsRoot = 'profile-posts';
const profilePostsKey = (username: string, viewer: string, cursor: string | null) => [profilePostsRoot, username.toLowerCase(), viewer, cursor] as const;

const postFields: FacetFields<PostFacets, ProfileResponse['posts'][number]> = { likes: 'likes' };

// A profile shows its person (follow state, counts, name, bio, picture) and posts (their likes): both
// change from other screens too (lib/shadows).
personShadows.register({
  queryKey: [profileRoot],
  update: (data, username, patch) => {
    const profile = data as ProfileResponse;
    if (profile.user?.username.toLowerCase() !== username) return data;
    const next = patch({
      isFollowing: profile.isFollowing,
      followers: profile.stats.followers,
      following: profile.stats.following,
      fullName: profile.user.fullName,
      bio: profile.user.bio,
      picture: profile.user.profilePictureUrl,
    });
    return {
      ...profile,
      isFollowing: next.isFollowing ?? profile.isFollowing,
      stats: { ...profile.stats, followers: next.followers ?? profile.stats.followers, following: next.following ?? profile.stats.following },
      user: {
        ...profile.user,
        fullName: next.fullName === undefined ? profile.user.fullName : next.fullName,
        bio: next.bio === undefined ? profile.user.bio : next.bio,
        profilePictureUrl: next.picture === undefined ? profile.user.profilePictureUrl : next.picture,
      },
    };
  },
});
postShadows.register({
  queryKey: [profileRoot],
  update: (data, id, patch) => {
    const profile = data as ProfileResponse;
    if (!Array.isArray(profile.posts)) return data;
    const posts = mapMatching(profile.posts, (post) => post.id === id, (post) => patchFields(post, postFields, patch));
    return posts === profile.posts ? data : { ...profile, posts };
  },
});
postShadows.registerPagedList({ queryKey: [profilePostsRoot], list: 'posts', idOf: (post: ProfileResponse['posts'][number]) => post.id, fields: postFields });

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
    getNextPageParam: (last: UserPostsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<UserPostsResponse>(
        `/api/users/${encodeURIComponent(username)}/posts?cursor=${encodeURIComponent(pageParam ?? '')}`,
        { signal },
      ),
  });
}
