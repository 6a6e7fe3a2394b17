import { z } from 'zod';
import { id, isoDate } from './common';

/** A sales or purchase document head, as lists and reports show it. */
export const beleg = z.object({
  id,
  belegart: z.string(),
  belegnummer: z.string(),
  belegdatum: isoDate,
  belegstatus: z.number().int(),
  adresseId: z.number().int(),
  betreff: z.string().nullable(),
  betragNetto: z.number(),
  mwstBetrag: z.number(),
  betragBrutto: z.number(),
  liefertermin: z.string().nullable(),
  benutzerId: z.number().int().nullable(),
});

/** Turnover rows of /auswertungen/umsatzstatistik (ADR-020). */
export const umsatzZeile = z.object({ jahr: z.number().int(), monat: z.number().int().min(1).max(12), summe: z.number() });
/** Open order lines of /auswertungen/auftragsrueckstaende (ADR-074). */
export const rueckstandZeile = z.object({
  rowKey: z.string(),
  belegid: z.number().int(),
  belegnr: z.string(),
  belegdatum: isoDate,
  liefertermin: z.string().nullable(),
  position: z.number().int(),
  artikelnummer: z.string().nullable(),
  bezeichnung: z.string(),
  menge: z.number(),
  mengeGeliefert: z.number(),
  offeneMenge: z.number(),
  mengeneinheit: z.string().nullable(),
  offenerBetrag: z.number(),
});
/** Purchase history rows of /stammdaten/adressen/{id}/historie (ADR-079). */
export const historieZeile = z.object({
  rowKey: z.string(),
  belegId: z.number().int(),
  belegnummer: z.string(),
  belegart: z.string(),
  belegdatum: isoDate,
  artikelnummer: z.string().nullable(),
  bezeichnung: z.string(),
  menge: z.number(),
  mengeneinheit: z.string().nullable(),
  einzelpreis: z.number(),
  rabatt: z.number(),
  gesamtpreis: z.number(),
});

/** `{ daten: [ { datensaetze: […] } ] }` — the envelope of reports (HTTP-025). */
export const report = <T extends z.ZodType>(row: T) => z.object({ daten: z.array(z.object({ datensaetze: z.array(row) })) });

export const adresseReportQuery = z.object({ adresseId: z.coerce.number().int().positive() });
export const historieQuery = z.object({
  artikelnr: z.string().max(60).optional(),
  bezeichnung: z.string().max(120).optional(),
  datumvon: isoDate.optional(),
  datumbis: isoDate.optional(),
  limit: z.coerce.number().int().min(0).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  returnTotal: z.enum(['true', 'false']).optional(),
});
