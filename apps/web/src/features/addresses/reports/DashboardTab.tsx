import { Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/turnover/ChartPanel';
import { useFiscalYearStart } from '@/components/turnover/fiscal-year';
import { TurnoverCard as Card } from '@/components/turnover/TurnoverCard';
import { monthSeries, quarterSeries, yearComparison } from '@/components/turnover/turnover';
import { formatCurrency, formatPercent } from '@/lib/format';
import { useTurnover } from '../api-reports';
import { useAddressFromRoute } from '../use-address-id';

/** The address's card: the shared turnover card with this area's captions. */
function TurnoverCard(props: Omit<ComponentProps<typeof Card>, 'totalLabel' | 'emptyText'>) {
  const { t } = useTranslation('addresses');
  return <Card {...props} totalLabel={t('dashboard.total')} emptyText={t('dashboard.noTurnover')} />;
}

const monthLabel = (m: number) =>
  dayjs()
    .month(m - 1)
    .format('MMM');

/** The three turnover cards (ADR-019..022): fiscal months, calendar quarters, comparison with the previous year. */
export function DashboardTab() {
  const { t } = useTranslation('addresses');
  const { id } = useAddressFromRoute();
  const turnover = useTurnover(id ?? 0);
  const start = useFiscalYearStart();
  const now = dayjs();
  const year = now.year();
  if (turnover.isLoading || !turnover.data) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={320} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const rows = turnover.data;
  const months = monthSeries(rows, { year, month: now.month() + 1 }, start);
  const quarters = quarterSeries(rows, year);
  const cmp = yearComparison(rows, year);
  const firstYear = months[0]?.jahr ?? year;
  const lastYear = months[11]?.jahr ?? year;
  const fiscalTitle = firstYear === lastYear ? String(firstYear) : `${firstYear}/${String(lastYear).slice(2)}`;
  const valueFormatter = (v: number) => formatCurrency(v);

  return (
    <Stack gap="md" data-testid="address-dashboard">
      <Text size="xs" c="dimmed">
        {t('dashboard.net')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TurnoverCard
          title={t('dashboard.byMonth', { year: fiscalTitle })}
          total={months.reduce((s, m) => s + m.summe, 0)}
          empty={months.every((m) => !m.summe)}
          extra={
            start !== 1 && (
              <Badge variant="light" size="sm">
                {t('dashboard.fiscalStart', {
                  month: dayjs()
                    .month(start - 1)
                    .format('MMMM'),
                })}
              </Badge>
            )
          }
        >
          <Chart
            kind="bar"
            h={220}
            xLabel={t('dashboard.month')}
            labels={months.map((m) => monthLabel(m.monat))}
            series={[{ label: t('dashboard.total'), color: 'blue.6', values: months.map((m) => m.summe) }]}
            valueFormatter={valueFormatter}
            data-testid="turnover-months"
          />
        </TurnoverCard>
        <TurnoverCard title={t('dashboard.byQuarter', { year })} total={quarters.reduce((s, q) => s + q.summe, 0)} empty={quarters.every((q) => !q.summe)}>
          {/* two per row on a phone: four amounts side by side ran into each other at 390 px */}
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mb="sm">
            {quarters.map((q) => (
              <Stack key={q.quarter} gap={0} data-testid="turnover-quarter">
                <Text size="xs" c="dimmed" fw={600}>
                  {t('dashboard.quarter', { n: q.quarter })}
                </Text>
                <Text size="sm" fw={600}>
                  {formatCurrency(q.summe)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Chart
            kind="bar"
            h={150}
            xLabel={t('dashboard.quarterAxis')}
            labels={quarters.map((q) => t('dashboard.quarter', { n: q.quarter }))}
            series={[{ label: t('dashboard.total'), color: 'teal.6', values: quarters.map((q) => q.summe) }]}
            valueFormatter={valueFormatter}
          />
        </TurnoverCard>
      </SimpleGrid>
      <TurnoverCard
        title={t('dashboard.comparison', { year, previous: year - 1 })}
        total={cmp.current}
        empty={cmp.months.every((m) => !m.current && !m.previous)}
        extra={
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {year - 1}: {formatCurrency(cmp.previous)}
            </Text>
            {cmp.change !== null && (
              <Badge color={cmp.change >= 0 ? 'teal' : 'red'} variant="light" data-testid="turnover-change">
                {cmp.change >= 0 ? '+' : ''}
                {formatPercent(cmp.change)}
              </Badge>
            )}
          </Group>
        }
      >
        {/* months are separate values: straight segments, no smoothed curve that invents values between them */}
        <Chart
          kind="line"
          h={240}
          xLabel={t('dashboard.month')}
          labels={cmp.months.map((m) => monthLabel(m.monat))}
          series={[
            { label: String(year), color: 'blue.6', values: cmp.months.map((m) => m.current) },
            { label: String(year - 1), color: 'gray.5', values: cmp.months.map((m) => m.previous) },
          ]}
          valueFormatter={valueFormatter}
          data-testid="turnover-comparison"
        />
      </TurnoverCard>
    </Stack>
  );
}
