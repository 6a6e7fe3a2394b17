import { z } from 'zod';
import { id, isoDateTime } from './common';

/** Target tables of a reminder, by route group (REM-007, REM-009). */
export const ERINNERUNG_TABELLEN = ['ADR', 'BEK', 'ART', 'OPV', 'TKT', 'DEALS'] as const;

export const erinnerung = z.object({
  id,
  benutzerId: z.number().int().positive(),
  erinnerungDatum: isoDateTime,
  bemerkung: z.string(),
  tabelle: z.enum(ERINNERUNG_TABELLEN).nullable(),
  tabelleId: z.number().int().nullable(),
  erstelltVon: z.number().int(),
});
export type Erinnerung = z.infer<typeof erinnerung>;

export const erinnerungNeu = z.object({
  benutzerId: z.number().int().positive(),
  erinnerungDatum: z.iso.datetime({ offset: true }),
  bemerkung: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(2000),
  tabelle: z.enum(ERINNERUNG_TABELLEN).nullable().optional(),
  tabelleId: z.number().int().positive().nullable().optional(),
});
export const erinnerungAenderung = erinnerungNeu.pick({ benutzerId: true, erinnerungDatum: true, bemerkung: true }).partial();
