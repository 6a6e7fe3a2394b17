import { i18n } from '@/i18n';

/**
 * The label a user knows for a field the server named in `errors.fieldErrors` — never the API name (issue 20 item 5):
 * the shared `fields` namespace (`menge` → "Menge"); a nested path (`positionen.0.menge`) by its last named part; a
 * numbered field by its series (`menge3` → "Menge 3");
 * a field without a label of its own is "Eingabe".
 */
export function fieldLabel(apiField: string): string {
  const parts = apiField.split('.').filter((p) => !/^\d+$/.test(p));
  const label = (name: string) => (name && i18n.exists(name, { ns: 'fields' }) ? i18n.t(name, { ns: 'fields', defaultValue: name }) : null);
  for (const name of [apiField, ...parts.reverse()]) {
    const found = label(name);
    if (found) return found;
    // a numbered field of a series (a price tier's `menge3`) is its series' label with the number: "Menge 3"
    const numbered = name.match(/^(.*\D)(\d+)$/);
    const series = numbered?.[1] ? label(numbered[1]) : null;
    if (series) return `${series} ${numbered?.[2]}`;
  }
  if (apiField === 'ProtokollBemerkung') return i18n.t('record.remarkTitle');
  return i18n.t('errors.someField');
}
