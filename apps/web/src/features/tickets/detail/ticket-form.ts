import fields from 'virtual:form-meta/ticketEingabe';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '@/components/form/lazy-schema';
import type { SCHEMAS } from '@/components/form/validation';
import type { TicketDetail } from '../api';

export const ticketSchema = lazySchema('ticketEingabe', fields);
export type TicketFormValues = z.input<typeof SCHEMAS.ticketEingabe>;

const FIELDS = Object.keys(ticketSchema.fields) as (keyof TicketFormValues)[];
export const TICKET_FREE_FIELDS = ['freiS01', 'freiS02', 'freiS03', 'freiS04', 'freiS05', 'freiS06', 'freiS07', 'freiS08', 'freiS09', 'freiS10'] as const;

/** The writable fields of a loaded ticket (TKT-004). */
export const toTicketForm = (t: TicketDetail | undefined): DefaultValues<TicketFormValues> =>
  t ? (Object.fromEntries(FIELDS.map((f) => [f, (t as Record<string, unknown>)[f]])) as DefaultValues<TicketFormValues>) : {};
