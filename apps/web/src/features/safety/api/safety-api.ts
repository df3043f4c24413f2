import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody } from '@wag/contract/moderation';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

const root = 'safety';

/** GET /api/blocks/{username}: whether I block them. */
export const blockStatusQuery = (username: string, viewer: string) =>
  queryOptions({
    queryKey: [root, 'block-status', username.toLowerCase(), viewer],
    enabled: viewer !== 'guest',
    queryFn: ({ signal }) => api('blockStatus', { params: { username } }, { signal }),
  });

export function useBlockStatus(username: string) {
  return useQuery(blockStatusQuery(username, useViewerKey()));
}

/** GET /api/blocks?cursor=: the people I block, newest block first. */
export const blockedUsersQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [root, 'blocked-users', viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('blockedUsers', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useBlockedUsers() {
  return useInfiniteQuery(blockedUsersQuery(useViewerKey()));
}

/** GET /api/reports/mine: my reports with their status and outcome. */
export const myReportsQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [root, 'my-reports', viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('myReports', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useMyReports() {
  return useInfiniteQuery(myReportsQuery(useViewerKey()));
}

/** GET /api/moderation/decisions/mine: decisions about my own content or account, with their reasons. */
export const myDecisionsQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [root, 'my-decisions', viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('myModerationDecisions', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useMyDecisions() {
  return useInfiniteQuery(myDecisionsQuery(useViewerKey()));
}

/**
 * Block or unblock. A block hides the person and everything of theirs from every screen, and a report
 * takes its subject out of the reporter's views: what the server now answers differently is
 * everywhere, so every cached answer is read again.
 */
export function useSetBlocked(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => api(blocked ? 'blockUser' : 'unblockUser', { params: { username } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}

export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => api('createReport', { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}

export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { subjectType: CreateReportBody['subjectType']; subjectId: string; text: string }) => api('createAppeal', { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [root, 'my-decisions'] });
    },
  });
}
