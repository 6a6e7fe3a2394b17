import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type FailedAction, handleApiError } from './api/error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    /** `action` names a failed save or delete in the notice (HTTP-076, HTTP-078). */
    mutationMeta: { silent?: boolean; action?: FailedAction };
  }
}

/** One QueryClient; every failed query or mutation goes through the status catalogue; most failed reads stay silent (HTTP-080). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, { silent: query.meta?.silent, read: true }) }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => handleApiError(error, { silent: mutation.meta?.silent, action: mutation.meta?.action }),
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
