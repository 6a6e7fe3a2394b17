import { SimpleGrid } from '@mantine/core';
import { DateTimeField } from '@/components/form/DateTimeField';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { useFieldLabel } from '@/i18n/field-label';
import { useReferenceLabels } from '@/i18n/reference';
import { useActivityTypeList } from '@/lib/reference-data';
import { usePersons } from '../api';
import { personName } from '../persons/PersonFields';

/** Activity fields (ADR-051): type from the activity types, date, duration in minutes, contact person, description. */
export function ActivityFields({ addressId }: { addressId: number }) {
  const types = useActivityTypeList();
  const persons = usePersons(addressId);
  const f = useFieldLabel();
  const ref = useReferenceLabels();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <SelectField name="artId" label={f('artId')} data={(types.data ?? []).map((a) => ({ value: String(a.id), label: ref.activityType(a) }))} numeric />
      <DateTimeField name="datum" label={f('datum')} />
      <NumberField name="dauer" label={f('dauer')} min={0} />
      <SelectField
        name="ansprechpartnerId"
        label={f('ansprechpartnerId')}
        data={(persons.data ?? []).map((p) => ({ value: String(p.id), label: personName(p) }))}
        numeric
      />
      <div style={{ gridColumn: '1 / -1' }}>
        <TextField name="beschreibung" label={f('beschreibung')} multiline rows={4} />
      </div>
    </SimpleGrid>
  );
}
