import { belegKopfEingabe } from '@vario/contract';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import type { SaleDocument } from '../api';

/** The head and foot fields a user writes (BEL-018); the server validates the rest (one discount kind each). */
export const headSchema = belegKopfEingabe;
export type HeadFormValues = z.input<typeof headSchema>;

const FIELDS = Object.keys(headSchema.shape) as (keyof HeadFormValues)[];

/** The writable fields of a loaded document. */
export function toHeadForm(d: SaleDocument | undefined): DefaultValues<HeadFormValues> {
  if (!d) return {};
  return Object.fromEntries(FIELDS.map((f) => [f, (d as Record<string, unknown>)[f] ?? null])) as DefaultValues<HeadFormValues>;
}
