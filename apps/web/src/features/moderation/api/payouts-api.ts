import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutsQueueResponse } from '@wag/contract/payments';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

const root = ['moderation', 'payouts'] as const;
export type PayoutsQueueStatus = 'requested' | 'paid';

/** GET /api/moderation/payouts?status=: requests waiting (oldest first) or paid (latest first); admins only. */
export const payoutsQueueQuery = (status: PayoutsQueueStatus, viewer: string) =>
  infiniteQueryOptions({
    queryKey: [...root, status, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: PayoutsQueueResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('payoutsQueue', { query: { status, cursor: pageParam ?? undefined } }, { signal }),
  });

export function usePayoutsQueue(status: PayoutsQueueStatus) {
  return useInfiniteQuery(payoutsQueueQuery(status, useViewerKey()));
}

/** POST /api/moderation/payouts/{id}/paid: the transfer was made by hand; both lists are read again. */
export function useMarkPayoutPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('markPayoutPaid', { params: { id } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: root });
    },
  });
}
