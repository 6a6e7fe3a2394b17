import type { TicketAufzaehlung } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { type BaseFieldProps, SelectField } from '@/components/form/fields';
import { type FieldName, useFieldLabel } from '@/i18n/field-label';
import { useTicketEnums } from '../enums';
import de from '../i18n/de.json';

type TicketOwnField = keyof (typeof de)['fields'];
const OWN = new Set<string>(Object.keys(de.fields));

/** A ticket field's label: the shared one, or the tickets namespace's where it differs ("Art" of a ticket is no person type). */
export function useTicketLabel() {
  const { t } = useTranslation('tickets');
  const shared = useFieldLabel();
  return (field: TicketOwnField | 'betreff' | 'beschreibung') => (OWN.has(field) ? t(`fields.${field as TicketOwnField}`) : shared(field as FieldName));
}

/** One of the six enumerations as a choice, by its labels and in the server's order (TKT-008, TKT-010). */
export function EnumField({ list, ...props }: BaseFieldProps & { list: TicketAufzaehlung }) {
  const enums = useTicketEnums().data;
  return <SelectField {...props} data={enums?.[list] ?? []} numeric keepOrder />;
}

/** A user field, the users shown by their short sign (kuerzel). */
export function UserField(props: BaseFieldProps) {
  const users = useBasisdaten().data?.benutzer ?? [];
  return <SelectField {...props} data={users.map((u) => ({ value: String(u.id), label: u.kuerzel || u.name }))} numeric />;
}
