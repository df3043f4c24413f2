import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { NotificationsResponse } from '@wag/contract/notifications';
import { api } from '../../../lib/api';
import { notificationsKey } from '../../../lib/live-channel';
import { useSession } from '../../../lib/session';

/** The viewer's notifications, newest first, page after page (refetched by live events). */
export const notificationsQuery = (viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: notificationsKey(viewer),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('notifications', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQuery(useSession().username));
}

/** Marks notifications read; the live channel then brings the new unread count. */
export function useMarkNotificationsRead() {
  return useMutation({
    mutationFn: (ids: string[]) => api('markNotificationsRead', { body: { ids } }),
  });
}
