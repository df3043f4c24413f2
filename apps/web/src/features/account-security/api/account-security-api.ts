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

const twoFactorKey = (viewer: string) => ['two-factor', viewer] as const;

/** GET /api/account/2fa: whether two-factor is on and how many recovery codes are left. */
export function useTwoFactorStatus() {
  const viewer = useViewerKey();
  return useQuery({ queryKey: twoFactorKey(viewer), queryFn: ({ signal }) => api('twoFactorStatus', undefined, { signal }) });
}

/** Setting up (a secret and its QR code), confirming with the first code, turning off. */
export function useTwoFactorChanges() {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKey(viewer) });
  return {
    setup: useMutation({ mutationFn: () => api('twoFactorSetup') }),
    enable: useMutation({ mutationFn: (code: string) => api('twoFactorEnable', { body: { code } }), onSuccess: refresh }),
    disable: useMutation({ mutationFn: (body: { password: string; code: string }) => api('twoFactorDisable', { body }), onSuccess: refresh }),
  };
}
