import { Badge, Button, Checkbox, CloseButton, Group, NativeSelect, Paper, SegmentedControl, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBellRinging } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { offenerPostenListe } from '@vario/contract';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMe } from '@/app/auth/session';
import { textBadgeCell } from '@/components/data-grid/cells';
import { DataGrid, type DataGridHandle } from '@/components/data-grid/DataGrid';
import { confirmDialog } from '@/components/dialogs/confirm';
import { PageHeader } from '@/components/PageHeader';
import { handleApiError, TOAST } from '@/lib/api/error-handler';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { hasRight } from '@/lib/rights';
import { runDunning, useOpenItemSummary } from '../api';
import { levelColor } from '../level';
import { NoOpenItemRight } from '../NoOpenItemRight';
import { DUNNING_LEVELS, isOverdue, OPEN_ITEM_STATES, type OpenItemListSearch, type OpenItemState, openItemFilter, todayIso } from './list-filter';

type Row = z.infer<typeof offenerPostenListe>;
const money = { type: 'rightAligned', minWidth: 125, maxWidth: 170 } as const;
const PHONE_COLUMNS = ['rechnungsnummer', 'name1', 'offenerBetrag', 'mahnstufe', 'abgeschlossen'];

/** /openItems: the open items (OP-001), filters, quick search over invoice number and name, the summary by level and the dunning run. */
export function OpenItemListPage() {
  const me = useMe().data;
  if (me && !hasRight(me, 'BEK_SEHEN')) return <NoOpenItemRight />;
  return <OpenItemList />;
}

function OpenItemList() {
  const { t } = useTranslation('openItems');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as OpenItemListSearch;
  const me = useMe().data;
  const grid = useRef<DataGridHandle>(null);
  const [running, setRunning] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)', false) ?? false;
  const summary = useOpenItemSummary();
  const today = todayIso();
  const status: OpenItemState = search.status ?? 'open';

  const columns = useMemo<ColDef<Row>[]>(
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

  const setSearch = (next: OpenItemListSearch) => void navigate({ to: '/openItems', search: next, replace: true });
  const states = OPEN_ITEM_STATES.map((value) => ({ value, label: t(`state.${value}`) }));

  const dunning = async () => {
    if (!(await confirmDialog({ title: t('dunning.title'), message: t('dunning.confirm'), confirmLabel: t('dunning.start') }))) return;
    setRunning(true);
    try {
      const r = await runDunning();
      notifications.show({
        color: r.bereitsGelaufen ? 'blue' : 'teal',
        autoClose: r.bereitsGelaufen ? TOAST.info : TOAST.success,
        message: r.bereitsGelaufen
          ? t('dunning.already', { time: formatDateTime(r.gelaufenAm), user: r.benutzerName ?? '', count: r.erhoehtImLauf })
          : t('dunning.done', { count: r.erhoeht }),
      });
      grid.current?.refresh();
    } catch (e) {
      handleApiError(e);
    } finally {
      setRunning(false);
    }
  };

  const s = summary.data;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          hasRight(me, 'BEK_AENDERN') && (
            <Button leftSection={<IconBellRinging size={16} />} onClick={() => void dunning()} loading={running} data-testid="dunning-run">
              {t('dunning.title')}
            </Button>
          )
        }
      />
      {s && (
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" mb="md" data-testid="open-item-summary">
          {DUNNING_LEVELS.map((n) => {
            const active = search.stufe === n;
            const count = s[`stufe${n}_Anzahl` as keyof typeof s];
            const amount = s[`stufe${n}_Betrag` as keyof typeof s];
            return (
              <UnstyledButton
                key={n}
                onClick={() => setSearch({ ...search, stufe: active ? undefined : n, status: undefined })}
                aria-pressed={active}
                data-testid={`summary-level-${n}`}
              >
                <Paper withBorder p="xs" radius="md" style={active ? { borderColor: `var(--mantine-color-${levelColor(n)}-filled)` } : undefined}>
                  <Badge color={levelColor(n)} variant="light" size="sm">
                    {t('levelShort', { n })}
                  </Badge>
                  <Text size="sm" fw={600} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCurrency(amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('summary.count', { count })}
                  </Text>
                </Paper>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
      <DataGrid<Row>
        endpoint="offenePostenList"
        presetName="OpenItems"
        keepAlive
        handle={grid}
        columns={columns}
        defaultPreset={{ sortBy: 'nettoFaellig', descending: false }}
        filter={openItemFilter(search, today)}
        getRowId={(r) => String(r.id)}
        onRowClick={(r) => void navigate({ to: '/openItems/$id/masterdata', params: { id: String(r.id) } })}
        toolbar={
          <Group gap="sm" wrap="wrap">
            {search.adresseId && (
              <Badge
                variant="light"
                size="lg"
                rightSection={<CloseButton size="xs" aria-label={t('filter.removeAddress')} onClick={() => setSearch({ ...search, adresseId: undefined })} />}
                data-testid="filter-address"
              >
                {t('filter.address', { nr: search.adresseId })}
              </Badge>
            )}
            <Checkbox
              label={t('filter.overdue')}
              checked={!!search.overdue}
              onChange={(e) => setSearch({ ...search, overdue: e.currentTarget.checked || undefined })}
              data-testid="filter-overdue"
            />
            <Checkbox
              label={t('filter.disputed')}
              checked={!!search.strittig}
              onChange={(e) => setSearch({ ...search, strittig: e.currentTarget.checked || undefined })}
              data-testid="filter-disputed"
            />
            <NativeSelect
              size="xs"
              aria-label={t('f.mahnstufe')}
              value={search.stufe === undefined ? '' : String(search.stufe)}
              onChange={(e) => setSearch({ ...search, stufe: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })}
              data={[{ value: '', label: t('filter.allLevels') }, ...DUNNING_LEVELS.map((n) => ({ value: String(n), label: t('level', { n }) }))]}
              data-testid="filter-level"
            />
            {phone ? (
              <NativeSelect
                size="xs"
                aria-label={t('filter.status')}
                value={status}
                onChange={(e) => setSearch({ ...search, status: e.currentTarget.value as OpenItemState })}
                data={states}
                data-testid="filter-status-select"
              />
            ) : (
              <SegmentedControl
                size="xs"
                aria-label={t('filter.status')}
                value={status}
                onChange={(v) => setSearch({ ...search, status: v === 'open' ? undefined : (v as OpenItemState) })}
                data={states}
                data-testid="filter-status"
              />
            )}
          </Group>
        }
      />
    </>
  );
}
