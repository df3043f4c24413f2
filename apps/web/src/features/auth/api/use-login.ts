import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SignedInResponse } from '@wag/contract/auth';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { saveSession } from '../../../lib/auth-storage';
import { currentUserKey } from '../../../lib/current-user';

/** The challenge of a right password when the account has two-factor on (the code comes next), or null. */
export function twoFactorChallengeOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { twoFactorRequired?: unknown; challenge?: unknown } | undefined;
  return body?.twoFactorRequired === true && typeof body.challenge === 'string' ? body.challenge : null;
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (response: SignedInResponse) => {
    queryClient.removeQueries({ queryKey: currentUserKey });
    saveSession({ token: response.token, username: response.username });
  };
}

/**
 * POST /api/login; on success the token and username are stored (docs/product.md §4). With two-factor
 * on the answer has no token: the call fails with the challenge in its error (twoFactorChallengeOf).
 */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: Required<LoginBody>): Promise<SignedInResponse> => {
      const response = await api('login', { body }, { token: null });
      if (!response.success) throw new ApiError(200, response.message, response);
      return response;
    },
    onSuccess: signedIn,
  });
}

/** POST /api/login/2fa: the challenge and a code (or a recovery code) finish the sign-in. */
export function useLoginTwoFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { challenge: string; code?: string; recoveryCode?: string }) => api('loginTwoFactor', { body }, { token: null }),
    onSuccess: signedIn,
  });
}
