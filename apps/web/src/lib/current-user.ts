import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@wag/contract/auth';
import { api } from './api';
import { ApiError } from './api-error';
import { clearSession } from './auth-storage';
import { startEarly, takeEarly } from './early';
import { useSession } from './session';

export type CurrentUser = MeResponse['user'];

export const currentUserKey = ['me'] as const;

/** The signed-in account (GET /api/me). A 401 means the session ended: it is forgotten. */
export function useCurrentUser() {
  const { token } = useSession();
  return useQuery({
    queryKey: [...currentUserKey, token],
    enabled: token !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      try {
        const response = await (takeEarly<MeResponse>(meEarlyKey(token)) ?? api('me', undefined, { token, signal }));
        return response.user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) clearSession();
        throw error;
      }
    },
  });
}

const meEarlyKey = (token: string | null) => `me:${token ?? ''}`;

/** Asks for the signed-in account before the app renders (lib/early.ts): its first fetch takes it. */
export function startCurrentUserEarly(token: string): void {
  startEarly(meEarlyKey(token), () => api('me', undefined, { token }));
}
