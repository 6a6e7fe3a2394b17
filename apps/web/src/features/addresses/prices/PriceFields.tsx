import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ArticleField } from '@/components/form/ArticleField';
import { CurrencyField, PercentField, SelectField, SwitchField, TextField } from '@/components/form/fields';
import { useFieldLabel } from '@/i18n/field-label';

export const PREISART_OPTIONS = ['0', '1', '2', '3'] as const;

/** Fields of a customer-specific price (ADR-054); `full` adds the deviating data and flags. */
export function PriceFields({ full = false }: { full?: boolean }) {
  const { t } = useTranslation(['addresses', 'fields']);
  const f = useFieldLabel();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ArticleField name="artikelnummer" label={f('artikelnummer')} nameField="artikelbezeichnung" />
      <TextField name="artikelbezeichnung" label={f('artikelbezeichnung')} />
      <SelectField
        name="preisart"
        label={f('preisart')}
        data={PREISART_OPTIONS.map((v) => ({ value: v, label: t(`prices.preisart.${v}`) }))}
        numeric
        keepOrder
        searchable={false}
      />
      <CurrencyField name="sonderpreis" label={f('sonderpreis')} />
      <PercentField name="rabatt1" label={f('rabatt1')} />
      <PercentField name="rabatt2" label={f('rabatt2')} />
      <PercentField name="mwstSatz" label={f('mwstSatz')} />
      {full && <TextField name="ean" label={f('ean')} />}
      {full && <TextField name="abweichendeArtikelnummer" label={f('abweichendeArtikelnummer')} />}
      {full && <TextField name="abweichendeArtikelbezeichnung" label={f('abweichendeArtikelbezeichnung')} />}
      {full && (
        <div style={{ gridColumn: '1 / -1' }}>
          <TextField name="abweichenderArtikeltext" label={f('abweichenderArtikeltext')} multiline rows={2} />
        </div>
      )}
      {full && <SwitchField name="sonderpreisNutzen" label={f('sonderpreisNutzen')} />}
      {full && <SwitchField name="abweichendeArtikelnummerNutzen" label={f('abweichendeArtikelnummerNutzen')} />}
      {full && <SwitchField name="abweichendeTexteNutzen" label={f('abweichendeTexteNutzen')} />}
      {full && <SwitchField name="abweichendeEanNutzen" label={f('abweichendeEanNutzen')} />}
    </SimpleGrid>
  );
}
