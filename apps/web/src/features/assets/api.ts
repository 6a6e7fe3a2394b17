import { useMutation, useQuery } from '@tanstack/react-query';
import type { asset, assetEingabe } from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import { api } from '@/lib/api/client';
import { fetchBlob, fileForm } from '@/lib/api/files';
import { saveForm } from '@/lib/api/form-save';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';
import { saveBlob } from '@/lib/save-blob';
import { thumbCache } from './files/thumb-cache';

export type Asset = z.infer<typeof asset>;
export const assetKeys = createQueryKeys('assets');
/** Asset images and files load 50 per page (ASS-012). */
export const ASSET_PAGE_SIZE = 50;

export function useAsset(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: assetKeys.custom('record', id, 'master'),
    queryFn: async () => (await api('assetGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

/** POST without id, PATCH with id (ASS_AENDERN); the lock token goes along. */
export async function saveAsset(id: number | null, data: Partial<z.output<typeof assetEingabe>>, lockToken: string | null) {
  const res = await saveForm<Asset, Partial<z.output<typeof assetEingabe>>>({ path: '/stammdaten/assets', id, data, lockToken });
  if (res.result && res.id) queryClient.setQueryData(assetKeys.custom('record', res.id, 'master'), res.result);
  void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
  return res;
}

/** DELETE with its images and files (ASS_LOESCHEN). */
export async function deleteAsset(id: number, lockToken: string | null) {
  await api('assetDelete', { params: { id }, headers: lockToken ? { 'X-Lock-Token': lockToken } : undefined });
  queryClient.removeQueries({ queryKey: assetKeys.custom('record', id) });
  thumbCache.dropAsset(id);
  void queryClient.invalidateQueries({ queryKey: assetKeys.lists() });
}

/** Labels of s01–s06 (ASS-005). */
export function useAssetFieldLabels() {
  const token = useToken();
  return useQuery({
    queryKey: assetKeys.custom('sfelder'),
    queryFn: async () => (await api('assetSfelder')).result,
    enabled: !!token,
    staleTime: 60 * 60_000,
    meta: { silent: true },
  });
}

/** One page of images, ordered by bildindex, with 400×400 thumbnails that go to the session cache (ASS-007, ASS-013, ASS-014). */
export function useAssetImages(id: number, page: number) {
  return useQuery({
    queryKey: assetKeys.custom('record', id, 'bilder', page),
    queryFn: async () => {
      const res = await api('assetBilder', { params: { id, limit: ASSET_PAGE_SIZE, offset: page * ASSET_PAGE_SIZE, orderBy: 'bildindex' } });
      for (const b of res.result) thumbCache.set(id, b.id, b.mimeType, b.gfx);
      return res;
    },
    placeholderData: (prev) => prev,
  });
}

/** The 1600×1600 popup of one image (ASS-008, ASS-013). */
export function useAssetImagePopup(id: number, imageId: number | null) {
  return useQuery({
    queryKey: assetKeys.custom('record', id, 'bild', imageId),
    queryFn: async () => (await api('assetBild', { params: { id, subId: imageId as number } })).result,
    enabled: !!imageId,
    staleTime: Infinity,
  });
}

const invalidateImages = (id: number) => queryClient.invalidateQueries({ queryKey: assetKeys.custom('record', id, 'bilder') });

/** Uploads an image; the server refuses anything but images (400 with fieldErrors.daten). */
export function useUploadAssetImage(id: number) {
  return useMutation({
    mutationFn: async (file: File) => (await api('assetBildCreate', { params: { id }, body: fileForm(file) })).result,
    onSuccess: () => invalidateImages(id),
    meta: { silent: true },
  });
}

export function useDeleteAssetImage(id: number) {
  return useMutation({
    mutationFn: (imageId: number) => api('assetBildDelete', { params: { id, subId: imageId } }),
    onSuccess: (_r, imageId) => {
      thumbCache.drop(id, imageId);
      void invalidateImages(id);
    },
  });
}

/** One page of files (ASS-010, ASS-012). */
export function useAssetFiles(id: number, page: number) {
  return useQuery({
    queryKey: assetKeys.custom('record', id, 'dateien', page),
    queryFn: () => api('assetDateien', { params: { id, limit: ASSET_PAGE_SIZE, offset: page * ASSET_PAGE_SIZE, returnTotal: 'true', orderBy: '-datum' } }),
    placeholderData: (prev) => prev,
  });
}

const invalidateFiles = (id: number) => queryClient.invalidateQueries({ queryKey: assetKeys.custom('record', id, 'dateien') });

export function useUploadAssetFile(id: number) {
  return useMutation({
    mutationFn: async (file: File) => (await api('assetDateiCreate', { params: { id }, body: fileForm(file) })).result,
    onSuccess: () => invalidateFiles(id),
  });
}

export function useDeleteAssetFile(id: number) {
  return useMutation({
    mutationFn: (fileId: number) => api('assetDateiDelete', { params: { id, subId: fileId } }),
    onSuccess: () => invalidateFiles(id),
  });
}

/** Downloads a file's binary content (ASS-011) under its name. */
export async function downloadAssetFile(id: number, fileId: number, dateiname: string) {
  saveBlob(await fetchBlob('GET', '/assets/:id/dateien/:subId/gfx', { id, subId: fileId }), dateiname);
}
