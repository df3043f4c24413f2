import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { clearSession } from '../../../lib/auth-storage';

/** Cerrar Sesión: ends the session on the server, forgets it here, then shows /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // The local session ends even when the server cannot be reached.
    mutationFn: () => api('logout').catch(() => undefined),
    onSettled: () => {
      clearSession();
      queryClient.clear();
      navigate('/login');
    },
  });
}
