import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionBody, ModerationQueueResponse } from '@wag/contract/moderation';
import type { ModerationStatus, ReportSubjectType } from '@wag/contract/moderation-rules';
import { api } from '../../../lib/api';
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
