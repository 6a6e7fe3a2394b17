import {
  BELEG_AKTIONEN,
  BELEGARTEN,
  BELEGSTATUS,
  BELEGSTATUS_WERTE,
  type BelegAktion,
  type Belegart,
  belegartVon,
  istERechnungsBelegart,
  NEU_BELEGARTEN,
  type Sprache,
  STANDARD_BELEGARTEN,
  STANDARD_BELEGSTATUS,
  VERKAUF_BELEGARTEN,
  zustandErlaubt,
} from '@vario/contract';
import { useTranslation } from 'react-i18next';

/**
 * The document types and statuses as the screens use them: every list here follows from the contract's descriptors
 * (`BELEGARTEN`) and status table (`BELEG_AKTIONEN`), so a new type or a changed rule needs no edit here.
 */

/** Document types of the customer side (BEL-028, BEL-033), as belegart codes. */
export const DOCUMENT_TYPES = VERKAUF_BELEGARTEN;
/** The status filter offers these (BEL-026). */
export const DOCUMENT_STATUSES = BELEGSTATUS;
/** The default pick-list filter (BEL-036). */
export const DEFAULT_TYPES = STANDARD_BELEGARTEN;
export const DEFAULT_STATUSES = STANDARD_BELEGSTATUS;

/**
 * The transform menu of a descriptor: its targets (BEL-029) as belegart codes, with the partial flag, in its order;
 * a target the entry allows only from a booked document (`nurGebucht`: invoice → credit note) only when `gebucht`.
 */
export function transformMenuOf(
  d: Pick<Belegart, 'umwandlung'> | undefined,
  arten: Readonly<Record<string, Pick<Belegart, 'belegart'>>> = BELEGARTEN,
  gebucht = true,
): { value: string; partial: boolean }[] {
  return (d?.umwandlung ?? []).flatMap((u) => {
    const ziel = arten[u.nach];
    return ziel && (gebucht || !u.nurGebucht) ? [{ value: ziel.belegart, partial: u.teilweise }] : [];
  });
}
/** The transform menu of a document: its type's targets, as far as its booking allows. */
export const transformMenu = (belegart: string, doc?: { gebuchtAm: string | null }) =>
  transformMenuOf(belegartVon(belegart), BELEGARTEN, doc ? !!doc.gebuchtAm : true);
export const transformTargets = (belegart: string, doc?: { gebuchtAm: string | null }) => transformMenu(belegart, doc).map((m) => m.value);
/** The types a user creates directly on the new-document screen (BEL-033: every customer-side category). */
export const NEW_DOCUMENT_TYPES = NEU_BELEGARTEN;
/** How the type is cancelled (its descriptor): by a cancellation document, in place, or not at all. */
export const cancelKind = (belegart: string) => belegartVon(belegart)?.storno.art ?? 'direkt';

type DocState = { belegstatus: number; storniertAm: string | null; gebuchtAm: string | null };
/** The status table allows the action in the document's state (rights are checked apart: `mayChange`). */
export const allows = (action: BelegAktion, doc: DocState) => zustandErlaubt(action, doc);
/** The right an action needs (the status table's). */
export const rightOf = (action: BelegAktion) => BELEG_AKTIONEN[action].recht;
/** A document is editable only in the states the status table allows `aendern` (BEL-027: status 1 or 2). */
export const isEditableStatus = (belegstatus: number) => (BELEG_AKTIONEN.aendern.zustaende as readonly (number | string)[]).includes(belegstatus);
/** The type's descriptor allows a signature. */
export const signable = (belegart: string) => !!belegartVon(belegart)?.unterschreibbar;
/** The type of a document is an offer whose booking asks for a deal (BEL-030/031). */
export const asksForDeal = (belegart: string) => !!belegartVon(belegart)?.effekte.dealFrage;

const S = BELEGSTATUS_WERTE;
const STATUS_COLORS: Record<number, string> = {
  [S.gespeichert]: 'blue',
  [S.gedruckt]: 'cyan',
  [S.gebucht]: 'green',
  [S.teilweiseUebernommen]: 'yellow',
  [S.uebernommen]: 'gray',
  [S.erledigt]: 'gray',
  [S.uebernommenNichtGebucht]: 'orange',
  [S.zusammengefasst]: 'gray',
};
export const statusColor = (s: number) => STATUS_COLORS[s] ?? 'gray';

const sprache = (lng: string | undefined): Sprache => {
  const l = (lng ?? 'de').slice(0, 2);
  return l === 'en' || l === 'fr' ? l : 'de';
};

/** The name of a type code in a language, from its descriptor; null for an unknown code. */
export const typeName = (belegart: string, lng?: string) => belegartVon(belegart)?.name[sprache(lng)] ?? null;

/** Translated labels of document types (from the descriptors) and statuses. */
export function useDocumentLabels() {
  const { t, i18n } = useTranslation('saleDocuments');
  const statuses: Record<string, string> = t('status', { returnObjects: true });
  const statusesLong: Record<string, string> = t('statusLong', { returnObjects: true });
  const type = (belegart: string | null | undefined) => {
    if (!belegart) return '';
    // by the full code (0100) or its type (01…), else the code itself
    return typeName(belegart, i18n.language) ?? t('type.unknown', { code: belegart });
  };
  const status = (s: number | null | undefined, long = false) =>
    s === null || s === undefined ? '' : ((long ? statusesLong : statuses)[String(s)] ?? t('status.unknown', { code: s }));
  /** "Angebot AN2026-00001" */
  const doc = (d: { belegart: string; belegnummer: string } | undefined) => (d ? `${type(d.belegart)} ${d.belegnummer}` : '');
  return { type, status, doc };
}

/** A booked sales invoice or credit note: it has an e-invoice (XRechnung, ZUGFeRD; the contract's rule). */
export const hasEInvoice = (d: { belegart: string; gebuchtAm: string | null }) => !!d.gebuchtAm && istERechnungsBelegart(d.belegart);
