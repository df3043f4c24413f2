import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@wag/contract/auth';
import { api } from '../../../lib/api';
import { saveSession } from '../../../lib/auth-storage';
import { currentUserKey } from '../../../lib/current-user';

/** POST /api/login; on success the token and username are stored (docs/product.md §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<LoginBody>) => api('login', { body }, { token: null }),
    onSuccess: (response) => {
      queryClient.removeQueries({ queryKey: currentUserKey });
      saveSession({ token: response.token, username: response.username });
    },
  });
}
