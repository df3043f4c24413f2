import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useViewerKey } from '../viewer-key';

export const verificationStatusKey = (viewer: string) => ['verification-status', viewer] as const;

/** GET /api/verification/status: the identity check (none, pending, approved, rejected) and the verified check. */
export const verificationStatusQuery = (viewer: string) =>
  queryOptions({
    queryKey: verificationStatusKey(viewer),
    queryFn: ({ signal }) => api('verificationStatus', undefined, { signal }),
  });

/** The viewer's verification status; `enabled` false asks nothing (a screen that does not need it yet). */
export function useVerificationStatus(enabled = true) {
  return useQuery({ ...verificationStatusQuery(useViewerKey()), enabled });
}
