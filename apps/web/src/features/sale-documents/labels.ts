import { useTranslation } from 'react-i18next';

/** Document types of the customer side (BEL-028, BEL-033), as belegart codes. */
export const DOCUMENT_TYPES = ['0100', '0200', '0300', '0400', '0500'] as const;
/** The status filter offers these (BEL-026). */
export const DOCUMENT_STATUSES = [1, 2, 3, 4, 5, 6, 8, 9] as const;
/** The default pick-list filter (BEL-036). */
export const DEFAULT_TYPES = ['0100', '0200'] as const;
export const DEFAULT_STATUSES = [1, 2, 3] as const;

/** Transformation targets by source belegtyp (BEL-029): 01 → 02; 02 → 03 or 05; 03 → 04. */
export const TRANSFORM_TARGETS: Record<string, readonly string[]> = {
  '01': ['0200'],
  '02': ['0300', '0500'],
  '03': ['0400'],
};
export const transformTargets = (belegart: string) => TRANSFORM_TARGETS[belegart.slice(0, 2)] ?? [];

/** A document is editable only in status 1 or 2 (BEL-027). */
export const isEditableStatus = (belegstatus: number) => belegstatus === 1 || belegstatus === 2;

const STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'green', 4: 'yellow', 5: 'gray', 6: 'gray', 8: 'orange', 9: 'gray' };
export const statusColor = (s: number) => STATUS_COLORS[s] ?? 'gray';

/** Translated labels of document types and statuses. */
export function useDocumentLabels() {
  const { t } = useTranslation('saleDocuments');
  const types: Record<string, string> = t('type', { returnObjects: true });
  const statuses: Record<string, string> = t('status', { returnObjects: true });
  const statusesLong: Record<string, string> = t('statusLong', { returnObjects: true });
  const type = (belegart: string | null | undefined) => {
    if (!belegart) return '';
    // by the full code (0100), else by its type (01…), else the code itself
    return types[belegart] ?? types[belegart.slice(0, 2)] ?? t('type.unknown', { code: belegart });
  };
  const status = (s: number | null | undefined, long = false) =>
    s === null || s === undefined ? '' : ((long ? statusesLong : statuses)[String(s)] ?? t('status.unknown', { code: s }));
  /** "Angebot AN2026-00001" */
  const doc = (d: { belegart: string; belegnummer: string } | undefined) => (d ? `${type(d.belegart)} ${d.belegnummer}` : '');
  return { type, status, doc };
}
