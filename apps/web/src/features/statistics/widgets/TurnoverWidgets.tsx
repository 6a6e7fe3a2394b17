import { Badge, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '@/components/turnover/ChartPanel';
import { useFiscalYearStart } from '@/components/turnover/fiscal-year';
import { TurnoverCard as Card } from '@/components/turnover/TurnoverCard';
import { monthSeries, quarterSeries, yearComparison } from '@/components/turnover/turnover';
import { formatCurrency, formatPercent } from '@/lib/format';
import { useCompanyTurnover, useHiddenGroups, useProductGroupTurnover } from '../api';

const monthLabel = (m: number) =>
  dayjs()
    .month(m - 1)
    .format('MMM');

function TurnoverCard(props: Omit<ComponentProps<typeof Card>, 'totalLabel' | 'emptyText'>) {
  const { t } = useTranslation('statistics');
  return <Card {...props} totalLabel={t('total')} emptyText={t('noTurnover')} />;
}

const Loading = ({ h = 300 }: { h?: number }) => <Skeleton h={h} radius="md" />;

/** The current fiscal year's months (from the fiscal-year start, STAT-005/006) and its title (2026 or 2026/27). */
function useFiscalMonths() {
  const turnover = useCompanyTurnover();
  const start = useFiscalYearStart();
  const now = dayjs();
  const months = monthSeries(turnover.data ?? [], { year: now.year(), month: now.month() + 1 }, start);
  const first = months[0]?.jahr ?? now.year();
  const last = months[11]?.jahr ?? now.year();
  return { turnover, start, months, title: first === last ? String(first) : `${first}/${String(last).slice(2)}` };
}

/** STAT-004: the current calendar year against the previous one, month by month, with both totals and the change. */
export function TurnoverComparisonWidget() {
  const { t } = useTranslation('statistics');
  const turnover = useCompanyTurnover();
  if (!turnover.data) return <Loading />;
  const year = dayjs().year();
  const cmp = yearComparison(turnover.data, year);
  return (
    <TurnoverCard
      testId="stat-comparison"
      title={t('widget.comparison', { year, previous: year - 1 })}
      total={cmp.current}
      empty={cmp.months.every((m) => !m.current && !m.previous)}
      extra={
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {year - 1}: {formatCurrency(cmp.previous)}
          </Text>
          {cmp.change !== null && (
            <Badge color={cmp.change >= 0 ? 'teal' : 'red'} variant="light">
              {cmp.change >= 0 ? '+' : ''}
              {formatPercent(cmp.change)}
            </Badge>
          )}
        </Group>
      }
    >
      <ChartPanel
        title={t('widget.comparison', { year, previous: year - 1 })}
        kind="line"
        h={220}
        xLabel={t('month')}
        labels={cmp.months.map((m) => monthLabel(m.monat))}
        series={[
          { label: String(year), color: 'blue.6', values: cmp.months.map((m) => m.current) },
          { label: String(year - 1), color: 'gray.5', values: cmp.months.map((m) => m.previous) },
        ]}
        valueFormatter={formatCurrency}
        data-testid="stat-comparison-chart"
      />
    </TurnoverCard>
  );
}

/** STAT-003: the current year's turnover as figures, by month (fiscal months) or by quarter (calendar quarters). */
export function CurrentYearWidget() {
  const { t } = useTranslation('statistics');
  const [view, setView] = useState<'months' | 'quarters'>('months');
  const { turnover, start, months, title } = useFiscalMonths();
  if (!turnover.data) return <Loading h={260} />;
  const year = dayjs().year();
  const quarters = quarterSeries(turnover.data, year);
  const rows =
    view === 'months'
      ? months.map((m) => ({ key: `${m.jahr}-${m.monat}`, label: `${monthLabel(m.monat)} ${m.jahr}`, summe: m.summe }))
      : quarters.map((q) => ({ key: `q${q.quarter}`, label: `${t('quarter', { n: q.quarter })} ${year}`, summe: q.summe }));
  return (
    <TurnoverCard
      testId="stat-current-year"
      title={t('widget.currentYear', { year: view === 'months' ? title : year })}
      total={rows.reduce((s, r) => s + r.summe, 0)}
      extra={
        start !== 1 &&
        view === 'months' && (
          <Badge variant="light" size="sm">
            {t('fiscalStart', {
              month: dayjs()
                .month(start - 1)
                .format('MMMM'),
            })}
          </Badge>
        )
      }
    >
      <Stack gap="xs">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v as 'months' | 'quarters')}
          data={[
            { value: 'months', label: t('monthly') },
            { value: 'quarters', label: t('quarterly') },
          ]}
          aria-label={t('periodView')}
          data-testid="stat-current-year-view"
        />
        <SimpleGrid cols={{ base: 2, xs: view === 'months' ? 3 : 4 }} spacing="xs" verticalSpacing={6}>
          {rows.map((r) => (
            <Stack key={r.key} gap={0} data-testid="stat-period">
              <Text size="xs" c="dimmed" fw={600}>
                {r.label}
              </Text>
              <Text size="sm" fw={600}>
                {formatCurrency(r.summe)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </TurnoverCard>
  );
}

/** STAT-002: the turnover bar chart of the fiscal year's twelve months. */
export function TurnoverChartWidget() {
  const { t } = useTranslation('statistics');
  const { turnover, months, title } = useFiscalMonths();
  if (!turnover.data) return <Loading />;
  return (
    <TurnoverCard
      testId="stat-chart"
      title={t('widget.chart', { year: title })}
      total={months.reduce((s, m) => s + m.summe, 0)}
      empty={months.every((m) => !m.summe)}
    >
      <ChartPanel
        title={t('widget.chart', { year: title })}
        kind="bar"
        h={220}
        xLabel={t('month')}
        labels={months.map((m) => monthLabel(m.monat))}
        series={[{ label: t('total'), color: 'blue.6', values: months.map((m) => m.summe) }]}
        valueFormatter={formatCurrency}
        data-testid="stat-chart-months"
      />
    </TurnoverCard>
  );
}

const GROUP_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'red.6', 'lime.7', 'indigo.6', 'pink.6', 'yellow.7', 'green.7', 'violet.6'];

/** STAT-008/009: the fiscal year's turnover by product group, one series per group; legend clicks hide groups, kept per user. */
export function ProductGroupWidget() {
  const { t } = useTranslation('statistics');
  const groups = useProductGroupTurnover();
  const { months, title } = useFiscalMonths();
  const { hidden, isLoading, save } = useHiddenGroups();
  if (!groups.data || isLoading) return <Loading />;
  const name = (g: string | null) => g ?? t('noGroup');
  const names = [...new Set(groups.data.map((r) => name(r.warengruppe)))].sort((a, b) => a.localeCompare(b, 'de'));
  const series = names.map((n, i) => ({
    label: n,
    color: GROUP_COLORS[i % GROUP_COLORS.length] as string,
    values: months.map((m) =>
      groups.data.filter((r) => name(r.warengruppe) === n && r.jahr === m.jahr && r.monat === m.monat).reduce((s, r) => s + r.summe, 0),
    ),
  }));
  const toggle = (label: string, shown: boolean) => {
    const next = shown ? hidden.filter((h) => h !== label) : [...new Set([...hidden, label])];
    if (next.length !== hidden.length || next.some((h, i) => h !== hidden[i])) save(next);
  };
  return (
    <TurnoverCard
      testId="stat-groups"
      title={t('widget.groups', { year: title })}
      total={groups.data.reduce((s, r) => s + r.summe, 0)}
      empty={groups.data.length === 0}
    >
      <Text size="xs" c="dimmed" mb="xs">
        {t('groupsHint')}
      </Text>
      <ChartPanel
        title={t('widget.groups', { year: title })}
        kind="bar"
        h={260}
        xLabel={t('month')}
        labels={months.map((m) => monthLabel(m.monat))}
        series={series}
        hidden={hidden}
        onSeriesToggle={toggle}
        valueFormatter={formatCurrency}
        data-testid="stat-groups-chart"
      />
    </TurnoverCard>
  );
}
