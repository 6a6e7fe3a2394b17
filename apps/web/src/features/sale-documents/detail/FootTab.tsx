import { Card, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form/FormCard';
import { CurrencyField, NumberField, PercentField, TextField } from '@/components/form/fields';
import { SectionTitle } from '@/components/SectionTitle';
import { formatCurrency, formatDecimal, formatPercent } from '@/lib/format';
import { useDocumentFromRoute } from '../use-document';
import { DocumentTotals } from './DocumentTotals';

/**
 * documentFoot (BEL-018): freight, cash on delivery, insurance, discounts 1 and 2 (percent, amount, text), VAT per rate,
 * totals, gross profit (ART_EK), weight, parcels. Every amount is the server's: nothing is added up here.
 */
export function FootTab() {
  const { t } = useTranslation('saleDocuments');
  const { doc } = useDocumentFromRoute();
  const shown = (label: string, value: string, testId: string) => (
    <TextInput label={label} value={value} readOnly variant="filled" data-testid={testId} styles={{ input: { textAlign: 'right' } }} />
  );

  return (
    <Stack gap="md" data-testid="document-foot">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.costs')}>
          <CurrencyField name="frachtkosten" label={t('f.frachtkosten')} />
          {shown(t('f.frachtkostenBrutto'), formatCurrency(doc?.frachtkostenBrutto), 'foot-frachtkostenBrutto')}
          <CurrencyField name="nachnahme" label={t('f.nachnahme')} />
          <CurrencyField name="versicherung" label={t('f.versicherung')} />
        </FormCard>
        <FormCard title={t('cards.discounts')} cols={3}>
          <PercentField name="rabatt1Prozent" label={t('f.rabatt1Prozent')} />
          <CurrencyField name="rabatt1Betrag" label={t('f.rabatt1Betrag')} />
          <TextField name="rabatt1Text" label={t('f.rabatt1Text')} />
          <PercentField name="rabatt2Prozent" label={t('f.rabatt2Prozent')} />
          <CurrencyField name="rabatt2Betrag" label={t('f.rabatt2Betrag')} />
          <TextField name="rabatt2Text" label={t('f.rabatt2Text')} />
        </FormCard>
        <Card withBorder radius="md" padding="md">
          <SectionTitle size="h5" mb="sm">
            {t('cards.vat')}
          </SectionTitle>
          {doc && doc.mwstAufteilung.length > 0 ? (
            <Table data-testid="foot-vat" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('f.mwstSatz')}</Table.Th>
                  <Table.Th ta="right">{t('f.betragNetto')}</Table.Th>
                  <Table.Th ta="right">{t('f.mwstBetrag')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {doc.mwstAufteilung.map((z) => (
                  <Table.Tr key={z.satz} data-testid="foot-vat-row">
                    <Table.Td>{formatPercent(z.satz)}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(z.netto)}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(z.mwst)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t('noVat')}
            </Text>
          )}
        </Card>
        <Card withBorder radius="md" padding="md">
          <SectionTitle size="h5" mb="sm">
            {t('cards.totals')}
          </SectionTitle>
          {doc && <DocumentTotals doc={doc} testId={(k) => `foot-${k}`} rootTestId="foot-totals" />}
          <Text size="xs" c="dimmed" mt="sm">
            {t('serverTotals')}
          </Text>
        </Card>
        <FormCard title={t('cards.shipping')}>
          {shown(t('f.gewicht'), doc ? formatDecimal(doc.gewicht) : '', 'foot-gewicht')}
          <NumberField name="anzahlPakete" label={t('f.anzahlPakete')} min={0} />
        </FormCard>
      </SimpleGrid>
    </Stack>
  );
}
