import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { UserPostsResponse, ProfileResponse } from '@wag/contract/profiles';
import { api } from '../../../lib/api';
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
export const profileQuery = (username: string, viewer: string) =>
  queryOptions({
    queryKey: profileKey(username, viewer),
    queryFn: ({ signal }) => api('profile', { params: { username } }, { signal }),
  });

export function useProfile(username: string) {
  return useQuery(profileQuery(username, useViewerKey()));
}

/** The posts after the profile's first page (GET /api/users/{username}/posts?cursor=); each page carries the cursor of the next. */
export const morePostsQuery = (username: string, viewer: string, startCursor: string | null) =>
  infiniteQueryOptions({
    queryKey: profilePostsKey(username, viewer, startCursor),
    initialPageParam: startCursor,
    getNextPageParam: (last: UserPostsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('userPosts', { params: { username }, query: { cursor: pageParam ?? '' } }, { signal }),
  });

/** The same, fetching nothing until `started` (the first 'Cargar más'). */
export function useMorePosts(username: string, startCursor: string | null, started: boolean) {
  return useInfiniteQuery({ ...morePostsQuery(username, useViewerKey(), startCursor), enabled: started && startCursor !== null });
}
