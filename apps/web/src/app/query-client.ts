import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';
import { clearEarly } from '../lib/early';

/** A 4xx will not change by asking again; network and server failures get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A write (a follow, a like, a post) makes every answer asked for before it possibly stale: one the
    // first screen started and nobody took yet (lib/early.ts) is dropped, as invalidation cannot reach it.
    mutationCache: new MutationCache({ onMutate: () => clearEarly() }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
