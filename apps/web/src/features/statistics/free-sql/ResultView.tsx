import { Alert, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { FREIESQL_EXPORT_ZEILEN, type FreieSqlDaten } from '@vario/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDecimal } from '@/lib/format';

type Block = FreieSqlDaten['daten'][number];

/** The uPlot chart of the address reports, loaded only when the chart is shown. */
const TurnoverChart = lazy(() => import('@/components/turnover/TurnoverChart').then((m) => ({ default: m.TurnoverChart })));

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cell in the user's language: numbers 1.234,56, ISO days 31.12.2026, yes/no; text as it is. */
function useCell() {
  const { t } = useTranslation();
  return (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return Number.isInteger(v) ? String(v) : formatDecimal(v);
    if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
    const s = String(v);
    return ISO_DAY.test(s) ? formatDate(s) : s;
  };
}

const asNumber = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : null);

/**
 * The rows of a run: a table (the default and the chart's text alternative) or a bar chart of the first two columns
 * (labels from the first, values from the second); the "first rows only" notice when the report has more.
 */
export function ResultView({ block, name }: { block: Block; name: string }) {
  const { t } = useTranslation('freeSql');
  const cell = useCell();
  const [view, setView] = useState<'table' | 'chart'>('table');
  const cols = block.spalten.map((s) => s.name);
  const rows = block.datensaetze;
  const values = cols.length >= 2 ? rows.map((r) => asNumber(r[cols[1] as string])) : [];
  const chartable = values.length > 0 && values.every((v) => v !== null);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="free-sql-count">
          {t('result.rows', { count: rows.length, ms: block.dauerMs })}
        </Text>
        <SegmentedControl
          aria-label={t('result.view')}
          value={view}
          onChange={(v) => setView(v as 'table' | 'chart')}
          data={[
            { value: 'table', label: t('result.table') },
            { value: 'chart', label: t('result.chart') },
          ]}
        />
      </Group>
      {block.truncated && (
        <Alert color="yellow" data-testid="free-sql-truncated">
          {t('result.truncated', { count: rows.length, max: FREIESQL_EXPORT_ZEILEN.toLocaleString() })}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Text data-testid="free-sql-empty">{t('result.empty')}</Text>
      ) : view === 'chart' ? (
        chartable ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('result.chartHint')}
            </Text>
            <Suspense fallback={null}>
              <TurnoverChart
                kind="bar"
                labels={rows.map((r) => cell(r[cols[0] as string]))}
                xLabel={cols[0] as string}
                series={[{ label: cols[1] as string, color: 'blue.6', values: values as number[] }]}
                h={320}
                valueFormatter={(v) => formatDecimal(v)}
                data-testid="free-sql-chart"
              />
            </Suspense>
          </Stack>
        ) : (
          <Text>{t('result.chartNeedsNumbers')}</Text>
        )
      ) : (
        <ScrollArea.Autosize mah="65vh" type="auto">
          <Table striped highlightOnHover withTableBorder stickyHeader data-testid="free-sql-table">
            <Table.Caption>{t('result.caption', { name })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {cols.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r, i) => (
                // rows of a report have no key of their own; their order is the report's
                <Table.Tr key={i}>
                  {cols.map((c) => {
                    const v = r[c];
                    return (
                      <Table.Td key={c} style={typeof v === 'number' ? { textAlign: 'right' } : undefined}>
                        {cell(v)}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
