import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionsResponse } from '@wag/contract/payments';
import { api } from '../../../lib/api';
import { userVipRoot } from '../../../lib/queries/vip';
import { useViewerKey } from '../../../lib/viewer-key';

const root = 'subscriptions';

/** GET /api/subscriptions?cursor=: my subscriptions, page after page. */
export const subscriptionsQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: [root, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: SubscriptionsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('subscriptions', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useSubscriptions() {
  return useInfiniteQuery(subscriptionsQuery(useViewerKey()));
}

/**
 * DELETE /api/users/{username}/vip/subscribe: no more renewals, access to the end of the paid period.
 * The answer's subscription replaces the row at once; the creator's offer (their VIP tab) is read again.
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: (username: string) => api('cancelSubscription', { params: { username } }),
    onSuccess: (response) => {
      queryClient.setQueryData(subscriptionsQuery(viewer).queryKey, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === response.subscription.id ? response.subscription : item)) })) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: [userVipRoot, response.subscription.creator.username.toLowerCase()] });
    },
  });
}
