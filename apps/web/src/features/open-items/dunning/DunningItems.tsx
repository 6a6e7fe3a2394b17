import { Badge, Group, Table, Text } from '@mantine/core';
import type { mahnAdresse } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatCurrency, formatDate } from '@/lib/format';
import { levelColor } from '../level';

export type DunningAddress = z.output<typeof mahnAdresse>;

/** The items of one address in a dunning run (preview or result): invoice, dates, open amount, level before → after. */
export function DunningItems({ address }: { address: DunningAddress }) {
  const { t } = useTranslation('openItems');
  return (
    <Table.ScrollContainer minWidth={340} type="native">
      <Table verticalSpacing={4} fz="sm" data-testid="dunning-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('f.rechnungsnummer')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('f.rechnungsdatum')}</Table.Th>
            <Table.Th>{t('f.nettoFaellig')}</Table.Th>
            <Table.Th ta="right">{t('f.offenerBetrag')}</Table.Th>
            <Table.Th ta="right">{t('f.mahnstufe')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {address.posten.map((p) => (
            <Table.Tr key={p.offenerPostenId} data-testid="dunning-item">
              <Table.Td>{p.rechnungsnummer}</Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(p.rechnungsdatum)}</Table.Td>
              <Table.Td>{formatDate(p.nettoFaellig)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(p.offenerBetrag)}</Table.Td>
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {p.stufeVorher} →
                  </Text>
                  <Badge size="sm" color={levelColor(p.stufe)} variant="light" data-testid="dunning-item-level">
                    {p.stufe}
                  </Badge>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
