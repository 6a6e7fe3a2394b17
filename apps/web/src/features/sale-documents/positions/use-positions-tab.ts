import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { moveLine } from '@/components/line-list/line-ops';
import { notifyInvalid } from '@/lib/api/error-handler';
import { isApiError } from '@/lib/api/errors';
import { clearValidationNotice } from '@/lib/api/notices';
import { hasRight } from '@/lib/rights';
import { type ArticleChoice, addPosition, changePosition, deletePosition, type Position, reorderPositions, type SaleDocument, usePositions } from '../api';
import { mayChange } from '../detail/SaleDocumentRecordPage';
import { isEditableStatus } from '../labels';
import { useDocumentFromRoute } from '../use-document';
import { usePositionFailure } from './use-position-failure';

/** A line being added or changed: an article line (article, quantity, price, discount) or a text line (title, description). */
export interface PositionDraft {
  kind: 'A' | 'T';
  artikelnummer: string | null;
  menge: number | string | null;
  einzelpreis: number | string | null;
  rabatt1: number | string | null;
  bezeichnung: string;
  beschreibung: string | null;
  /** The warehouse the line ships from; null on a new line: the server chooses (the user's default, else where the article is). */
  lagId: number | null;
  /** The picked article as the picker showed it (price, stock per warehouse); not sent. */
  artikel: ArticleChoice | null;
}

export const emptyDraft = (): PositionDraft => ({
  kind: 'A',
  artikelnummer: null,
  menge: 1,
  einzelpreis: null,
  rabatt1: null,
  bezeichnung: '',
  beschreibung: null,
  lagId: null,
  artikel: null,
});
export const toDraft = (p: Position): PositionDraft => ({
  kind: p.positionsArt,
  artikelnummer: p.artikelnummer,
  menge: p.menge,
  einzelpreis: p.einzelpreis,
  rabatt1: p.rabatt1,
  bezeichnung: p.bezeichnung,
  beschreibung: p.beschreibung,
  lagId: p.lagId,
  artikel: null,
});
const num = (v: number | string | null) => (typeof v === 'number' ? v : null);

/** The inputs of a draft that can carry a field error (the API's field names). */
export type DraftField = 'artikelnummer' | 'menge' | 'einzelpreis' | 'rabatt1' | 'bezeichnung' | 'beschreibung';
export type DraftErrors = Partial<Record<DraftField, string>>;
const DRAFT_FIELDS: readonly string[] = ['artikelnummer', 'menge', 'einzelpreis', 'rabatt1', 'bezeichnung', 'beschreibung'];

/** Entries the list cannot send: marked on their fields, said in the one validation notice; the line stays open. */
function refused(errors: DraftErrors): Error {
  notifyInvalid({ fieldErrors: errors as Record<string, string> });
  const e = new Error(Object.values(errors).join(' '));
  e.name = 'AbortError';
  return e;
}

/** The head whose totals are shown below the lines (the server's). */
export type PositionTotals = SaleDocument;

/**
 * The data of the positions tab: the document and its lines, whether the user may change them (the status table and
 * the rights), and the writes of the line list — each through the failure guard, each answering the server's totals.
 */
export function usePositionsTab() {
  const { t } = useTranslation('saleDocuments');
  const { id, doc } = useDocumentFromRoute();
  const me = useMe().data;
  const positions = usePositions(id);
  const [textDialog, setTextDialog] = useState(false);
  const failure = usePositionFailure();
  const canEdit = !!doc && isEditableStatus(doc.belegstatus) && mayChange(me, doc);
  const showEk = hasRight(me, 'ART_EK');
  const docId = id as number;
  const [errors, setErrorsState] = useState<DraftErrors>({});
  const setErrors = (next: DraftErrors) => {
    setErrorsState(next);
    // the last corrected field takes the validation notice with it (issue 20 item 5)
    if (Object.keys(next).length === 0) clearValidationNotice();
  };
  /** A change of the draft clears the errors of the fields it changed. */
  const edited = (before: PositionDraft, after: PositionDraft) => {
    const left = Object.fromEntries(Object.entries(errors).filter(([k]) => before[k as DraftField] === after[k as DraftField])) as DraftErrors;
    if (Object.keys(left).length !== Object.keys(errors).length) setErrors(left);
  };

  const checkDraft = (d: PositionDraft) => {
    const found: DraftErrors = {};
    const notANumber = t('errors.notANumber');
    if (!d.artikelnummer) found.artikelnummer = t('positions.articleRequired');
    const m = num(d.menge);
    if (typeof d.menge === 'string') found.menge = notANumber;
    else if (m === null || m <= 0) found.menge = t('positions.quantityRequired');
    if (typeof d.einzelpreis === 'string') found.einzelpreis = notANumber;
    if (typeof d.rabatt1 === 'string') found.rabatt1 = notANumber;
    if (Object.keys(found).length > 0) {
      setErrorsState(found);
      throw refused(found);
    }
    return m as number;
  };
  /** A write of the line: the server's field errors are marked on the editor's fields (the notice names them too). */
  const written = async <R>(write: () => Promise<R>): Promise<R> => {
    try {
      const r = await failure.guard(write);
      setErrorsState({});
      return r;
    } catch (e) {
      if (isApiError(e) && e.status === 400) {
        const onLine = Object.entries(e.fieldErrors).filter(([f]) => DRAFT_FIELDS.includes(f));
        setErrorsState(Object.fromEntries(onLine.map(([f, m]) => [f, m.join(' ')])));
      }
      throw e;
    }
  };
  const totals: PositionTotals | undefined = doc;

  const add = (d: PositionDraft) => {
    const menge = checkDraft(d);
    return written(() =>
      addPosition(docId, {
        artikelnummer: d.artikelnummer ?? undefined,
        menge,
        ...(num(d.einzelpreis) !== null ? { einzelpreis: num(d.einzelpreis) as number } : {}),
        ...(num(d.rabatt1) !== null ? { rabatt1: num(d.rabatt1) as number } : {}),
        ...(d.lagId !== null ? { lagId: d.lagId } : {}),
      }),
    );
  };
  const change = (line: Position, d: PositionDraft) => {
    if (line.positionsArt === 'T') {
      if (!d.bezeichnung.trim()) {
        const found = { bezeichnung: t('textPosition.headingRequired') };
        setErrorsState(found);
        return Promise.reject(refused(found));
      }
      return written(() => changePosition(docId, line.id, { bezeichnung: d.bezeichnung.trim(), beschreibung: d.beschreibung?.trim() || null }));
    }
    const m = checkDraft(d);
    const data: Record<string, unknown> = {};
    if (d.artikelnummer !== line.artikelnummer) data.artikelnummer = d.artikelnummer;
    if (m !== line.menge) data.menge = m;
    if (num(d.einzelpreis) !== null && num(d.einzelpreis) !== line.einzelpreis) data.einzelpreis = num(d.einzelpreis);
    if ((num(d.rabatt1) ?? 0) !== (line.rabatt1 ?? 0)) data.rabatt1 = num(d.rabatt1) ?? 0;
    if (d.lagId !== line.lagId) data.lagId = d.lagId;
    return written(() => changePosition(docId, line.id, data));
  };
  const move = (line: Position, to: number, lines: readonly Position[]) => {
    const from = lines.indexOf(line);
    return failure.guard(() =>
      reorderPositions(
        docId,
        moveLine(lines, from, to).map((p) => p.id),
      ),
    );
  };
  const remove = (line: Position) => failure.guard(() => deletePosition(docId, line.id));
  const addText = (v: { bezeichnung: string; beschreibung: string | null }) =>
    failure.guard(() => addPosition(docId, { positionsArt: 'T', ...v })).then(() => positions.refetch());

  return {
    docId: id,
    doc,
    positions,
    canEdit,
    showEk,
    totals,
    textDialog,
    setTextDialog,
    failure,
    add,
    change,
    move,
    remove,
    addText,
    errors,
    setErrors,
    edited,
  };
}
