import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { FollowEntry, FollowListResponse } from '@wag/contract/profiles';
import { api } from '../../../lib/api';
import { personShadows } from '../../../lib/shadows';
import { useViewerKey } from '../../../lib/viewer-key';

export type FollowListKind = 'followers' | 'following';

const followListRoot = 'follow-list';
const followListKey = (username: string, kind: FollowListKind, viewer: string, q: string) =>
  [followListRoot, username.toLowerCase(), kind, viewer, q] as const;

// Rows show whether the viewer follows each person; a follow elsewhere may also add or remove a row
// of the viewer's own lists, so they are read again when next shown.
personShadows.registerPagedList({
    queryKey: [followListRoot],
    list: 'users',
    idOf: (row: FollowEntry) => row.username.toLowerCase(),
    fields: { isFollowing: 'isFollowedByMe', fullName: 'fullName', picture: 'profilePictureUrl' },
    staleAfterChange: true,
  });

/** GET /api/users/{username}/followers|following?q=&cursor=, page after page. */
export const followListQuery = (username: string, kind: FollowListKind, viewer: string, q: string) =>
  infiniteQueryOptions({
    queryKey: followListKey(username, kind, viewer, q),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowListResponse) => last.nextCursor,
    // While a new search runs, the rows already here stay (filtered locally) instead of a spinner.
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) => api(kind, { params: { username }, query: { q: q || undefined, cursor: pageParam ?? undefined } }, { signal }),
  });

export function useFollowList(username: string, kind: FollowListKind, q: string) {
  return useInfiniteQuery(followListQuery(username, kind, useViewerKey(), q));
}
