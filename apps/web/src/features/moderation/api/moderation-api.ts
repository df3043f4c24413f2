import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionBody, ModerationQueueResponse } from '@wag/contract/moderation';
import type { ModerationStatus, ReportSubjectType } from '@wag/contract/moderation-rules';
import type { IdentityDecisionBody, IdentityQueueResponse } from '@wag/contract/identity';
import type { IdentityDocument } from '@wag/contract/identity-rules';
import { api, downloadFile } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

const root = 'moderation';

/** GET /api/moderation/queue?status=: highest priority first, then oldest. */
export const queueQuery = (status: ModerationStatus, viewer: string) =>
  infiniteQueryOptions({
    queryKey: [root, 'queue', status, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: ModerationQueueResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('moderationQueue', { query: { status, cursor: pageParam ?? undefined } }, { signal }),
  });

export function useQueue(status: ModerationStatus) {
  return useInfiniteQuery(queueQuery(status, useViewerKey()));
}

/** GET /api/moderation/subjects/{type}/{id}: the subject as its owner sees it, its reports and history. */
export const subjectQuery = (subjectType: ReportSubjectType, subjectId: string, viewer: string) =>
  queryOptions({
    queryKey: [root, 'subject', subjectType, subjectId, viewer],
    staleTime: 0,
    queryFn: ({ signal }) => api('moderationSubject', { params: { subjectType, subjectId } }, { signal }),
  });

export function useSubject(subjectType: ReportSubjectType, subjectId: string) {
  return useQuery(subjectQuery(subjectType, subjectId, useViewerKey()));
}

/** A moderator's action with its reason; the queue and the subject are read again afterwards. */
export function useModerationAction(subjectType: ReportSubjectType, subjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => api('moderationAction', { params: { subjectType, subjectId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [root] });
    },
  });
}

// The Identidad queue (identity verification requests) -------------------------------------------

/** GET /api/moderation/identity: pending requests, date-of-birth mismatches first, then the oldest. */
export const identityQueueQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [root, 'identity', 'queue', viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: IdentityQueueResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('identityQueue', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useIdentityQueue() {
  return useInfiniteQuery(identityQueueQuery(useViewerKey()));
}

/** GET /api/moderation/identity/{id}: one request and its outcome. */
export function useIdentityRequest(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [root, 'identity', 'request', id, useViewerKey()],
      staleTime: 0,
      queryFn: ({ signal }) => api('identityRequest', { params: { id } }, { signal }),
    }),
  );
}

/**
 * One document's image, fetched with the token (never a plain URL anyone could open) and kept only
 * in memory; never cached across visits.
 */
export function useIdentityDocument(id: string, document: IdentityDocument, enabled: boolean) {
  return useQuery({
    queryKey: [root, 'identity', 'document', id, document, useViewerKey()],
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async ({ signal }) => (await downloadFile('identityDocument', { params: { id, document }, signal })).blob,
  });
}

/** Approve or reject (with a reason); the queue and the request are read again afterwards. */
export function useIdentityDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityDecisionBody) => api('identityDecision', { params: { id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [root, 'identity'] });
    },
  });
}
