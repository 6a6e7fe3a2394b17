import { z } from 'zod';
import { id, isoDateTime, urlId } from './common';

/** Stock of one article in one warehouse (ART-021), summed over its storage places. */
export const bestand = z.object({
  artikelId: z.number().int(),
  artikelnummer: z.string(),
  artikelNummer: z.string(),
  bezeichnung: z.string(),
  lagerId: z.number().int(),
  lager: z.number().int(),
  lagerkreisId: z.number().int(),
  kurzbezeichnung: z.string(),
  bestand: z.number(),
  reserviert: z.number(),
  bestellt: z.number(),
  blockiert: z.number(),
  inUmlagerung: z.number(),
  inKommissionierung: z.number(),
  inProduktion: z.number(),
  verfuegbar: z.number(),
  naechsteLieferung: z.string().nullable(),
  hatLagerplaetze: z.boolean(),
  /** The storage place holding most of the article in this warehouse, with its box number (ART-021); null without places. */
  location: z.string().nullable(),
  kistennummer: z.string().nullable(),
});
/** Stock of one article on one storage place (LAG-007). */
export const lagerplatzBestand = z.object({
  lagerplatzId: z.number().int(),
  location: z.string(),
  kistennummer: z.string().nullable(),
  artikelId: z.number().int(),
  lagerId: z.number().int(),
  bestand: z.number(),
  reserviert: z.number(),
  blockiert: z.number(),
});
/** A storage place of a warehouse that keeps places (hatLagerplaetze). */
export const lagerplatz = z.object({ id, lagerId: z.number().int(), location: z.string(), kistennummer: z.string().nullable() });
export type Lagerplatz = z.infer<typeof lagerplatz>;

export const lagerplatzQuery = z.object({ artikelId: urlId, lagerId: urlId });

/** Quantity fields a movement changes. */
export const BESTANDSFELDER = ['bestand', 'reserviert', 'bestellt', 'blockiert', 'inUmlagerung', 'inKommissionierung', 'inProduktion'] as const;
/** Reasons of a movement. */
export const BEWEGUNGSARTEN = [
  'ZUGANG',
  'ABGANG',
  'UMBUCHUNG',
  'INVENTUR',
  'RESERVIERUNG',
  'BESTELLUNG',
  'SPERRE',
  'LIEFERSCHEIN',
  'MATERIAL',
  'RETOURE',
] as const;

export const bewegung = z.object({
  id,
  artikelId: z.number().int(),
  lagerId: z.number().int(),
  lagerplatzId: z.number().int().nullable(),
  feld: z.enum(BESTANDSFELDER),
  menge: z.number(),
  art: z.string(),
  text: z.string().nullable(),
  belegId: z.number().int().nullable(),
  benutzerId: z.number().int().nullable(),
  zeitpunkt: isoDateTime,
});
/** A manual booking: arrival, issue, transfer between warehouses/places, or an inventory count. */
export const buchungEingabe = z
  .object({
    art: z.enum(['ZUGANG', 'ABGANG', 'UMBUCHUNG', 'INVENTUR']),
    artikelId: z.number().int().positive(),
    lagerId: z.number().int().positive(),
    lagerplatzId: z.number().int().positive().nullable().optional(),
    nachLagerId: z.number().int().positive().optional(),
    nachLagerplatzId: z.number().int().positive().nullable().optional(),
    menge: z.number().min(0).max(1e9),
    text: z.string().trim().max(500).nullable().optional(),
  })
  .refine((b) => b.art !== 'UMBUCHUNG' || b.nachLagerId !== undefined, { message: 'Bitte einen Wert eingeben', path: ['nachLagerId'] })
  .refine((b) => b.art !== 'UMBUCHUNG' || b.nachLagerId !== b.lagerId || (b.nachLagerplatzId ?? null) !== (b.lagerplatzId ?? null), {
    message: 'Ziel und Quelle der Umbuchung sind derselbe Platz',
    path: ['nachLagerId'],
  })
  .refine((b) => b.art === 'INVENTUR' || b.menge > 0, { message: 'Bitte einen größeren Wert eingeben', path: ['menge'] });
