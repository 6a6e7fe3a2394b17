import { z } from 'zod';
// the article kinds live in a module without zod: the product list's first load needs them, not the schemas
import { ARTIKELARTEN } from './artikelarten';
import { id, isoDate, isoDateTime, urlId } from './common';

export { ARTIKELARTEN };
/** Product types (ART-011), derived from the article kind. */
export const ARTIKEL_TYPEN = ['WITH_STOCK', 'WITHOUT_STOCK', 'SERVICE_ARTICLE'] as const;
export const artikelTyp = (artikelart: string): (typeof ARTIKEL_TYPEN)[number] =>
  artikelart === '1' ? 'WITH_STOCK' : artikelart === '3' ? 'SERVICE_ARTICLE' : 'WITHOUT_STOCK';
/** Price scales: staffel '2' reads /AP3 (3 tiers), staffel '5' reads /AP5 (5 tiers) (ART-010, ART-013, ART-014). */
export const STAFFEL_ARTEN = ['2', '5'] as const;

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
const frei = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${String(i + 1).padStart(2, '0')}`, optText(255)])) as Record<
  string,
  ReturnType<typeof optText>
>;
const freiOut = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${String(i + 1).padStart(2, '0')}`, z.string().nullable()])) as Record<
  string,
  z.ZodNullable<z.ZodString>
>;

export const artikelEingabe = z.object({
  artikelnummer: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(40),
  artikelart: z.enum(ARTIKELARTEN),
  name1: optText(120),
  bezeichnung: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(200),
  artikeltext: optText(10_000),
  ean: z
    .string()
    .regex(/^\d{8}$|^\d{12,14}$/, 'EAN aus 8, 12, 13 oder 14 Ziffern')
    .nullable()
    .optional(),
  hersteller: optText(120),
  gesperrt: z.boolean().optional(),
  vknetto: z.number().min(0).max(1e9).optional(),
  mwstsatz: z.number().min(0).max(100).optional(),
  preiseinheit: z.number().int().min(1).max(100_000).optional(),
  verpackungseinheit: z.number().min(0).max(1e6).nullable().optional(),
  mengeneinheit: optText(20),
  gewicht: z.number().min(0).max(1e7).nullable().optional(),
  gewichtNetto: z.number().min(0).max(1e7).nullable().optional(),
  maße: optText(80),
  istRabattierfaehig: z.boolean().optional(),
  istChargenArtikel: z.boolean().optional(),
  istSeriennummernArtikel: z.boolean().optional(),
  istSkontofaehig: z.boolean().optional(),
  warengruppeId: z.number().int().positive().nullable().optional(),
  staffel: z.enum(STAFFEL_ARTEN).nullable().optional(),
  ...frei,
});

export const artikel = z.object({
  id,
  artikelnummer: z.string(),
  artikelart: z.string(),
  typ: z.enum(ARTIKEL_TYPEN),
  name1: z.string().nullable(),
  bezeichnung: z.string(),
  artikeltext: z.string().nullable(),
  ean: z.string().nullable(),
  hersteller: z.string().nullable(),
  gesperrt: z.boolean(),
  vknetto: z.number(),
  vkbrutto: z.number(),
  mwstsatz: z.number(),
  preiseinheit: z.number().int(),
  verpackungseinheit: z.number().nullable(),
  mengeneinheit: z.string().nullable(),
  gewicht: z.number().nullable(),
  gewichtNetto: z.number().nullable(),
  maße: z.string().nullable(),
  istRabattierfaehig: z.boolean(),
  istChargenArtikel: z.boolean(),
  istSeriennummernArtikel: z.boolean(),
  istSkontofaehig: z.boolean(),
  warengruppeId: z.number().int().nullable(),
  staffel: z.string().nullable(),
  /** Stock over every warehouse, from the movement journal. */
  bestand: z.number(),
  verfuegbar: z.number(),
  naechsteLieferung: z.string().nullable(),
  ...freiOut,
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type Artikel = z.infer<typeof artikel>;

/** Columns of the product index (ART-002). */
export const artikelListe = artikel.pick({
  id: true,
  artikelart: true,
  artikelnummer: true,
  bezeichnung: true,
  ean: true,
  gesperrt: true,
  vknetto: true,
  vkbrutto: true,
  bestand: true,
  verfuegbar: true,
  naechsteLieferung: true,
});

export const freiesFeld = z.object({ id, bezeichnung: z.string(), wert: z.string().nullable(), sortierung: z.number().int() });
export const freieFelderEingabe = z
  .array(z.object({ bezeichnung: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(80), wert: z.string().max(2000).nullable() }))
  .max(100);

/**
 * One row per price group and validity period: menge{n}, vk{n}, vk{n}Brutto, aufschlag{n} for n = 1..3 (AP3) or 1..5
 * (AP5) (ART-015), valid from gueltigVon to gueltigBis (calendar days, both included, open ends allowed; ART-019).
 */
export const preisstaffelZeile = z
  .object({ preisgruppe: z.number().int().min(1).max(17), bezeichnung: z.string(), gueltigVon: z.string().nullable(), gueltigBis: z.string().nullable() })
  .catchall(z.number().nullable());

/** The tiers of a scale: 1..5 (AP5 uses all, AP3 the first three). */
export const STAFFEL_STUFEN = [1, 2, 3, 4, 5] as const;
const stufenWert = z
  .number({ error: 'Bitte eine Zahl eingeben' })
  .min(0, 'Bitte einen Wert ab 0 eingeben')
  .max(1e9, 'Bitte einen Wert bis 1.000.000.000 eingeben');
const STUFEN_FELD = /^(menge|vk|aufschlag)[1-5]$|^vk[1-5]Brutto$/;
const PERIODE_FELDER = new Set(['preisgruppe', 'gueltigVon', 'gueltigBis']);
const bisNachVon = (v: { gueltigVon?: string | null; gueltigBis?: string | null }) => !v.gueltigVon || !v.gueltigBis || v.gueltigVon <= v.gueltigBis;
const BIS_VOR_VON = 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen';

/** The quantities a scale row sets a price for: every tier with a quantity, price or markup (a tier without quantity counts from 0). */
export function staffelMengen(row: Record<string, unknown>): number[] {
  return STAFFEL_STUFEN.filter((n) => [`menge${n}`, `vk${n}`, `aufschlag${n}`].some((k) => typeof row[k] === 'number')).map((n) =>
    typeof row[`menge${n}`] === 'number' ? (row[`menge${n}`] as number) : 0,
  );
}

/** True when the calendar-day periods meet (both ends included; a missing end is open). */
export const zeitraeumeUeberschneiden = (
  a: { gueltigVon?: string | null; gueltigBis?: string | null },
  b: { gueltigVon?: string | null; gueltigBis?: string | null },
) => (a.gueltigVon ?? '0000-01-01') <= (b.gueltigBis ?? '9999-12-31') && (b.gueltigVon ?? '0000-01-01') <= (a.gueltigBis ?? '9999-12-31');

const tagDe = (iso: string | null | undefined) => (iso ? iso.split('-').reverse().join('.') : null);
const zeitraumDe = (r: { gueltigVon?: string | null; gueltigBis?: string | null }) =>
  r.gueltigVon || r.gueltigBis
    ? `${tagDe(r.gueltigVon) ? `vom ${tagDe(r.gueltigVon)}` : 'ohne Beginn'} ${tagDe(r.gueltigBis) ? `bis ${tagDe(r.gueltigBis)}` : 'ohne Ende'}`
    : 'unbefristet';

/**
 * Rows of the same price group whose periods overlap must not both price the same quantity (the price on a day would
 * be ambiguous, ART-019): answers, per later row, the first row it collides with and the quantity.
 */
export function staffelUeberschneidungen(
  rows: readonly ({ preisgruppe: number; gueltigVon?: string | null; gueltigBis?: string | null } & Record<string, unknown>)[],
): { index: number; message: string }[] {
  const out: { index: number; message: string }[] = [];
  rows.forEach((row, i) => {
    const mengen = staffelMengen(row);
    for (let j = 0; j < i; j++) {
      const other = rows[j] as (typeof rows)[number];
      if (other.preisgruppe !== row.preisgruppe || !zeitraeumeUeberschneiden(row, other)) continue;
      const gemeinsam = staffelMengen(other).find((m) => mengen.includes(m));
      if (gemeinsam === undefined) continue;
      out.push({
        index: i,
        message: `Überschneidet sich mit der Staffel der Preisgruppe ${row.preisgruppe} (${zeitraumDe(other)}) für die Menge ${String(gemeinsam).replace('.', ',')}`,
      });
      return;
    }
  });
  return out;
}

/** One price group's scale for a period as the product record's dialog edits it (ART-015, ART-019). */
export const preisstaffelZeileEingabe = z
  .object({
    preisgruppe: z.number().int().min(1).max(17),
    gueltigVon: isoDate.nullable().optional(),
    gueltigBis: isoDate.nullable().optional(),
    ...Object.fromEntries(STAFFEL_STUFEN.flatMap((n) => [`menge${n}`, `vk${n}`, `aufschlag${n}`].map((k) => [k, stufenWert.nullable().optional()]))),
  })
  .refine(bisNachVon, { message: BIS_VOR_VON, path: ['gueltigBis'] });

/** The rows replacing a scale (PUT): per row a price group, its period and tiers; overlapping rows are refused (ART-019). */
export const preisstaffelEingabe = z
  .array(
    z
      .object({ preisgruppe: z.number().int().min(1).max(17), gueltigVon: isoDate.nullable().optional(), gueltigBis: isoDate.nullable().optional() })
      .catchall(stufenWert.nullable())
      .superRefine((row, ctx) => {
        for (const k of Object.keys(row)) {
          if (!PERIODE_FELDER.has(k) && !STUFEN_FELD.test(k)) ctx.addIssue({ code: 'custom', message: `Unbekanntes Feld ${k}`, path: [k] });
        }
        if (!bisNachVon(row)) ctx.addIssue({ code: 'custom', message: BIS_VOR_VON, path: ['gueltigBis'] });
      }),
  )
  .max(100)
  .superRefine((rows, ctx) => {
    for (const u of staffelUeberschneidungen(rows)) ctx.addIssue({ code: 'custom', message: u.message, path: [u.index, 'gueltigVon'] });
  });
export const staffelParams = z.object({ id: urlId, ap: z.enum(['AP3', 'AP5']) });

export const warengruppe = z.object({ id, bezeichnung: z.string() });
export const artikelStandQuery = z.object({ stichtag: isoDate.optional() });
