import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/app/auth/session';
import { moveLine } from '@/components/line-list/line-ops';
import { TOAST } from '@/lib/api/error-handler';
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

/** An entry the list cannot send: said at once, and the line stays open (the error is not reported again). */
function refused(message: string): Error {
  notifications.show({ color: 'red', message, autoClose: TOAST.info });
  const e = new Error(message);
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

  const checkDraft = (d: PositionDraft) => {
    if (!d.artikelnummer) throw refused(t('positions.articleRequired'));
    const m = num(d.menge);
    if (m === null || m <= 0) throw refused(t('positions.quantityRequired'));
    return m;
  };
  const totals: PositionTotals | undefined = doc;

  const add = (d: PositionDraft) =>
    failure.guard(() =>
      addPosition(docId, {
        artikelnummer: d.artikelnummer ?? undefined,
        menge: checkDraft(d),
        ...(num(d.einzelpreis) !== null ? { einzelpreis: num(d.einzelpreis) as number } : {}),
        ...(num(d.rabatt1) !== null ? { rabatt1: num(d.rabatt1) as number } : {}),
        ...(d.lagId !== null ? { lagId: d.lagId } : {}),
      }),
    );
  const change = (line: Position, d: PositionDraft) => {
    if (line.positionsArt === 'T') {
      if (!d.bezeichnung.trim()) return Promise.reject(refused(t('textPosition.headingRequired')));
      return failure.guard(() => changePosition(docId, line.id, { bezeichnung: d.bezeichnung.trim(), beschreibung: d.beschreibung?.trim() || null }));
    }
    const m = checkDraft(d);
    const data: Record<string, unknown> = {};
    if (d.artikelnummer !== line.artikelnummer) data.artikelnummer = d.artikelnummer;
    if (m !== line.menge) data.menge = m;
    if (num(d.einzelpreis) !== null && num(d.einzelpreis) !== line.einzelpreis) data.einzelpreis = num(d.einzelpreis);
    if ((num(d.rabatt1) ?? 0) !== (line.rabatt1 ?? 0)) data.rabatt1 = num(d.rabatt1) ?? 0;
    if (d.lagId !== line.lagId) data.lagId = d.lagId;
    return failure.guard(() => changePosition(docId, line.id, data));
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

  return { docId: id, doc, positions, canEdit, showEk, totals, textDialog, setTextDialog, failure, add, change, move, remove, addText };
}
