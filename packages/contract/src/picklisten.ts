import { z } from 'zod';
import { id, isoDateTime, urlId } from './common';

/**
 * Digital picklist (spec 2 §2/§3/§4/§7, PICK-001…011). A picklist is made from a booked order, one per warehouse its
 * stock lines leave from; its lines are per article and storage place with the open quantity. The list's running
 * number (lfdNr) is its id. A list is locked while someone holds the record lock (table code PKL, `sperren`):
 * gesperrtVonBenutzer / gesperrtSeit come from that lock (PICK-008).
 */

/** PICK-007 plus what the index shows: the order it comes from, its lines' count and what is still open. */
export const pickliste = z.object({
  lfdNr: id,
  wagenNr: z.string().nullable(),
  lagerNr: z.string(),
  lagerId: z.number().int(),
  lagerkreisId: z.number().int(),
  angelegtAm: isoDateTime,
  gesperrtVonBenutzer: z.string().nullable(),
  gesperrtSeit: isoDateTime.nullable(),
  belegId: z.number().int(),
  belegnummer: z.string(),
  positionen: z.number().int(),
  offenePositionen: z.number().int(),
  erledigtAm: isoDateTime.nullable(),
});
export type Pickliste = z.infer<typeof pickliste>;

/** A line: an article on a storage place, quantities in pieces; `offen` is what is left to pick (a backorder once partly picked). */
export const picklistenArtikel = z.object({
  id,
  artikelId: z.number().int(),
  artikelnummer: z.string(),
  bezeichnung: z.string(),
  ean: z.string().nullable(),
  lagerplatzId: z.number().int().nullable(),
  location: z.string().nullable(),
  kistennummer: z.string().nullable(),
  menge: z.number(),
  gepickt: z.number(),
  offen: z.number(),
  /** Partly picked: the rest stays open as a backorder line. */
  rueckstand: z.boolean(),
});
export type PicklistenArtikel = z.infer<typeof picklistenArtikel>;

export const picklisteMitArtikeln = pickliste.extend({ artikel: z.array(picklistenArtikel) });
export type PicklisteMitArtikeln = z.infer<typeof picklisteMitArtikeln>;

/** PICK-010: one of lagerId or lagerkreisId (400 when neither or both). */
export const picklistenQuery = z.object({ lagerId: urlId.optional(), lagerkreisId: urlId.optional() });
/** PICK-011: LfdNr; unlock=1 releases the lock instead of taking it. */
export const picklistenArtikelQuery = z.object({ LfdNr: urlId, unlock: z.enum(['1']).optional() });

/** Make the picklists of one booked order. */
export const picklistenErzeugen = z.object({ belegId: id });

/** Largest quantity one confirmation may carry (pieces). */
export const PICK_MENGE_MAX = 1_000_000;
/**
 * Confirm a pick: the scanned storage place (its location code) and the scanned article (number or EAN) of one line,
 * and the quantity taken (more than the open quantity: 422).
 */
export const pickBestaetigung = z.object({
  lfdNr: id,
  positionId: id,
  lagerplatz: z.string().trim().max(100).nullable(),
  artikel: z.string().trim().min(1).max(100),
  menge: z
    .number()
    .positive()
    .max(PICK_MENGE_MAX)
    .refine((v) => Number.isInteger(Math.round(v * 1000)) && Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'Höchstens drei Nachkommastellen'),
});
export type PickBestaetigung = z.infer<typeof pickBestaetigung>;

/**
 * The picking cart (PICK-007 wagenNr) the picker takes the list on: its number as typed or scanned (up to 20 characters,
 * no spaces at either end), null to clear it.
 */
export const picklisteWagen = z.object({
  lfdNr: id,
  wagenNr: z
    .string()
    .min(1)
    .max(20)
    .regex(/^\S(.*\S)?$/, 'Ohne Leerzeichen am Anfang oder Ende')
    .nullable(),
});
export type PicklisteWagen = z.infer<typeof picklisteWagen>;
