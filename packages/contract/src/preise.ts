import { z } from 'zod';
import { id, isoDate, urlId } from './common';

/** Tiers of quantity-dependent prices and discounts: 2 to 17 (ADR-056). */
export const STAFFELN = Array.from({ length: 16 }, (_, i) => i + 2);

const tierNumber = z.number().min(0).max(1e9).nullable().optional();
/** A tier's quantity is above 0 (issue 9 item 2). */
const tierQty = z.number().gt(0, 'Bitte einen größeren Wert eingeben').max(1e9).nullable().optional();
const tierDiscount = z.number().min(0).max(100).nullable().optional();

/** The given tier quantities rise with the tier number: tier 3's quantity is above tier 2's (issue 9 item 2). */
export function tierOrderIssues(tiers: Record<string, unknown>): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  let last: number | null = null;
  for (const n of STAFFELN) {
    const q = tiers[`menge${n}`];
    if (typeof q !== 'number') continue;
    if (last !== null && q <= last) out.push({ field: `menge${n}`, message: `Die Menge muss größer sein als die der vorigen Staffel (${last})` });
    last = q;
  }
  return out;
}
const ascending = (tiers: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const i of tierOrderIssues(tiers)) ctx.addIssue({ code: 'custom', message: i.message, path: [i.field] });
};

/** `menge{n}`, `vk{n}`, `vk{n}Brutto`, `rabatt{n}` for n = 2..17; null deletes the tier's value (ADR-061). */
export const mengenabhaengigePreise = z
  .object(
    Object.fromEntries(
      STAFFELN.flatMap((n) => [
        [`menge${n}`, tierQty],
        [`vk${n}`, tierNumber],
        [`vk${n}Brutto`, tierNumber],
        [`rabatt${n}`, tierDiscount],
      ]),
    ),
  )
  .superRefine(ascending);
export const mengenabhaengigeRabatte = z
  .object(
    Object.fromEntries(
      STAFFELN.flatMap((n) => [
        [`menge${n}`, tierQty],
        [`rabatt${n}`, tierDiscount],
      ]),
    ),
  )
  .superRefine(ascending);
export type Staffelwerte = Record<string, number | null | undefined>;

/** preisart: 0 one price, 1 quantity-dependent prices, 2 quantity-dependent discounts, 3 time- and quantity-dependent (ADR-055). */
export const PREISARTEN = [0, 1, 2, 3] as const;

/** A time-and-quantity price row (ART-019): from quantity, price net and gross, valid from/to. */
export const apz = z.object({
  id,
  abMenge: z.number(),
  sonderpreis: z.number(),
  sonderpreisBrutto: z.number(),
  gueltigVon: z.string().nullable(),
  gueltigBis: z.string().nullable(),
});
export const apzEingabe = z
  .object({
    abMenge: z.number().min(0).max(1e9),
    sonderpreis: z.number().min(0).max(1e9),
    gueltigVon: isoDate.nullable().optional(),
    gueltigBis: isoDate.nullable().optional(),
  })
  .refine((v) => !v.gueltigVon || !v.gueltigBis || v.gueltigVon <= v.gueltigBis, { message: 'Das Ende muss nach dem Beginn liegen', path: ['gueltigBis'] });

const flags = {
  abweichendeArtikelnummerNutzen: z.boolean(),
  abweichendeTexteNutzen: z.boolean(),
  abweichendeEanNutzen: z.boolean(),
  sonderpreisNutzen: z.boolean(),
};

/** A customer-specific price (ADR-054) with its tiers and time-dependent records. */
export const kundensonderpreis = z.object({
  id,
  adresseId: z.number().int(),
  artikelnummer: z.string(),
  artikelbezeichnung: z.string().nullable(),
  preisart: z.number().int(),
  sonderpreis: z.number().nullable(),
  sonderpreisBrutto: z.number().nullable(),
  mwstSatz: z.number(),
  rabatt1: z.number().nullable(),
  rabatt2: z.number().nullable(),
  /** Price less the percentage discounts (ADR-060). */
  effektiverPreis: z.number().nullable(),
  abweichendeArtikelnummer: z.string().nullable(),
  abweichendeArtikelbezeichnung: z.string().nullable(),
  abweichenderArtikeltext: z.string().nullable(),
  ean: z.string().nullable(),
  ...flags,
  mengenabhaengigePreise: z.record(z.string(), z.number().nullable()),
  mengenabhaengigeRabatte: z.record(z.string(), z.number().nullable()),
  zeitabhaengigePreise: z.array(apz),
});
export type Kundensonderpreis = z.infer<typeof kundensonderpreis>;

export const kundensonderpreisListe = kundensonderpreis.omit({ mengenabhaengigePreise: true, mengenabhaengigeRabatte: true, zeitabhaengigePreise: true });

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
export const kundensonderpreisEingabe = z.object({
  artikelnummer: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(40),
  artikelbezeichnung: optText(200),
  preisart: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
  sonderpreis: z.number().min(0).max(1e9).nullable().optional(),
  mwstSatz: z.number().min(0).max(100).optional(),
  rabatt1: z.number().min(0).max(100).nullable().optional(),
  rabatt2: z.number().min(0).max(100).nullable().optional(),
  abweichendeArtikelnummer: optText(40),
  abweichendeArtikelbezeichnung: optText(200),
  abweichenderArtikeltext: optText(4000),
  ean: z
    .string()
    .regex(/^\d{8,14}$/, 'EAN aus 8 bis 14 Ziffern')
    .nullable()
    .optional(),
  abweichendeArtikelnummerNutzen: z.boolean().optional(),
  abweichendeTexteNutzen: z.boolean().optional(),
  abweichendeEanNutzen: z.boolean().optional(),
  sonderpreisNutzen: z.boolean().optional(),
});
/** A new price: one price (preisart 0, the default) needs its price (issue 9 item 3). */
export const kundensonderpreisNeu = kundensonderpreisEingabe.superRefine((v, ctx) => {
  if ((v.preisart ?? 0) === 0 && (v.sonderpreis === null || v.sonderpreis === undefined))
    ctx.addIssue({ code: 'custom', message: 'Bitte einen Preis eingeben', path: ['sonderpreis'] });
});
/** PATCH body: the record's own fields and/or the tier objects (ADR-064). */
export const kundensonderpreisAenderung = kundensonderpreisEingabe.partial().extend({
  mengenabhaengigePreise: mengenabhaengigePreise.optional(),
  mengenabhaengigeRabatte: mengenabhaengigeRabatte.optional(),
});

export const preisParams = z.object({ id: urlId, priceId: urlId });
export const apzParams = preisParams.extend({ apzId: urlId });
