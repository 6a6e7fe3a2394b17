import { useQuery } from '@tanstack/react-query';
import type {
  artikelAuswahl,
  beleg,
  belegAenderung,
  belegHistorieZeile,
  belegListe,
  belegPosition,
  ERechnungLieferformat,
  positionAenderung,
  positionNeu,
} from '@vario/contract';
import type { z } from 'zod';
import { useToken } from '@/app/auth/session';
import type { ArticleSource } from '@/components/pickers/ArticlePicker';
import { PICKER_LIMIT } from '@/components/pickers/use-picker-search';
import { addressKeys, SUB_LIST_LIMIT } from '@/features/addresses/api';
import { api, request } from '@/lib/api/client';
import { fetchBlob } from '@/lib/api/files';
import { idFromLocation } from '@/lib/api/form-save';
import { newId } from '@/lib/id';
import { queryClient } from '@/lib/query-client';
import { createQueryKeys } from '@/lib/query-keys';

export type SaleDocument = z.infer<typeof beleg>;
export type SaleDocumentRow = z.infer<typeof belegListe>;
export type Position = z.infer<typeof belegPosition>;
export type HistoryRow = z.infer<typeof belegHistorieZeile>;
export type HeadInput = z.input<typeof belegAenderung>;
export type PositionInput = z.input<typeof positionNeu>;
export type PositionChange = z.input<typeof positionAenderung>;
export type ArticleChoice = z.infer<typeof artikelAuswahl>;

export const documentKeys = createQueryKeys('saleDocuments');
const headKey = (id: number | null) => documentKeys.custom('record', id, 'head');
const positionsKey = (id: number | null) => documentKeys.custom('record', id, 'positions');
/** A document has at most this many positions in one answer (the list shows all of them). */
export const POSITIONS_LIMIT = 10_000;

/** Puts the head the server answered into the cache: totals are always the server's (no sum is computed here). */
export const setHead = (doc: SaleDocument) => queryClient.setQueryData(headKey(doc.id), doc);
const invalidateLists = () => queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
/** After a transition: the head, positions, history and signature are read again, and every list. */
export const reloadDocument = (id: number) => Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys.custom('record', id) }), invalidateLists()]);

export function useSaleDocument(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: headKey(id),
    queryFn: async () => (await api('belegGet', { params: { id: id as number } })).result,
    enabled: !!token && !!id,
  });
}

export function usePositions(id: number | null) {
  return useQuery({
    queryKey: positionsKey(id),
    queryFn: async () => (await api('belegPositionenList', { params: { id: id as number, limit: POSITIONS_LIMIT } })).result,
    enabled: !!id,
  });
}

export function useDocumentHistory(id: number | null) {
  return useQuery({
    queryKey: documentKeys.custom('record', id, 'history'),
    queryFn: async () => (await api('belegHistorie', { params: { id: id as number } })).result,
    enabled: !!id,
  });
}

/** POST /verkauf/belege with an Idempotency-Key; answers the new id (last number of Location). */
export async function createDocument(data: { belegart: string; adresseId: number; dealId?: number | null }, idempotencyKey = newId()) {
  const res = await request<{ result: SaleDocument }>('POST', '/verkauf/belege', {
    body: { data: { belegart: data.belegart, adresseId: data.adresseId, ...(data.dealId ? { dealId: data.dealId } : {}) } },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const doc = res.data.result;
  setHead(doc);
  void invalidateLists();
  return idFromLocation(res.headers.get('Location')) ?? doc.id;
}

/** PATCH of head and foot; the answer carries the recomputed totals. */
export async function saveHead(id: number, data: Partial<HeadInput>, lockToken: string | null) {
  const res = await api('belegUpdate', {
    params: { id },
    body: { data: data as HeadInput },
    headers: lockToken ? { 'X-Lock-Token': lockToken } : undefined,
  });
  setHead(res.result);
  void invalidateLists();
  return { id };
}

export async function deleteDocument(id: number, lockToken: string | null) {
  await api('belegDelete', { params: { id }, headers: lockToken ? { 'X-Lock-Token': lockToken } : undefined });
  queryClient.removeQueries({ queryKey: documentKeys.custom('record', id) });
  void invalidateLists();
}

/** Duplicate (POST …/kopieren with an Idempotency-Key): a new document of the same type; answers it and its id. */
export async function duplicateDocument(id: number, idempotencyKey = newId()) {
  const res = await request<{ result: SaleDocument }>('POST', '/verkauf/belege/:id/kopieren', {
    params: { id },
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const doc = res.data.result;
  setHead(doc);
  void invalidateLists();
  return { id: idFromLocation(res.headers.get('Location')) ?? doc.id, doc };
}

/** Discard a new, empty document its maker made by mistake (the server says whether: `verwerfbar`). */
export async function discardDocument(id: number) {
  await api('belegVerwerfen', { params: { id }, body: {} });
  queryClient.removeQueries({ queryKey: documentKeys.custom('record', id) });
  void invalidateLists();
}

// ── positions: every write answers the position and the refreshed head ────────────────────────────────────────────

const afterPositionWrite = (docId: number, head: SaleDocument) => {
  setHead(head);
  void queryClient.invalidateQueries({ queryKey: positionsKey(docId) });
  void queryClient.invalidateQueries({ queryKey: documentKeys.custom('record', docId, 'history') });
  void invalidateLists();
};

export async function addPosition(docId: number, data: PositionInput) {
  const res = await api('belegPositionCreate', { params: { id: docId }, body: { data }, headers: { 'Idempotency-Key': newId() } });
  afterPositionWrite(docId, res.result.beleg);
  return res.result.position;
}

export async function changePosition(docId: number, positionId: number, data: PositionChange) {
  const res = await api('belegPositionUpdate', { params: { id: docId, positionId }, body: { data } });
  afterPositionWrite(docId, res.result.beleg);
  queryClient.setQueryData(documentKeys.custom('record', docId, 'position', positionId), res.result.position);
  return res.result.position;
}

/** DELETE answers 204; the head with its new totals is read again. */
export async function deletePosition(docId: number, positionId: number) {
  await api('belegPositionDelete', { params: { id: docId, positionId } });
  queryClient.removeQueries({ queryKey: documentKeys.custom('record', docId, 'position', positionId) });
  afterPositionWrite(docId, (await api('belegGet', { params: { id: docId } })).result);
}

export async function reorderPositions(docId: number, positionIds: number[]) {
  const res = await api('belegPositionenReihenfolge', { params: { id: docId }, body: { data: { positionIds } } });
  queryClient.setQueryData(positionsKey(docId), res.result.positionen);
  afterPositionWrite(docId, res.result.beleg);
}

export function usePosition(docId: number | null, positionId: number | null) {
  return useQuery({
    queryKey: documentKeys.custom('record', docId, 'position', positionId),
    queryFn: async () => (await api('belegPositionGet', { params: { id: docId as number, positionId: positionId as number } })).result,
    enabled: !!docId && !!positionId,
  });
}

/**
 * The article picker's hits on this document (issue 20 item 3): each with its unit, the price a line would get here
 * and its stock per warehouse. Under the document's key, so a booking or transform (reloadDocument) reads them again.
 */
export const articleChoices = (docId: number): ArticleSource<ArticleChoice> => ({
  key: (term) => documentKeys.custom('record', docId, 'articles', term),
  fetch: async (search) => (await api('belegArtikelAuswahl', { params: { id: docId, search, limit: PICKER_LIMIT } })).result,
});

// ── transitions (BEL-038..043) ────────────────────────────────────────────────────────────────────────────────────

export async function bookDocument(id: number, dealAnlegen?: boolean) {
  const res = await api('belegBuchen', { params: { id }, body: dealAnlegen === undefined ? {} : { data: { dealAnlegen } } });
  return res.result;
}

export async function cancelDocument(id: number) {
  const res = await api('belegStornieren', { params: { id }, body: {} });
  return res.result;
}

/** Transforms into `targetType`; the new id is the last number of Location (BEL-042). */
export async function transformDocument(id: number, targetType: string, positionen?: { positionId: number; menge: number }[]) {
  const res = await request<{ result: SaleDocument }>('POST', '/verkauf/belege/:id/umwandeln/:targetType', {
    params: { id, targetType },
    body: positionen ? { data: { positionen } } : {},
  });
  const neu = idFromLocation(res.headers.get('Location')) ?? res.data.result.id;
  void invalidateLists();
  return { id: neu, doc: res.data.result };
}

/** The system parameter that asks for a deal when an offer is booked (BEL-030): result[0].wert. */
export async function dealQuestionParameter(): Promise<string | null> {
  const res = await api('systemParameter', { params: { filter: 'name=DEALS.DEALBEIBUCHENVONANGEBOTABFRAGEN' } });
  return res.result[0]?.wert ?? null;
}

/** The PDF of the document (BEL-045). */
export const fetchDocumentPdf = (id: number) => fetchBlob('GET', '/verkauf/belege/:id/pdf', { id });
/** A booked invoice's or credit note's e-invoice (issue 24): the XRechnung XML or the ZUGFeRD PDF, stored on first delivery. */
export const fetchEInvoice = (id: number, format: ERechnungLieferformat) => fetchBlob('GET', '/verkauf/belege/:id/erechnung', { id, format });

/** Print (status 1 → 2, history D, the PDF's SHA-256 kept on the server). */
export async function printDocument(id: number) {
  return (await api('belegDrucken', { params: { id } })).result;
}

// ── signature ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function useSignature(id: number | null) {
  return useQuery({
    queryKey: documentKeys.custom('record', id, 'signature'),
    queryFn: async () => (await api('belegUnterschriftGet', { params: { id: id as number } })).result,
    enabled: !!id,
  });
}

/** PUT the PNG (base64) and the signer's name; the history gets its row. */
export async function saveSignature(id: number, daten: string, name: string | null) {
  const res = await api('belegUnterschriftSet', { params: { id }, body: { data: { daten, name } } });
  queryClient.setQueryData(documentKeys.custom('record', id, 'signature'), res.result);
  void queryClient.invalidateQueries({ queryKey: documentKeys.custom('record', id, 'history') });
  return res.result;
}

/**
 * The customer's additional addresses (zusatzadressen): what a document's billing and delivery address choose from
 * (issue 19 item 11). Same key as the addresses area's list, so a change there refreshes the head tab too.
 */
export function useCustomerAdditionalAddresses(adresseId: number | null) {
  const signedIn = !!useToken();
  return useQuery({
    queryKey: addressKeys.custom('record', adresseId ?? 0, 'additional', null),
    queryFn: async () => (await api('zusatzadressenList', { params: { id: adresseId as number, orderBy: 'name1', limit: SUB_LIST_LIMIT } })).result,
    enabled: signedIn && !!adresseId,
  });
}
