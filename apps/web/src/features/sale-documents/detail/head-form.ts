import fields from 'virtual:form-meta/belegKopfEingabe';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';
import type { SaleDocument } from '../api';

/** The head and foot fields a user writes (BEL-018); the server validates the rest (one discount kind each). */
export const headSchema = lazySchema('belegKopfEingabe', fields);
export type HeadFormValues = z.input<typeof SCHEMAS.belegKopfEingabe>;

const FIELDS = Object.keys(headSchema.fields) as (keyof HeadFormValues)[];

/** The writable fields of a loaded document. */
export function toHeadForm(d: SaleDocument | undefined): DefaultValues<HeadFormValues> {
  if (!d) return {};
  return Object.fromEntries(FIELDS.map((f) => [f, (d as Record<string, unknown>)[f] ?? null])) as DefaultValues<HeadFormValues>;
}
