import { z } from 'zod';
import { benutzerAuswahl } from './auth';
import { id, isoDateTime, single } from './common';

export const lager = z.object({
  id,
  kurzbezeichnung: z.string(),
  bezeichnung: z.string(),
  lagerkreisId: z.number().int(),
  hatLagerplaetze: z.boolean(),
});
export type Lager = z.infer<typeof lager>;

export const lagerkreis = z.object({
  id,
  name: z.string(),
  istHauptlagerkreis: z.boolean(),
  kommissionierart: z.number().int(),
  ausgangLagerId: z.number().int().nullable(),
});
export type Lagerkreis = z.infer<typeof lagerkreis>;

export const belegart = z.object({ belegart: z.string(), anzeige: z.string(), istEinkauf: z.boolean() });
export const zahlungsart = z.object({
  id,
  bezeichnung: z.string(),
  nettoTage: z.number().int(),
  skontoTage: z.number().int(),
  skontoProzent: z.number(),
});
export const lieferbedingung = z.object({ id, bezeichnung: z.string() });
export const serviceAuftragsart = z.object({ id, bezeichnung: z.string() });
export const serviceAbrechnungsart = z.object({ id, bezeichnung: z.string() });

export const basisdaten = z.object({
  belegarten: z.array(belegart),
  zahlungsarten: z.array(zahlungsart),
  lieferbedingungen: z.array(lieferbedingung),
  benutzer: z.array(benutzerAuswahl),
  lager: z.array(lager),
  lagerkreise: z.array(lagerkreis),
  serviceAuftragsarten: z.array(serviceAuftragsart),
  serviceAbrechnungsarten: z.array(serviceAbrechnungsart),
});
export type Basisdaten = z.infer<typeof basisdaten>;

export const land = z.object({ lkz: z.string(), land: z.string() });
export const text = z.object({
  id,
  schluessel: z.string(),
  wert: z.string(),
  bezeichnung: z.string(),
  sortierung: z.number().int(),
  istAktiv: z.boolean(),
  /** The entry as the catalogue's consumers name it (ADR-040): the value … */
  eintrag: z.string(),
  /** … and its remark (the longer description). */
  bemerkung: z.string(),
});
export const preisgruppe = z.object({ nummer: z.number().int().min(1).max(17), bezeichnung: z.string() });

export const parameter = z.object({ name: z.string(), wert: z.string().nullable() });
export const webappParameter = z.object({ wert: z.string() });
/** A per-user parameter as read: `wert` null while the user has none saved (the client then uses its default). */
export const webappParameterRead = z.object({ wert: z.string().nullable() });
export const webappParameterBody = z.object({ data: z.object({ wert: z.string().max(100_000) }) });
export const parameterNameParams = z.object({ name: z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/) });

export const systemInfo = z.object({
  lizenzName: z.string(),
  datenbankVersion: z.string(),
  serverVersion: z.string(),
  seriennummer: z.string(),
});

export const sperre = z.object({
  id,
  tabelle: z.string(),
  datensatzId: z.number().int(),
  benutzerId: z.number().int(),
  benutzerName: z.string(),
  erstelltAm: isoDateTime,
  gueltigBis: isoDateTime,
});
export const sperreNeu = z.object({
  tabelle: z.string().regex(/^[A-Z]{2,10}$/, 'Tabellenkürzel aus 2 bis 10 Großbuchstaben'),
  datensatzId: z.number().int().positive(),
});
export const sperreErstellt = single(sperre.extend({ token: z.string() }));

/** A number range (addresses, customers, suppliers, documents …): numbers are drawn from `naechste` on, after `praefix`. */
export const nummernkreis = z.object({
  name: z.string(),
  bezeichnung: z.string(),
  praefix: z.string(),
  start: z.number().int(),
  naechste: z.number().int(),
});

export const protokollEintrag = z.object({
  id,
  tabelle: z.string(),
  datensatzId: z.number().int(),
  aktion: z.enum(['NEU', 'AENDERN', 'LOESCHEN']),
  benutzerId: z.number().int(),
  zeitpunkt: isoDateTime,
  bemerkung: z.string().nullable(),
  felder: z.string().nullable(),
});
