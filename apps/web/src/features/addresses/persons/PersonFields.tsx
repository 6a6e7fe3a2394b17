import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField, NumberField, TextField } from '@/components/form/fields';
import { SalutationSelect } from '@/components/form/SalutationSelect';
import { useFieldLabel } from '@/i18n/field-label';

/** The contact person's fields (ADR-039), shared by the create dialog and the detail. */
export function PersonFields({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['addresses', 'fields']);
  const f = useFieldLabel();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <SalutationSelect name="anrede" label={f('anrede')} />
      <TextField name="titel" label={f('titel')} />
      <TextField name="vorname" label={f('vorname')} />
      <TextField name="name" label={f('name')} requiredMessage={t('form.lastNameRequired')} />
      <TextField name="position" label={f('position')} />
      <TextField name="abteilung" label={f('abteilung')} />
      <TextField name="telefon" label={f('telefon')} type="tel" />
      <TextField name="mobil" label={f('mobil')} type="tel" />
      <TextField name="email" label={f('email')} type="email" />
      {!compact && <TextField name="fax" label={f('fax')} type="tel" />}
      {!compact && <TextField name="briefanrede" label={f('briefanrede')} />}
      {!compact && <NumberField name="sortierung" label={f('sortierung')} min={0} />}
      {!compact && <DateField name="geburtstag" label={f('geburtstag')} />}
      {!compact && <TextField name="notiz" label={f('notiz')} multiline />}
    </SimpleGrid>
  );
}

export const personName = (p: { titel?: string | null; vorname?: string | null; name: string }) => [p.titel, p.vorname, p.name].filter(Boolean).join(' ');
