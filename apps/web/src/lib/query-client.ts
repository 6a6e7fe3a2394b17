import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError } from './api/error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** One QueryClient; every failed query or mutation goes through the status catalogue. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, { silent: query.meta?.silent }) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handleApiError(error, { silent: mutation.meta?.silent }) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
