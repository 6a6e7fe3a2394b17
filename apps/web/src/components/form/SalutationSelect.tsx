import { useMemo } from 'react';
import type { BaseFieldProps } from './fields';
import { SelectField } from './fields';
import { useTextCatalogue } from './lookups';

/** Salutation of a person from the text catalogue `ADR.Anrede` (active entries, catalogue order) (ADR-040). */
export function SalutationSelect(props: BaseFieldProps) {
  const texts = useTextCatalogue('ADR.Anrede');
  const data = useMemo(() => (texts.data ?? []).map((e) => ({ value: e.wert, label: e.bezeichnung })), [texts.data]);
  return <SelectField {...props} data={data} keepOrder searchable={false} />;
}
