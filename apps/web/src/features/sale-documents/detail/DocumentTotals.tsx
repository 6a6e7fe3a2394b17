import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@/lib/format';
import type { SaleDocument } from '../api';

/** The amounts the rows show, by the head field they come from. */
export type TotalsKey =
  | 'betragNetto'
  | 'rabatt1Wert'
  | 'rabatt2Wert'
  | 'frachtkosten'
  | 'nachnahme'
  | 'versicherung'
  | 'endbetragNetto'
  | 'mwstBetrag'
  | 'betragBrutto'
  | 'rohertrag';

/**
 * The document's totals as the clerk reads them, top to bottom: the lines' sum, each head discount (its text, minus),
 * freight, cash on delivery and insurance, the net after them, the VAT on that net, the gross — every figure the
 * server's one computation (belege.summen.ts); nothing is added up here. The positions footer (`compact`: the lines'
 * sum only when something follows it) and the foot tab show the same rows.
 */
export function DocumentTotals({
  doc,
  testId,
  rootTestId,
  compact = false,
}: {
  doc: SaleDocument;
  testId: (key: TotalsKey) => string;
  rootTestId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('saleDocuments');
  const row = (key: TotalsKey, label: ReactNode, value: number, strong = false) => (
    <Group justify="flex-end" gap="lg" wrap="nowrap" key={key}>
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'} ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        data-testid={testId(key)}
        w={120}
        ta="right"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {formatCurrency(value)}
      </Text>
    </Group>
  );
  const adjustments = [
    doc.rabatt1Wert !== 0 && row('rabatt1Wert', doc.rabatt1Text || t('f.rabatt1'), -doc.rabatt1Wert),
    doc.rabatt2Wert !== 0 && row('rabatt2Wert', doc.rabatt2Text || t('f.rabatt2'), -doc.rabatt2Wert),
    doc.frachtkosten !== 0 && row('frachtkosten', t('f.frachtkosten'), doc.frachtkosten),
    doc.nachnahme !== 0 && row('nachnahme', t('f.nachnahme'), doc.nachnahme),
    doc.versicherung !== 0 && row('versicherung', t('f.versicherung'), doc.versicherung),
  ].filter(Boolean);
  return (
    <Stack gap={4} data-testid={rootTestId}>
      {(!compact || adjustments.length > 0) && row('betragNetto', t('totals.lines'), doc.betragNetto)}
      {adjustments}
      {row('endbetragNetto', t('totals.net'), doc.endbetragNetto)}
      {row('mwstBetrag', t('f.mwstBetrag'), doc.mwstBetrag)}
      {row('betragBrutto', t('f.betragBrutto'), doc.betragBrutto, true)}
      {!compact && doc.rohertrag !== undefined && row('rohertrag', t('f.rohertrag'), doc.rohertrag)}
    </Stack>
  );
}
