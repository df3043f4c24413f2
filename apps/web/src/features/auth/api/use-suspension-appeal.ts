import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/appeals/suspension: a suspended account appeals with its email and password (it cannot sign in). */
export function useSuspensionAppeal() {
  return useMutation({
    mutationFn: (body: { email: string; password: string; text: string }) => api('appealSuspension', { body }, { token: null }),
  });
}
