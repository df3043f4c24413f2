import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/password/forgot: the same answer whether the address has an account or not. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api('forgotPassword', { body: { email } }, { token: null }) });
}

/** POST /api/password/reset with the link's token: every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api('resetPassword', { body }, { token: null }),
  });
}
