import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '@/components/form/CountryPicker';
import { SelectField, TextField } from '@/components/form/fields';
import { useFieldLabel } from '@/i18n/field-label';

/** Fields of an additional address, shared by the create dialog and the detail. */
export function AdditionalFields() {
  const { t } = useTranslation(['addresses', 'fields']);
  const f = useFieldLabel();
  const art: Record<string, string> = t('additional.art', { returnObjects: true });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <SelectField name="art" label={t('additional.fields.art')} optionLabel={(v) => art[v] ?? v} keepOrder searchable={false} />
      <TextField name="name1" label={f('name1')} />
      <TextField name="name2" label={f('name2')} />
      <TextField name="strasse" label={f('strasse')} />
      <TextField name="plz" label={f('plz')} />
      <TextField name="ort" label={f('ort')} />
      <CountryPicker name="lkz" label={f('lkz')} />
      <TextField name="telefon" label={f('telefon')} type="tel" />
      <TextField name="email" label={f('email')} type="email" />
    </SimpleGrid>
  );
}
