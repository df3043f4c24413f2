import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@wag/contract/auth';
import { api } from '../../../lib/api';

/** POST /api/register with { username, email, password, birth_date }. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: Required<RegisterBody>) => api('register', { body }, { token: null }),
  });
}
