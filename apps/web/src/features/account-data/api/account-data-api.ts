import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, downloadFile } from '../../../lib/api';
import { clearSession } from '../../../lib/auth-storage';

/** GET /api/account/export, saved by the browser under the server's file name. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await downloadFile('exportAccount');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the browser has taken the file.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return { fileName, bytes: blob.size };
    },
  });
}

/** DELETE /api/account with the current password. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => api('deleteAccount', { body: { password } }) });
}

/**
 * After the account is gone: this browser forgets its session and everything it had read. Called by
 * the public goodbye page, so no guard of the account's screens sends the person to the login first.
 */
export function useForgetDeletedAccount() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);
}
