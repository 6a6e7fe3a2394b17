import { z } from 'zod';

/**
 * Usage parameters (APP-028): which optional parts this installation uses, read from the system parameters
 * `NUTZUNG.<TEIL>` (1/0). A part whose parameter is unset counts as used when the product ships it (deals, tickets,
 * service) and as not used when it is still to come (time tracking).
 */
export const nutzungsparameter = z.object({
  deals: z.boolean(),
  tickets: z.boolean(),
  service: z.boolean(),
  zeiterfassung: z.boolean(),
});
export type Nutzungsparameter = z.infer<typeof nutzungsparameter>;

/** The system parameter behind each usage flag, and its value when unset. */
export const NUTZUNGSPARAMETER = {
  deals: { name: 'NUTZUNG.DEALS', vorgabe: true },
  tickets: { name: 'NUTZUNG.TICKETS', vorgabe: true },
  service: { name: 'NUTZUNG.SERVICE', vorgabe: true },
  zeiterfassung: { name: 'NUTZUNG.ZEITERFASSUNG', vorgabe: false },
} as const satisfies Record<keyof Nutzungsparameter, { name: string; vorgabe: boolean }>;

/** How booked times are rounded to the rounding step: up, down, or half up (commercial). */
export const RUNDUNGSARTEN = ['AUF', 'AB', 'KAUFMAENNISCH'] as const;

/**
 * Time-tracking parameters (APP-028) a time-tracking screen needs: the regular working time per weekday in minutes
 * (Monday first, 7 entries), the rounding step in minutes (1 = no rounding) and the rounding direction. Stored as the
 * system parameters `ZEITERFASSUNG.SOLLMINUTEN` (7 numbers separated by commas), `ZEITERFASSUNG.RUNDUNGMINUTEN` and
 * `ZEITERFASSUNG.RUNDUNGSART`; an unset or unreadable value answers the default (ZEITERFASSUNG_VORGABEN).
 */
export const zeiterfassungParameter = z.object({
  sollMinutenProTag: z.array(z.number().int().min(0).max(1440)).length(7),
  rundungMinuten: z.number().int().min(1).max(60),
  rundungsart: z.enum(RUNDUNGSARTEN),
});
export type ZeiterfassungParameter = z.infer<typeof zeiterfassungParameter>;

export const ZEITERFASSUNG_PARAMETER = {
  sollMinutenProTag: 'ZEITERFASSUNG.SOLLMINUTEN',
  rundungMinuten: 'ZEITERFASSUNG.RUNDUNGMINUTEN',
  rundungsart: 'ZEITERFASSUNG.RUNDUNGSART',
} as const satisfies Record<keyof ZeiterfassungParameter, string>;

export const ZEITERFASSUNG_VORGABEN: ZeiterfassungParameter = {
  sollMinutenProTag: [480, 480, 480, 480, 480, 0, 0],
  rundungMinuten: 15,
  rundungsart: 'KAUFMAENNISCH',
};
