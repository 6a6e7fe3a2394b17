import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '@/components/form/CountryPicker';
import { SelectField, TextField } from '@/components/form/fields';

/** Fields of an additional address, shared by the create dialog and the detail. */
export function AdditionalFields() {
  const { t } = useTranslation();
  const f = (name: string) => t(`addresses.fields.${name}` as 'addresses.fields.name1');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <SelectField
        name="art"
        label={t('addresses.additional.fields.art')}
        optionLabel={(v) => t(`addresses.additional.art.${v}` as 'addresses.additional.art.SONSTIGE')}
        keepOrder
        searchable={false}
      />
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
