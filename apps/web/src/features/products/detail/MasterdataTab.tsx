import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ARTIKELARTEN } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form/FormCard';
import { CurrencyField, NumberField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { useRecordEditorContext } from '@/components/record-page/RecordPage';
import { RecordStamps } from '@/components/record-page/RecordStamps';
import { useFieldLabel } from '@/i18n/field-label';
import { formatCurrency, formatDate, formatDecimal } from '@/lib/format';
import { useProductGroups } from '../api';
import { useProductFromRoute } from '../use-product-id';
import { PriceScaleCard } from './PriceScaleCard';
import { FREE_FIELDS } from './product-form';

/** Every product field of ART-009 in cards, plus the graduated prices card (ART-004). */
export function MasterdataTab() {
  const { t } = useTranslation(['products', 'fields']);
  const editor = useRecordEditorContext();
  const { id, product } = useProductFromRoute();
  const groups = (useProductGroups().data ?? []).map((g) => ({ value: String(g.id), label: g.bezeichnung }));
  const f = useFieldLabel({ gesperrt: t('fields.gesperrt'), artikelnummer: t('fields.artikelnummer') });
  const shown = (label: string, value: string, testId: string) => <TextInput label={label} value={value} readOnly variant="filled" data-testid={testId} />;

  return (
    <Stack gap="md" data-testid="product-masterdata">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <FormCard title={t('cards.article')}>
          <TextField name="artikelnummer" label={f('artikelnummer')} />
          <SelectField name="artikelart" label={f('artikelart')} data={ARTIKELARTEN.map((a) => ({ value: a, label: t(`artikelart.${a}`) }))} keepOrder />
          <TextField name="bezeichnung" label={f('bezeichnung')} />
          <TextField name="name1" label={f('name1')} />
          <TextField name="ean" label={f('ean')} />
          <TextField name="hersteller" label={f('hersteller')} />
          <SelectField name="warengruppeId" label={f('warengruppeId')} data={groups} numeric />
          <SwitchField name="gesperrt" label={f('gesperrt')} />
        </FormCard>
        <FormCard title={t('cards.prices')}>
          <CurrencyField name="vknetto" label={f('vknetto')} />
          {shown(f('vkbrutto'), formatCurrency(product?.vkbrutto ?? null), 'field-vkbrutto')}
          <NumberField name="mwstsatz" label={f('mwstsatz')} decimals={2} suffix=" %" min={0} max={100} />
          <NumberField name="preiseinheit" label={f('preiseinheit')} min={1} />
          <SelectField
            name="staffel"
            label={f('staffel')}
            data={[
              { value: '2', label: t('staffel.2') },
              { value: '5', label: t('staffel.5') },
            ]}
            keepOrder
          />
          <SwitchField name="istRabattierfaehig" label={f('istRabattierfaehig')} />
          <SwitchField name="istSkontofaehig" label={f('istSkontofaehig')} />
        </FormCard>
        <FormCard title={t('cards.logistics')}>
          <TextField name="mengeneinheit" label={f('mengeneinheit')} />
          <NumberField name="verpackungseinheit" label={f('verpackungseinheit')} decimals={2} />
          <NumberField name="gewicht" label={f('gewicht')} decimals={2} grouped />
          <NumberField name="gewichtNetto" label={f('gewichtNetto')} decimals={2} grouped />
          <TextField name="maße" label={f('maße')} />
          <SwitchField name="istChargenArtikel" label={f('istChargenArtikel')} />
          <SwitchField name="istSeriennummernArtikel" label={f('istSeriennummernArtikel')} />
        </FormCard>
        <FormCard title={t('cards.stock')}>
          {shown(f('typ'), product ? t(`typ.${product.typ}`) : '', 'field-typ')}
          {shown(f('bestand'), formatDecimal(product?.bestand ?? null), 'field-bestand')}
          {shown(f('verfuegbar'), formatDecimal(product?.verfuegbar ?? null), 'field-verfuegbar')}
          {shown(f('naechsteLieferung'), formatDate(product?.naechsteLieferung ?? null), 'field-naechsteLieferung')}
        </FormCard>
      </SimpleGrid>
      <FormCard title={t('cards.text')} cols={1}>
        <TextField name="artikeltext" label={f('artikeltext')} multiline rows={3} />
      </FormCard>
      {!editor.isNew && <PriceScaleCard productId={id} staffel={product?.staffel} canEdit={editor.canEdit} />}
      <FormCard title={t('cards.freeFields')} cols={3}>
        {FREE_FIELDS.map((s) => (
          <TextField key={s} name={s} label={t('freeField', { n: Number(s.slice(1)) })} />
        ))}
      </FormCard>
      <RecordStamps record={product} text={(key, date) => t(key, { date })} />
    </Stack>
  );
}
