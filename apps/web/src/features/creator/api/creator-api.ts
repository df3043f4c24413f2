import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { userVipRoot } from '../../../lib/queries/vip';
import { useViewerKey } from '../../../lib/viewer-key';

const root = 'creator-dashboard';

/** GET /api/creator/dashboard: offer, identity, subscribers, balance, earnings, payments, posts, payouts. */
export const creatorDashboardQuery = (viewer: string) =>
  queryOptions({
    queryKey: [root, viewer],
    queryFn: ({ signal }) => api('creatorDashboard', undefined, { signal }),
  });

export function useCreatorDashboard() {
  return useQuery(creatorDashboardQuery(useViewerKey()));
}

/** PUT /api/creator/vip (cents): the dashboard and the creator's own offer are read again. */
export function useSaveVipPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { monthlyPrice: number; storyPrice: number }) => api('vipSettings', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [root] });
      void queryClient.invalidateQueries({ queryKey: [userVipRoot] });
    },
  });
}

/** POST /api/creator/payouts { amount } (cents): the balance and the payouts list change. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => api('requestPayout', { body: { amount } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [root] }),
  });
}
