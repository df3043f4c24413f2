import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { currentUserKey } from './current-user';

/** POST /api/account/email/resend: the link again, for a change waiting or an unconfirmed address. */
export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: () => api('resendEmailConfirmation') });
}

/** POST /api/account/email/confirm with the link's token; works without a session (the token is the proof). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api('confirmEmail', { body: { token } }),
    // The address (or its confirmed mark) changed: the account and the personal information are read
    // again, now, whether a screen shows them or not; a read started before the confirmation is dropped
    // for the new one, so its older answer cannot land last and stay (it would keep the banner up).
    onSuccess: async () => {
      const predicate = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === currentUserKey[0] || query.queryKey[0] === 'personal-info';
      await queryClient.cancelQueries({ predicate });
      await queryClient.invalidateQueries({ predicate, refetchType: 'all' });
    },
  });
}
