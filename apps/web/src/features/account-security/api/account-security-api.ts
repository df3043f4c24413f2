import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@wag/contract/account-security';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

const sessionsKey = (viewer: string) => ['account-sessions', viewer] as const;

/** GET /api/account/sessions: the account's signed-in devices. */
export const sessionsQuery = (viewer: string) =>
  queryOptions({
    queryKey: sessionsKey(viewer),
    staleTime: 0,
    queryFn: ({ signal }) => api('accountSessions', undefined, { signal }),
  });

export function useAccountSessions() {
  return useQuery(sessionsQuery(useViewerKey()));
}

/** Ends one session, or every one but this (`'others'`); the list is read again. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: (which: string) => (which === 'others' ? api('logoutOtherSessions') : api('endSession', { params: { id: which } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey(viewer) }),
  });
}

/** PUT /api/account/password: the other sessions end, so their list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api('changePassword', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey(viewer) }),
  });
}
