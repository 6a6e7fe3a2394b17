import { Group, SegmentedControl, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TurnoverChartProps } from './TurnoverChart';

/** uPlot and its stylesheet load after the figures: totals show at once, the chart a moment later. */
const LazyTurnoverChart = lazy(() => import('./TurnoverChart').then((m) => ({ default: m.TurnoverChart })));

/** The chart alone (lazy), with a skeleton of its height while uPlot loads. */
export function Chart(props: TurnoverChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h} radius="sm" />}>
      <LazyTurnoverChart {...props} />
    </Suspense>
  );
}

/**
 * A chart with its text alternative: a switch between the chart and a table of the same figures (one row per x
 * value, one column per series; hidden series stay out of neither). `title` names the table for screen readers.
 */
export function ChartPanel({ title, ...props }: TurnoverChartProps & { title: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = useId();
  const testId = props['data-testid'];
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          data={[
            { value: 'chart', label: t('chart.chart') },
            { value: 'table', label: t('chart.table') },
          ]}
          aria-label={t('chart.view', { title })}
          data-testid={testId ? `${testId}-view` : undefined}
        />
      </Group>
      {view === 'chart' ? (
        <Chart {...props} />
      ) : (
        <Table.ScrollContainer minWidth={Math.min(480, 120 + props.series.length * 110)}>
          <Table striped withTableBorder fz="sm" aria-labelledby={id} data-testid={testId ? `${testId}-table` : undefined}>
            <VisuallyHidden component="caption" id={id}>
              {title}
            </VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{props.xLabel}</Table.Th>
                {props.series.map((s) => (
                  <Table.Th key={s.label} scope="col" ta="right">
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.labels.map((label, i) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  {props.series.map((s) => (
                    <Table.Td key={s.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {props.valueFormatter(s.values[i] ?? 0)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {props.series.length === 0 && (
            <Text size="sm" c="dimmed">
              –
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
