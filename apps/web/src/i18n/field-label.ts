import { useTranslation } from 'react-i18next';
import type { NamespaceResources } from './resources';

/** An API field name with a shared label (`i18n/fields/*.json`). */
export type FieldName = keyof NamespaceResources['fields'];

/**
 * The label of an API field from the shared `fields` namespace (`fields:name1` is "Name" on every screen). A screen
 * whose label differs for a field passes it in `overrides` (e.g. the price tiers' `menge` reads "Ab Menge").
 */
export function useFieldLabel(overrides: Partial<Record<FieldName, string>> = {}) {
  const { t } = useTranslation('fields');
  return (name: FieldName): string => overrides[name] ?? t(name);
}
