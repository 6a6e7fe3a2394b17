import type { offenerPostenListe } from '@vario/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { textBadgeCell } from '@/components/data-grid/cells';
import type { ColDef } from '@/components/data-grid/columns';
import { formatCurrency, formatDate } from '@/lib/format';
import { levelColor } from '../level';
import { isOverdue } from './list-filter';

export type Row = z.infer<typeof offenerPostenListe>;
const money = { type: 'rightAligned', minWidth: 125, maxWidth: 170 } as const;
const PHONE_COLUMNS = ['rechnungsnummer', 'name1', 'offenerBetrag', 'mahnstufe', 'abgeschlossen'];

/** The columns of the open-item list (a phone shows five of them); overdue amounts and dates in red. */
export function useOpenItemColumns(phone: boolean, today: string): ColDef<Row>[] {
  const { t } = useTranslation('openItems');
  return useMemo<ColDef<Row>[]>(
    () =>
      (
        [
          { field: 'nummer', headerName: t('f.nummer'), type: 'rightAligned', minWidth: 90, maxWidth: 120 },
          { field: 'rechnungsnummer', headerName: t('f.rechnungsnummer'), minWidth: 140, maxWidth: 190 },
          {
            field: 'name1',
            headerName: t('f.kunde'),
            minWidth: 200,
            flex: 2,
            cellRenderer: textBadgeCell<Row>(
              (r) => r.name1,
              (r) =>
                r.strittig
                  ? { label: t('flags.disputed'), color: 'orange' }
                  : r.gesperrt
                    ? { label: t('flags.blocked'), color: 'red' }
                    : r.nichtMahnen
                      ? { label: t('flags.unadmonished'), color: 'gray' }
                      : null,
            ),
          },
          { field: 'kundennummer', headerName: t('f.kundennummer'), type: 'rightAligned', minWidth: 100, maxWidth: 130, hide: true },
          {
            field: 'rechnungsdatum',
            headerName: t('col.rechnungsdatum'),
            headerTooltip: t('f.rechnungsdatum'),
            minWidth: 110,
            maxWidth: 140,
            valueFormatter: (p) => formatDate(p.value),
          },
          {
            field: 'nettoFaellig',
            headerName: t('f.nettoFaellig'),
            minWidth: 115,
            maxWidth: 150,
            valueFormatter: (p) => formatDate(p.value),
            cellStyle: (p) => (p.data && isOverdue(p.data, today) ? { color: 'var(--mantine-color-red-text)', fontWeight: 600 } : null),
          },
          {
            field: 'rechnungsBetrag',
            headerName: t('col.rechnungsBetrag'),
            headerTooltip: t('f.rechnungsBetrag'),
            ...money,
            valueFormatter: (p) => formatCurrency(p.value),
          },
          {
            field: 'offenerBetrag',
            headerName: t('col.offenerBetrag'),
            headerTooltip: t('f.offenerBetrag'),
            ...money,
            valueFormatter: (p) => formatCurrency(p.value),
            cellStyle: (p) => (p.data && isOverdue(p.data, today) ? { color: 'var(--mantine-color-red-text)', fontWeight: 600 } : null),
          },
          { field: 'bisherGezahlt', headerName: t('f.bisherGezahlt'), ...money, hide: true, valueFormatter: (p) => formatCurrency(p.value) },
          {
            field: 'mahnstufe',
            headerName: t('f.mahnstufe'),
            minWidth: 100,
            maxWidth: 130,
            cellRenderer: textBadgeCell<Row>(
              () => null,
              (r) => ({ label: t('levelShort', { n: r.mahnstufe }), color: levelColor(r.mahnstufe) }),
            ),
          },
          { field: 'letzteMahnung', headerName: t('f.letzteMahnung'), minWidth: 120, maxWidth: 150, hide: true, valueFormatter: (p) => formatDate(p.value) },
          { field: 'zahlungsart', headerName: t('f.zahlungsart'), minWidth: 140, hide: true },
          { field: 'ort', headerName: t('f.ort'), minWidth: 110, hide: true },
          {
            field: 'abgeschlossen',
            headerName: t('col.abgeschlossen'),
            headerTooltip: t('f.abgeschlossen'),
            minWidth: 110,
            maxWidth: 140,
            cellRenderer: textBadgeCell<Row>(
              () => null,
              (r) =>
                r.abgeschlossen
                  ? { label: t('state.completed'), color: 'green' }
                  : isOverdue(r, today)
                    ? { label: t('overdue'), color: 'red' }
                    : { label: t('state.open'), color: 'blue' },
            ),
          },
        ] as ColDef<Row>[]
      ).map((c) => (phone && !PHONE_COLUMNS.includes(c.field as string) ? { ...c, hide: true } : c)),
    [t, phone, today],
  );
}
