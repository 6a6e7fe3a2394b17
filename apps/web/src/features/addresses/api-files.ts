import { useQuery } from '@tanstack/react-query';
import type { adressDatei } from '@vario/contract';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { fetchBlob, fileForm } from '@/lib/api/files';
import { queryClient } from '@/lib/query-client';
import { saveBlob } from '@/lib/save-blob';
import { addressKeys, SUB_LIST_LIMIT } from './api';

export type AdressDatei = z.infer<typeof adressDatei>;

const invalidate = (addressId: number) => queryClient.invalidateQueries({ queryKey: addressKeys.custom('record', addressId, 'files') });

/** Files without e-mails, with total (ADR-069). */
export function useFiles(addressId: number) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'files', 'list'),
    queryFn: async () =>
      api('dateienList', { params: { id: addressId, filter: 'istEmail=false', returnTotal: 'true', orderBy: '-datum', limit: SUB_LIST_LIMIT } }),
  });
}

/** One file with its content in `daten` (base64) (ADR-070). */
export function useFile(addressId: number, fileId: number | null) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'files', 'one', fileId),
    queryFn: async () => (await api('dateiGet', { params: { id: addressId, subId: fileId as number } })).result,
    enabled: !!fileId,
  });
}

/** Downloads the file's bytes with the Bearer header (binary endpoint). */
export async function downloadFile(addressId: number, file: Pick<AdressDatei, 'id' | 'dateiname'>) {
  const blob = await fetchBlob('GET', '/stammdaten/adressen/:id/dateien/:subId/download', { id: addressId, subId: file.id });
  saveBlob(blob, file.dateiname);
}

export async function uploadFile(addressId: number, file: File, betreff: string | null) {
  const { result } = await api('dateiCreate', {
    params: { id: addressId },
    body: fileForm(file, { betreff }),
  });
  void invalidate(addressId);
  return result;
}

export async function deleteFile(addressId: number, fileId: number) {
  await api('dateiDelete', { params: { id: addressId, subId: fileId } });
  void invalidate(addressId);
}
