import { ActionIcon, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { PreisHerkunft } from '@vario/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionTitle } from '@/components/SectionTitle';
import { formatCurrency, formatDate, formatDecimal, formatPercent } from '@/lib/format';
import { currentLanguage, INTL_LOCALE } from '@/lib/locale';

/**
 * Unit prices carry 4 places (money4): shown with 2 decimals when they are whole cents, else with all 4 — money never
 * shows 3 ("1.111,1040 €", not "1.111,104 €"). Amounts (line totals, the effective price, totals) are formatCurrency.
 */
export function formatUnitPrice(v: number | null | undefined) {
  if (v === null || v === undefined) return '';
  const cents = Math.round(v * 100) / 100;
  if (cents === v) return formatCurrency(v);
  return new Intl.NumberFormat(INTL_LOCALE[currentLanguage()], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(v);
}

const line = (label: ReactNode, value: ReactNode, testId?: string) => (
  <Group justify="space-between" gap="md" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} ta="right" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Text>
  </Group>
);

/**
 * The server's explanation of a price ("why this price?", issue 11 item 6): the rule that applied — customer price
 * and its tier, price group or base price — the price it found, the discount steps and the result. Nothing is
 * computed here; every figure is the server's.
 */
export function PriceExplanation({ why }: { why: PreisHerkunft | null }) {
  const { t } = useTranslation('saleDocuments');
  if (!why) return <Text size="sm">{t('price.none')}</Text>;
  const validity = why.gueltigVon || why.gueltigBis ? `${formatDate(why.gueltigVon) || '…'} – ${formatDate(why.gueltigBis) || '…'}` : null;
  return (
    <Stack gap={6} data-testid="price-why-content" data-rule={why.regel}>
      <Text size="sm" fw={600} data-testid="price-why-rule">
        {t(`price.rules.${why.regel}`, { defaultValue: why.regel })}
      </Text>
      <Text size="sm" data-testid="price-why-text">
        {why.text}
      </Text>
      <Divider />
      {why.staffel !== null &&
        line(
          t('price.tier'),
          why.abMenge !== null ? `${why.staffel} (${t('price.tierFrom', { qty: formatDecimal(why.abMenge) })})` : why.staffel,
          'price-why-tier',
        )}
      {why.preisgruppe !== null && line(t('price.group'), why.preisgruppe, 'price-why-group')}
      {validity && line(t('price.validity'), validity)}
      {line(t('price.quantity'), formatDecimal(why.menge))}
      {line(t('price.base'), formatUnitPrice(why.grundpreis), 'price-why-base')}
      {line(t('price.found'), formatUnitPrice(why.preis), 'price-why-price')}
      {why.rabattStufen.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('price.steps')}
          </Text>
          {why.rabattStufen.map((s, i) => (
            <Group key={i} justify="space-between" gap="md" wrap="nowrap" pl="sm" data-testid="price-why-step">
              <Text size="sm">{s.text}</Text>
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                − {formatPercent(s.prozent)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Divider />
      {line(<b>{t('price.result')}</b>, <b>{formatUnitPrice(why.ergebnis)}</b>, 'price-why-result')}
    </Stack>
  );
}

/** The price of a position with its "why this price?" button and popover. */
export function PriceWithWhy({ price, why, position }: { price: number | null; why: PreisHerkunft | null; position: number }) {
  const { t } = useTranslation('saleDocuments');
  if (price === null) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatUnitPrice(price)}
      </Text>
      <Popover width={320} position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" size="sm" color="gray" aria-label={t('price.whyFor', { n: position })} data-testid="price-why">
            <IconHelpCircle size={16} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown data-testid="price-why-popover">
          <SectionTitle size="h6" mb={4}>
            {t('price.why')}
          </SectionTitle>
          <PriceExplanation why={why} />
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
