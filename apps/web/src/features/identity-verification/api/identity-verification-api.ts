import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationStatusResponse } from '@wag/contract/payments';
import { IDENTITY_DOCUMENT_FIELDS, IDENTITY_DOCUMENTS, type IdentityDocument } from '@wag/contract/identity-rules';
import { api } from '../../../lib/api';
import { verificationStatusKey } from '../../../lib/queries/verification-status';
import { useViewerKey } from '../../../lib/viewer-key';

export interface IdentityRequest {
  dob: string;
  documents: Record<IdentityDocument, File>;
}

/**
 * POST /api/verification/identity as multipart (dob, idFront, idBack, selfie). On success the status
 * is pending at once, then read again from the server.
 */
export function useSendIdentity() {
  const queryClient = useQueryClient();
  const key = verificationStatusKey(useViewerKey());
  return useMutation({
    mutationFn: ({ dob, documents }: IdentityRequest) => {
      const body = new FormData();
      body.append('dob', dob);
      for (const document of IDENTITY_DOCUMENTS) body.append(IDENTITY_DOCUMENT_FIELDS[document], documents[document], documents[document].name);
      return api('identityVerification', { body });
    },
    onSuccess: async () => {
      queryClient.setQueryData<VerificationStatusResponse>(key, (before) => ({ account: before?.account ?? 'none', identity: 'pending', identityReason: null }));
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
