import { Anchor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DEAL_PHASEN, DEAL_STATUS_WERTE, DEAL_TYPEN } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/form/DateTimeField';
import { FormCard } from '@/components/form/FormCard';
import { CurrencyField, DateField, NumberField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { useRecordEditorContext } from '@/components/record-page/RecordPage';
import { RecordStamps } from '@/components/record-page/RecordStamps';
import { useDealFromRoute } from '../use-deal';

/** The deal's fields (DEAL-004): phase, status, type, chance in whole percent, planned and reached investment, next contact. */
export function MasterdataTab() {
  const { t } = useTranslation('deals');
  const { deal } = useDealFromRoute();
  useRecordEditorContext();
  const options = (values: readonly number[], key: 'phase' | 'status' | 'typ') =>
    values.map((v) => ({ value: String(v), label: t(`${key}.${v}` as 'phase.1') }));

  return (
    <Stack gap="md" data-testid="deal-masterdata">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.deal')}>
          <TextField name="titel" label={t('f.titel')} />
          <SelectField name="typ" label={t('f.typ')} data={options(DEAL_TYPEN, 'typ')} numeric keepOrder />
          <SelectField name="phase" label={t('f.phase')} data={options(DEAL_PHASEN, 'phase')} numeric keepOrder />
          <SelectField name="status" label={t('f.status')} data={options(DEAL_STATUS_WERTE, 'status')} numeric keepOrder />
          <NumberField name="chance" label={t('f.chance')} min={0} max={100} decimals={0} />
          <SwitchField name="archived" label={t('f.archived')} />
          {deal?.verlustgrund ? <TextInput label={t('f.verlustgrund')} value={deal.verlustgrund} readOnly variant="filled" /> : null}
        </FormCard>
        <FormCard title={t('cards.money')}>
          <CurrencyField name="investitionssummeGeplant" label={t('f.investitionssummeGeplant')} />
          <DateField name="investitionsdatumGeplant" label={t('f.investitionsdatumGeplant')} />
          <CurrencyField name="investitionssummeErreicht" label={t('f.investitionssummeErreicht')} />
          <DateField name="investitionsdatumErreicht" label={t('f.investitionsdatumErreicht')} />
        </FormCard>
        <FormCard title={t('cards.contact')}>
          <DateTimeField name="naechsterKontakt" label={t('f.naechsterKontakt')} />
          {deal ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('f.adresseId')}
              </Text>
              <Anchor component={Link} to={`/addresses/${deal.adresseId}/dashboard`} size="sm" data-testid="deal-address">
                {deal.adresseName ?? deal.adresseId}
                {deal.kundennr ? ` (${deal.kundennr})` : ''}
              </Anchor>
            </Stack>
          ) : (
            <span />
          )}
        </FormCard>
      </SimpleGrid>
      <FormCard title={t('cards.notes')} cols={1}>
        <TextField name="note" label={t('f.note')} multiline rows={4} />
      </FormCard>
      <RecordStamps record={deal} text={(key, date) => t(key, { date })} />
    </Stack>
  );
}
