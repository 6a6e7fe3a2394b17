import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Adresse, Ansprechpartner } from '@vario/contract';
import { useToken } from '@/app/auth/session';
import { parameterIsSet, prefetchSystemParameters, useSystemParameter } from '@/components/form/lookups';
import { api } from '@/lib/api/client';
import { fetchBlob, fileForm } from '@/lib/api/files';
import { saveForm } from '@/lib/api/form-save';
import { tokenStore } from '@/lib/api/token';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export const addressKeys = createQueryKeys('addresses');
/** Parameter that makes a change remark required (ADR-016, ADR-017). */
export const REMARK_PARAMETER = 'SONSTIGE.AENDERUNGSBEMERKUNGABFRAGEN_ADRESSEN';
/** Sub lists of an address are short; they are read in one window. */
export const SUB_LIST_LIMIT = 500;

const lockHeader = (token: string | null | undefined): Record<string, string> | undefined => (token ? { 'X-Lock-Token': token } : undefined);
const invalidateAddress = (id?: number) => queryClient.invalidateQueries({ queryKey: id ? addressKeys.custom('record', id) : addressKeys.all });

export function useAddress(id: number | null) {
  return useQuery(addressQuery(id, !!useToken()));
}

const addressQuery = (id: number | null, signedIn: boolean) =>
  queryOptions({
    queryKey: addressKeys.custom('record', id, 'master'),
    queryFn: async () => (await api('adresseGet', { params: { id: id as number } })).result,
    enabled: signedIn && !!id,
  });

/** The record route's loader: the address is at hand when its page first renders (a failure is the page's to show). */
export async function prefetchAddress(id: number | null): Promise<void> {
  if (!id || !tokenStore.get()) return;
  await Promise.all([queryClient.ensureQueryData(addressQuery(id, true)).catch(() => undefined), prefetchSystemParameters(REMARK_PARAMETER)]);
}

/** True when the change remark is required (ADR-016). */
export function useRemarkRequired(): boolean {
  return parameterIsSet(useSystemParameter(REMARK_PARAMETER).data);
}

export interface WriteContext {
  remark?: string;
  lockToken?: string | null;
}

/** POST without id, PATCH with id; `ProtokollBemerkung` and the lock token go along (HTTP-027..031). */
export async function saveAddress(id: number | null, data: Partial<Adresse>, ctx: WriteContext) {
  const res = await saveForm<Adresse>({ path: '/stammdaten/adressen', id, data, ProtokollBemerkung: ctx.remark, lockToken: ctx.lockToken });
  if (res.result && res.id) queryClient.setQueryData(addressKeys.custom('record', res.id, 'master'), res.result);
  void invalidateAddress(res.id ?? undefined);
  return res;
}

/** DELETE with the remark as query parameter (ADR-015). */
export async function deleteAddress(id: number, ctx: WriteContext) {
  await api('adresseDelete', { params: { id, ProtokollBemerkung: ctx.remark }, headers: lockHeader(ctx.lockToken) });
  queryClient.removeQueries({ queryKey: addressKeys.custom('record', id) });
}

// ── contact persons ────────────────────────────────────────────────────────────

export function usePersons(addressId: number) {
  return useQuery({
    queryKey: addressKeys.custom('record', addressId, 'persons'),
    queryFn: async () => (await api('ansprechpartnerVonAdresse', { params: { id: addressId, orderBy: 'sortierung', limit: SUB_LIST_LIMIT } })).result,
  });
}

export function usePerson(personId: number | null) {
  return useQuery({
    queryKey: addressKeys.custom('person', personId),
    queryFn: async () => (await api('ansprechpartnerGet', { params: { id: personId as number } })).result,
    enabled: !!personId,
  });
}

/** Creates a contact person (ADR-043); the id comes from the Location header (HTTP-031). */
export function useCreatePerson(addressId: number) {
  return useMutation({
    mutationFn: (data: Partial<Ansprechpartner>) =>
      saveForm<Ansprechpartner>({ path: '/stammdaten/adressen/:id/ansprechpartner', params: { id: addressId }, data }),
    onSuccess: () => invalidateAddress(addressId),
    meta: { silent: true },
  });
}

export async function savePerson(addressId: number, personId: number, data: Partial<Ansprechpartner>) {
  const res = await saveForm<Ansprechpartner>({ path: '/stammdaten/ansprechpartner', id: personId, data });
  if (res.result) queryClient.setQueryData(addressKeys.custom('person', personId), res.result);
  void invalidateAddress(addressId);
  return res;
}

export async function deletePerson(addressId: number, personId: number) {
  await api('ansprechpartnerDelete', { params: { id: personId } });
  queryClient.removeQueries({ queryKey: addressKeys.custom('person', personId) });
  void invalidateAddress(addressId);
}

export function useUploadPersonPicture(addressId: number, personId: number) {
  return useMutation({
    mutationFn: async (file: File) => (await api('ansprechpartnerBild', { params: { id: personId }, body: fileForm(file) })).result,
    onSuccess: (person) => {
      queryClient.setQueryData(addressKeys.custom('person', personId), person);
      void invalidateAddress(addressId);
    },
  });
}

export function useDeletePersonPicture(addressId: number, personId: number) {
  return useMutation({
    mutationFn: () => api('ansprechpartnerBildDelete', { params: { id: personId } }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: addressKeys.custom('person', personId) });
      void invalidateAddress(addressId);
    },
  });
}

/** The picture of a contact person, loaded only when asked for (ADR-041, ADR-042). */
export function usePicture(gfxid: number | null, enabled: boolean) {
  return useQuery({
    queryKey: addressKeys.custom('picture', gfxid),
    queryFn: () => fetchBlob('GET', '/stammdaten/bilder/:id/gfx', { id: gfxid as number }),
    enabled: enabled && !!gfxid,
    staleTime: Infinity,
  });
}
