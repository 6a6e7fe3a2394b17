import { Card, Center, Table, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import { useReferenceLabels } from '@/i18n/reference';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import { usePriceGroups, usePriceScale } from '../api';

/** Five price-group tabs are shown (ART-018). */
export const PRICE_GROUP_TABS = 5;
const tiersOf = (ap: 'AP3' | 'AP5') => (ap === 'AP5' ? [1, 2, 3, 4, 5] : [1, 2, 3]);

type ScaleRow = { preisgruppe: number; bezeichnung: string } & Record<string, number | string | null>;

/**
 * The graduated prices of a product: AP3 (staffel '2') or AP5 (staffel '5'), one tab per price group named from
 * /stammdaten/preisgruppen, tiers with menge, vk, vkBrutto and aufschlag; "no data" without rows (ART-004, ART-013..020).
 */
export function PriceScaleCard({ productId, staffel }: { productId: number | null; staffel: string | null | undefined }) {
  const { t } = useTranslation('products');
  const ref = useReferenceLabels();
  const scale = usePriceScale(productId, staffel);
  const groups = usePriceGroups().data ?? [];
  const rows = (scale.data ?? []) as ScaleRow[];
  const ap = staffel === '5' ? 'AP5' : 'AP3';
  const tabs = groups.slice(0, PRICE_GROUP_TABS);
  const empty = !scale.isLoading && rows.length === 0;

  return (
    <Card withBorder radius="md" padding="md" data-testid="price-scale">
      <SectionTitle size="h5" mb="sm">
        {t('priceScale.title')}
        {staffel && (
          <Text span size="sm" c="dimmed" ml="xs">
            {t('priceScale.kind', { ap, tiers: tiersOf(ap).length })}
          </Text>
        )}
      </SectionTitle>
      {empty || tabs.length === 0 ? (
        <Center p="md">
          <Text size="sm" c="dimmed" data-testid="price-scale-empty">
            {t('common.noData')}
          </Text>
        </Center>
      ) : (
        <Tabs defaultValue={String(tabs[0]?.nummer ?? 1)} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {tabs.map((g) => (
              <Tabs.Tab key={g.nummer} value={String(g.nummer)} data-testid={`price-group-${g.nummer}`}>
                {ref.priceGroup(g.bezeichnung)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((g) => {
            const row = rows.find((r) => r.preisgruppe === g.nummer);
            const tiers = row ? tiersOf(ap).filter((n) => row[`menge${n}`] !== null && row[`menge${n}`] !== undefined) : [];
            return (
              <Tabs.Panel key={g.nummer} value={String(g.nummer)} pt="sm" data-testid={`price-group-panel-${g.nummer}`}>
                {tiers.length === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" p="md">
                    {t('common.noData')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={420}>
                    <Table verticalSpacing={6} striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('priceScale.tier')}</Table.Th>
                          <Table.Th ta="right">{t('priceScale.menge')}</Table.Th>
                          <Table.Th ta="right">{t('priceScale.vk')}</Table.Th>
                          <Table.Th ta="right">{t('priceScale.vkBrutto')}</Table.Th>
                          <Table.Th ta="right">{t('priceScale.aufschlag')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {tiers.map((n) => (
                          <Table.Tr key={n} data-testid="price-tier">
                            <Table.Td>{n}</Table.Td>
                            <Table.Td ta="right">{formatDecimal(row?.[`menge${n}`] as number)}</Table.Td>
                            <Table.Td ta="right">{formatCurrency(row?.[`vk${n}`] as number)}</Table.Td>
                            <Table.Td ta="right">{formatCurrency(row?.[`vk${n}Brutto`] as number)}</Table.Td>
                            <Table.Td ta="right">{formatPercent(row?.[`aufschlag${n}`] as number)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </Card>
  );
}
