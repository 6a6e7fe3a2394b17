import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Releases a record lock (own, or any as administrator). */
export function useReleaseLock() {
  return useMutation({ mutationFn: (id: number) => api('sperreDelete', { params: { id } }) });
}
