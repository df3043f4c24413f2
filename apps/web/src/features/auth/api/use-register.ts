import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, registerResponse } from '@wag/contract/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type RegisterResponse = z.infer<typeof registerResponse>;

/** POST /api/register with { username, email, password, birth_date }. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: Required<RegisterBody>) =>
      apiRequest<RegisterResponse>('/api/register', { method: 'POST', body, token: null }),
  });
}
