import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import type { historieZeile } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ColDef, ICellRendererParams } from '@/components/data-grid/columns';
import { DataGrid, SEARCH_DEBOUNCE_MS } from '@/components/data-grid/DataGrid';
import { DateTextInput, isIsoDate } from '@/components/form/DateTextInput';
import { dateIssue } from '@/components/form/input-fields';
import { useFieldLabel } from '@/i18n/field-label';
import { formatCurrency, formatDate, formatDecimal, formatPercent } from '@/lib/format';
import { DocumentNumber } from '../document-link';
import { useAddressFromRoute } from '../use-address-id';

type Zeile = z.infer<typeof historieZeile>;

/** Purchase history of the address: no paging (virtual scrolling), filters article number, description (300 ms), date from/to (ADR-076..080). */
export function HistoryTab() {
  const { t } = useTranslation(['addresses', 'fields']);
  const { id } = useAddressFromRoute();
  const [artikelnr, setArtikelnr] = useState('');
  const [bezeichnung, setBezeichnung] = useState('');
  const [von, setVon] = useState<string | null>(null);
  const [bis, setBis] = useState<string | null>(null);
  const [debArtikel] = useDebouncedValue(artikelnr, SEARCH_DEBOUNCE_MS);
  const [debBezeichnung] = useDebouncedValue(bezeichnung, SEARCH_DEBOUNCE_MS);
  const f = useFieldLabel();

  const columns = useMemo<ColDef<Zeile>[]>(
    () => [
      {
        field: 'belegnummer',
        headerName: f('belegnummer'),
        minWidth: 170,
        cellStyle: { display: 'flex', alignItems: 'center' },
        cellRenderer: (p: ICellRendererParams<Zeile>) => (p.data ? <DocumentNumber belegId={p.data.belegId} nummer={p.data.belegnummer} /> : null),
      },
      { field: 'belegdatum', headerName: f('belegdatum'), maxWidth: 140, valueFormatter: (p) => formatDate(p.value) },
      { field: 'artikelnummer', headerName: f('artikelnummer'), maxWidth: 160 },
      { field: 'bezeichnung', headerName: f('bezeichnung'), minWidth: 200, flex: 2 },
      {
        field: 'menge',
        headerName: f('menge'),
        type: 'rightAligned',
        maxWidth: 130,
        valueFormatter: (p) => `${formatDecimal(p.value)}${p.data?.mengeneinheit ? ` ${p.data.mengeneinheit}` : ''}`,
      },
      { field: 'einzelpreis', headerName: f('einzelpreis'), type: 'rightAligned', maxWidth: 150, valueFormatter: (p) => formatCurrency(p.value) },
      { field: 'rabatt', headerName: f('rabatt'), type: 'rightAligned', maxWidth: 120, valueFormatter: (p) => (p.value ? formatPercent(p.value) : '') },
      { field: 'gesamtpreis', headerName: f('gesamtpreis'), type: 'rightAligned', maxWidth: 160, valueFormatter: (p) => formatCurrency(p.value) },
    ],
    [t],
  );
  // a phone shows each line as a small card: document and date, then article, quantity and total (issue 9 item 9)
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const phoneColumns = useMemo<ColDef<Zeile>[]>(
    () => [
      {
        colId: 'line',
        headerName: `${f('belegnummer')} · ${f('artikelnummer')}`,
        flex: 1,
        cellRenderer: (p: ICellRendererParams<Zeile>) =>
          p.data ? (
            <Stack gap={0} py={4} lh={1.35} data-testid="history-card">
              <Group gap={6} wrap="nowrap" justify="space-between">
                <DocumentNumber belegId={p.data.belegId} nummer={p.data.belegnummer} />
                <Text size="xs" c="dimmed">
                  {formatDate(p.data.belegdatum)}
                </Text>
              </Group>
              <Text size="sm" truncate>
                {[p.data.artikelnummer, p.data.bezeichnung].filter(Boolean).join(' ')}
              </Text>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="xs" c="dimmed">
                  {formatDecimal(p.data.menge)}
                  {p.data.mengeneinheit ? ` ${p.data.mengeneinheit}` : ''} × {formatCurrency(p.data.einzelpreis)}
                </Text>
                <Text size="sm" fw={600}>
                  {formatCurrency(p.data.gesamtpreis)}
                </Text>
              </Group>
            </Stack>
          ) : null,
      },
    ],
    [t],
  );

  if (!id) return null;
  return (
    <DataGrid<Zeile>
      recordTab
      endpoint="historie"
      presetName="AddressHistory"
      columns={(phone ? phoneColumns : columns).map((c) => ({ ...c, sortable: false }))}
      rowHeight={phone ? 84 : undefined}
      params={{
        id,
        artikelnr: debArtikel.trim() || undefined,
        bezeichnung: debBezeichnung.trim() || undefined,
        // only a real date filters; typed text that is no date is marked at the field (issue 9 item 1)
        datumvon: isIsoDate(von) ? von : undefined,
        datumbis: isIsoDate(bis) ? bis : undefined,
      }}
      searchable={false}
      getRowId={(r) => r.rowKey}
      height="calc(100dvh - 360px)"
      filters={
        <>
          <TextInput
            label={t('history.articleNumber')}
            value={artikelnr}
            onChange={(e) => setArtikelnr(e.currentTarget.value)}
            w={{ base: '100%', xs: 160 }}
            data-testid="history-artikelnr"
          />
          <TextInput
            label={t('history.description')}
            value={bezeichnung}
            onChange={(e) => setBezeichnung(e.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
            data-testid="history-bezeichnung"
          />
          <DateTextInput
            label={t('form.dateFrom')}
            value={von}
            onChange={setVon}
            error={dateIssue(von)}
            w={{ base: '47%', xs: 150 }}
            data-testid="history-von"
          />
          <DateTextInput label={t('form.dateTo')} value={bis} onChange={setBis} error={dateIssue(bis)} w={{ base: '47%', xs: 150 }} data-testid="history-bis" />
        </>
      }
    />
  );
}
