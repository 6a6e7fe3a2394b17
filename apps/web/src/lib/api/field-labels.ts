import { i18n } from '@/i18n';

/**
 * The label a user knows for a field the server named in `errors.fieldErrors` — never the API name (issue 20 item 5):
 * the shared `fields` namespace (`menge` → "Menge"); a nested path (`positionen.0.menge`) by its last named part;
 * a field without a label of its own is "Eingabe".
 */
export function fieldLabel(apiField: string): string {
  const parts = apiField.split('.').filter((p) => !/^\d+$/.test(p));
  for (const name of [apiField, ...parts.reverse()]) {
    if (name && i18n.exists(name, { ns: 'fields' })) return i18n.t(name, { ns: 'fields', defaultValue: name });
  }
  if (apiField === 'ProtokollBemerkung') return i18n.t('record.remarkTitle');
  return i18n.t('errors.someField');
}
