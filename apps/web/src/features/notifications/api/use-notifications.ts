import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { NotificationsResponse } from '@wag/contract/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKey } from '../../../lib/live-channel';
import { useSession } from '../../../lib/session';

/** The viewer's notifications, newest first, page after page (refetched by live events). */
export function useNotifications() {
  const { username } = useSession();
  return useInfiniteQuery({
    queryKey: notificationsKey(username),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NotificationsResponse>(`/api/notifications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  });
}

/** Marks notifications read; the live channel then brings the new unread count. */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<{ success: true; count: number }>('/api/notifications/read', { method: 'POST', body: { ids } }),
  });
}
