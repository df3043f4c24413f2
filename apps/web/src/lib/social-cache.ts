import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FollowListResponse, ProfileResponse, WagStarsResponse } from '@wag/contract/profiles';
import type { SearchResponse } from '@wag/contract/search';
import { useSession } from './session';

/**
 * Query keys of the data that several features show about the same people (profiles, follower
 * lists, WAG Stars), kept here so the follow action and profile edits can patch every copy.
 * Answers depend on who is asking (isFollowing, isOwner, locked VIP posts), so each key ends in
 * the viewer.
 */
export type FollowListKind = 'followers' | 'following';

export function viewerKey(session: { token: string | null; username: string | null }): string {
  if (!session.token) return 'guest';
  return session.username ? `@${session.username.toLowerCase()}` : 'signed-in';
}

export function useViewerKey(): string {
  return viewerKey(useSession());
}

export const profileRoot = 'profile';
export const profileKey = (username: string, viewer: string) => [profileRoot, username.toLowerCase(), viewer] as const;
export const profilePostsKey = (username: string, viewer: string, cursor: string | null) =>
  ['profile-posts', username.toLowerCase(), viewer, cursor] as const;

export const followListRoot = 'follow-list';
export const followListKey = (username: string, kind: FollowListKind, viewer: string, q: string) =>
  [followListRoot, username.toLowerCase(), kind, viewer, q] as const;

export const wagStarsRoot = 'wag-stars';
export const wagStarsKey = (viewer: string) => [wagStarsRoot, viewer] as const;

export const searchRoot = 'search';
export const searchKey = (viewer: string, queryString: string) => [searchRoot, viewer, queryString] as const;

function isProfile(data: unknown): data is ProfileResponse {
  return typeof data === 'object' && data !== null && 'user' in data && 'stats' in data;
}

/** Applies `update` to every cached profile of `username`, whoever the viewer was. */
export function patchCachedProfiles(
  queryClient: QueryClient,
  username: string,
  update: (profile: ProfileResponse) => ProfileResponse,
): void {
  queryClient.setQueriesData<ProfileResponse>({ queryKey: [profileRoot, username.toLowerCase()] }, (data) =>
    isProfile(data) ? update(data) : data,
  );
}

export interface FollowPatch {
  isFollowing: boolean;
  /** The followee's follower count; unchanged where undefined. */
  followers?: number;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Applies `update` to the rows of `username` in every cached page of people lists under `root`. */
function patchPagedPeople<Page extends { users: { username: string }[] }>(
  queryClient: QueryClient,
  root: string,
  username: string,
  update: (row: Page['users'][number]) => Page['users'][number],
): void {
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: [root] }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.map((row) => (sameName(row.username, username) ? update(row) : row)),
          })),
        }
      : data,
  );
}

/** Writes one follow state into every cached copy: the profile, list rows, search people and WAG Stars cards. */
export function patchFollowState(queryClient: QueryClient, username: string, patch: FollowPatch): void {
  patchCachedProfiles(queryClient, username, (profile) => ({
    ...profile,
    isFollowing: patch.isFollowing,
    stats: patch.followers === undefined ? profile.stats : { ...profile.stats, followers: patch.followers },
  }));

  patchPagedPeople<FollowListResponse>(queryClient, followListRoot, username, (row) => ({ ...row, isFollowedByMe: patch.isFollowing }));
  patchPagedPeople<SearchResponse>(queryClient, searchRoot, username, (row) => ({
    ...row,
    isFollowedByMe: patch.isFollowing,
    followers: patch.followers === undefined ? row.followers : patch.followers,
  }));

  queryClient.setQueriesData<WagStarsResponse>({ queryKey: [wagStarsRoot] }, (data) =>
    data?.users
      ? {
          ...data,
          users: data.users.map((star) =>
            sameName(star.username, username)
              ? {
                  ...star,
                  isFollowedByMe: patch.isFollowing,
                  followers: patch.followers === undefined ? star.followers : patch.followers,
                }
              : star,
          ),
        }
      : data,
  );
}

/** The viewer's own "following" count moves with each follow and unfollow. */
export function shiftFollowingCount(queryClient: QueryClient, me: string | null, delta: number): void {
  if (!me) return;
  patchCachedProfiles(queryClient, me, (profile) => ({
    ...profile,
    stats: { ...profile.stats, following: Math.max(0, profile.stats.following + delta) },
  }));
}
