import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useSession } from '../session';
import { useViewerKey } from '../viewer-key';

/**
 * A creator's VIP offer and the signed-in account's verification: read by the profile, the feed cards,
 * the payment sheet, the settings list and the side menu (so kept apart from the paying code, which
 * only the sheet's chunk needs).
 */

export const userVipRoot = 'user-vip';
export const verificationStatusRoot = 'verification-status';

/** GET /api/users/{username}/vip: the creator's offer and how the viewer stands to it. */
export const userVipQuery = (username: string, viewer: string) =>
  queryOptions({
    queryKey: [userVipRoot, username.toLowerCase(), viewer],
    queryFn: ({ signal }) => api('userVip', { params: { username } }, { signal }),
  });

export function useUserVip(username: string, enabled = true) {
  return useQuery({ ...userVipQuery(username, useViewerKey()), enabled });
}

/** GET /api/verification/status: identity and account verification of the signed-in account. */
export const verificationStatusQuery = (viewer: string) =>
  queryOptions({
    queryKey: [verificationStatusRoot, viewer],
    queryFn: ({ signal }) => api('verificationStatus', undefined, { signal }),
  });

export function useVerificationStatus(enabled = true) {
  const { token } = useSession();
  return useQuery({ ...verificationStatusQuery(useViewerKey()), enabled: enabled && token !== null });
}

/**
 * Whether the signed-in person has the creator's dashboard: an approved identity, or a VIP offer of
 * their own (kept by someone whose identity came up for review again). Read rarely: it changes when a
 * moderator decides or the creator sets a price.
 */
export function useHasCreatorDashboard(): boolean {
  const { token, username } = useSession();
  const viewer = useViewerKey();
  const status = useQuery({ ...verificationStatusQuery(viewer), enabled: token !== null, staleTime: 5 * 60_000 });
  const approved = status.data?.identity === 'approved';
  const ownVip = useQuery({
    ...userVipQuery(username ?? '', viewer),
    enabled: token !== null && username !== null && status.isSuccess && !approved,
    staleTime: 5 * 60_000,
  });
  return token !== null && (approved || ownVip.data?.enabled === true);
}

