import fields from 'virtual:form-meta/dealEingabe';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';
import type { Deal } from './api';

export const dealSchema = lazySchema('dealEingabe', fields);
export type DealFormValues = z.input<typeof SCHEMAS.dealEingabe>;

const FIELDS = Object.keys(dealSchema.fields) as (keyof DealFormValues)[];

/** A new deal: open, first contact, sales, for the given address. */
export const newDeal = (adresseId?: number): DefaultValues<DealFormValues> => ({
  titel: '',
  typ: 1,
  phase: 1,
  status: 0,
  chance: 0,
  archived: false,
  adresseId,
});

/** The writable fields of a loaded deal (DEAL-004). */
export function toDealForm(d: Deal | undefined): DefaultValues<DealFormValues> {
  if (!d) return newDeal();
  return Object.fromEntries(FIELDS.map((f) => [f, (d as Record<string, unknown>)[f]])) as DefaultValues<DealFormValues>;
}
