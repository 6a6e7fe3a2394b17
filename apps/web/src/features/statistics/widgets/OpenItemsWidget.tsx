import { Anchor, Badge, Card, Group, Skeleton, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { MAHNSTUFE_MAX } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import { useOpenItemSummary } from '@/features/open-items/api';
import { levelColor } from '@/features/open-items/level';
import { formatCurrency } from '@/lib/format';

type Summary = NonNullable<ReturnType<typeof useOpenItemSummary>['data']>;
const LEVELS = Array.from({ length: MAHNSTUFE_MAX + 1 }, (_, n) => n);

/** STAT-002: the open items by dunning level (the overview of /auswertungen/offenepostenuebersicht, OP-008). */
export function OpenItemsWidget() {
  const { t } = useTranslation('statistics');
  const summary = useOpenItemSummary();
  if (summary.isLoading) return <Skeleton h={300} radius="md" />;
  const s = summary.data as Summary | null | undefined;
  const anzahl = (n: number) => Number(s?.[`stufe${n}_Anzahl` as keyof Summary] ?? 0);
  const betrag = (n: number) => Number(s?.[`stufe${n}_Betrag` as keyof Summary] ?? 0);
  return (
    <Card withBorder radius="md" padding="md" data-testid="stat-open-items">
      <Group justify="space-between" mb="sm">
        <SectionTitle size="h5">{t('widget.openItems')}</SectionTitle>
        <Anchor component={Link} to="/openItems" size="sm">
          {t('showOpenItems')}
        </Anchor>
      </Group>
      {!s || s.gesamt_Anzahl === 0 ? (
        <Text size="sm" c="dimmed" py="md">
          {t('noOpenItems')}
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('levelName', { n: '' }).trim()}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('count')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEVELS.map((n) => (
              <Table.Tr key={n} data-testid={`stat-level-${n}`}>
                <Table.Th scope="row" fw={500}>
                  <Badge variant="light" color={levelColor(n)} size="sm" mr={6}>
                    {n}
                  </Badge>
                  {n === 0 ? t('levelNone') : t('levelName', { n })}
                </Table.Th>
                <Table.Td ta="right">{anzahl(n)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatCurrency(betrag(n))}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{t('openTotal')}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {s.gesamt_Anzahl}
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="stat-open-total">
                {formatCurrency(s.gesamt_Betrag)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
