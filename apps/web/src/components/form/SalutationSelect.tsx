import { useMemo } from 'react';
import { useReferenceLabels } from '@/i18n/reference';
import type { BaseFieldProps } from './fields';
import { SelectField } from './fields';
import { useTextCatalogue } from './lookups';

/** Salutation of a person from the text catalogue `ADR.Anrede` (active entries, catalogue order) (ADR-040). */
export function SalutationSelect(props: BaseFieldProps) {
  const texts = useTextCatalogue('ADR.Anrede');
  const ref = useReferenceLabels();
  // a shipped salutation in the user's language, one a user added as entered (issue 9 item 8)
  const data = useMemo(() => (texts.data ?? []).map((e) => ({ value: e.eintrag, label: ref.salutation(e.eintrag, e.bemerkung) })), [texts.data, ref]);
  return <SelectField {...props} data={data} keepOrder searchable={false} />;
}
