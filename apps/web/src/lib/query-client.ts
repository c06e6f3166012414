import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: no retries, no refetch on window focus, for queries and mutations alike. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
