import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PersonalInfoBody, UsernameCheckResponse } from '@wag/contract/profiles';
import { api } from '../../../lib/api';
import { currentUserKey, type CurrentUser } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';

export const personalInfoKey = (token: string | null) => ['personal-info', token] as const;

/** GET /api/user/personal-info (full_name, username, email, phone, birth_date). */
export const personalInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: personalInfoKey(token),
    enabled: token !== null,
    // The form starts from what the server holds now, not from an older visit.
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) => api('personalInfo', undefined, { signal }),
  });

export function usePersonalInfo() {
  return useQuery(personalInfoQuery(useSession().token));
}

/**
 * GET /api/username/check/{username}: whether a name is free (the account's own counts as free). A
 * failed check is only logged and counts as free: it does not block saving, the server checks again.
 */
export const usernameCheckQuery = (username: string) =>
  queryOptions({
    queryKey: ['username-check', username.toLowerCase()],
    staleTime: 10_000,
    retry: false,
    queryFn: async ({ signal }): Promise<UsernameCheckResponse> => {
      try {
        return await api('usernameCheck', { params: { username } }, { signal });
      } catch (error) {
        console.error(error);
        return { available: true, message: null };
      }
    },
  });

export type PersonalInfoPayload = Required<Pick<PersonalInfoBody, 'username' | 'email' | 'dob'>> & {
  fullName: string;
  phone: string;
  /** Sent only with a new email: the server asks for it then. */
  currentPassword?: string;
};

/** PUT /user/personal-info (no /api prefix, docs/product.md §7). */
export function useUpdatePersonalInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonalInfoPayload) => api('updatePersonalInfoUnprefixed', { body }),
    onSuccess: (response, sent) => {
      const username = response?.username || sent.username;
      queryClient.setQueriesData<CurrentUser>({ queryKey: currentUserKey }, (me) =>
        // A new email is not the account's until confirmed from its link.
        me ? { ...me, username, fullName: sent.fullName || null, email: response?.pendingEmail ? me.email : sent.email } : me,
      );
      // A new name or username shows on every screen, and an old username now answers 404: everything
      // already read is read again when next shown.
      void queryClient.invalidateQueries();
    },
  });
}
