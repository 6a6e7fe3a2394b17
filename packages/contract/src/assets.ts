import { z } from 'zod';
import { dateiUpload } from './adressen';
import { id, isoDate, isoDateTime, urlId } from './common';

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
const optDate = isoDate.nullable().optional();

export const assetFelder = z.object({
  assetnummer: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(40),
  bezeichnung: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(200),
  seriennummer: optText(80),
  imei: z
    .string()
    .regex(/^\d{15}$/, 'IMEI aus 15 Ziffern')
    .nullable()
    .optional(),
  bemerkung: optText(2000),
  beschreibung: optText(10_000),
  beginnGarantie: optDate,
  endeGarantie: optDate,
  beginnService: optDate,
  endeService: optDate,
  istAktiv: z.boolean().optional(),
  adresseId: z.number().int().positive().nullable().optional(),
  artikelId: z.number().int().positive().nullable().optional(),
  abweichenderStandort: z.boolean().optional(),
  standortName: optText(120),
  standortStrasse: optText(120),
  standortPlz: optText(12),
  standortOrt: optText(80),
  s01: optText(255),
  s02: optText(255),
  s03: optText(255),
  s04: optText(255),
  s05: optText(255),
  s06: optText(255),
});

/** Warranty and service periods must not end before they begin. */
const zeitraeume = (a: Partial<z.infer<typeof assetFelder>>, ctx: z.RefinementCtx) => {
  if (a.beginnGarantie && a.endeGarantie && a.endeGarantie < a.beginnGarantie)
    ctx.addIssue({ code: 'custom', message: 'Das Ende muss nach dem Beginn liegen', path: ['endeGarantie'] });
  if (a.beginnService && a.endeService && a.endeService < a.beginnService)
    ctx.addIssue({ code: 'custom', message: 'Das Ende muss nach dem Beginn liegen', path: ['endeService'] });
};
export const assetEingabe = assetFelder.superRefine(zeitraeume);
export const assetAenderung = assetFelder.partial().superRefine(zeitraeume);

export const asset = z.object({
  id,
  assetnummer: z.string(),
  bezeichnung: z.string(),
  seriennummer: z.string().nullable(),
  imei: z.string().nullable(),
  bemerkung: z.string().nullable(),
  beschreibung: z.string().nullable(),
  beginnGarantie: z.string().nullable(),
  endeGarantie: z.string().nullable(),
  beginnService: z.string().nullable(),
  endeService: z.string().nullable(),
  istAktiv: z.boolean(),
  adresseId: z.number().int().nullable(),
  artikelId: z.number().int().nullable(),
  abweichenderStandort: z.boolean(),
  standortName: z.string().nullable(),
  standortStrasse: z.string().nullable(),
  standortPlz: z.string().nullable(),
  standortOrt: z.string().nullable(),
  s01: z.string().nullable(),
  s02: z.string().nullable(),
  s03: z.string().nullable(),
  s04: z.string().nullable(),
  s05: z.string().nullable(),
  s06: z.string().nullable(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export const assetListe = asset.pick({ id: true, assetnummer: true, bezeichnung: true, seriennummer: true, imei: true, istAktiv: true, adresseId: true });

/** Labels of the free fields s01–s06 (ASS-005). */
export const assetSfeld = z.object({ feld: z.string(), bezeichnung: z.string() });

/** ASS-009: id, bildindex, gfx (base64), dateiname; `groesse` picks the 400×400 thumbnail or the 1600×1600 popup. */
export const assetBild = z.object({ id, bildindex: z.number().int(), dateiname: z.string(), mimeType: z.string(), gfx: z.string() });
export const assetBildQuery = z.object({
  limit: z.coerce.number().int().min(0).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  orderBy: z.enum(['bildindex', '-bildindex']).optional(),
  groesse: z.enum(['thumbnail', 'popup']).optional(),
});
export const assetBildEinzelQuery = z.object({ groesse: z.enum(['thumbnail', 'popup']).optional() });
export const assetDatei = z.object({
  id,
  dateiname: z.string(),
  mimeType: z.string(),
  groesse: z.number().int(),
  datum: isoDateTime,
  betreff: z.string().nullable(),
});
export const assetDateiMitDaten = assetDatei.extend({ daten: z.string() });
export const assetDateiUpload = dateiUpload.extend({ betreff: optText(255) });
export const assetSubParams = z.object({ id: urlId, subId: urlId });
