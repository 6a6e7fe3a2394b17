import { z } from 'zod';
import { id, isoDate, isoDateTime } from './common';
import { dbId } from './service';

/**
 * Time tracking (spec 2 §2/§3/§7, ZEIT-001…006). An entry is one sign-in (anmeldung) with its sign-out (abmeldung;
 * empty while it runs). Subsequent bookings go through the field service's (serviceNachbuchungen, SVC-017/055) and
 * are applied to the entries. The contract model per user (weekly target per weekday, yearly leave days) has
 * valid-from dates; the balance counts from the first model's date. Instants are UTC, days Europe/Berlin.
 */

/** Entry types (typ): 1 work on site, 2 home office, 3 business errand. Their names are the web's (`zeit:typ.<n>`). */
export const ZEITBUCHUNG_TYPEN = [1, 2, 3] as const;
export type ZeitbuchungTyp = (typeof ZEITBUCHUNG_TYPEN)[number];

/** The calendar entry type that is leave (serviceKalenderTypen row 1 'Urlaub', migration 0010): it uses leave days. */
export const URLAUB_KALENDERTYP = 1;

/**
 * A year's leave entitlement from the contract models (each `urlaubstage` a full year's days, valid from `gueltigAb`
 * until the next model). Employment that begins in the year earns a twelfth per full month from its first day
 * (BUrlG § 5 (1)); before the first model there is none. A model change in the year weighs each model's days by the
 * days it is in force. A fraction of at least half a day is rounded up to a whole day (BUrlG § 5 (2)); a smaller one
 * is kept to the hundredth. One model all year: its days exactly.
 */
export function urlaubsanspruch(modelle: readonly { gueltigAb: string; urlaubstage: number }[], jahr: number): number {
  const sorted = [...modelle].sort((a, b) => a.gueltigAb.localeCompare(b.gueltigAb));
  const jahrBeginn = `${jahr}-01-01`;
  const naechstesJahr = `${jahr + 1}-01-01`;
  const beginn = sorted[0] && sorted[0].gueltigAb > jahrBeginn ? sorted[0].gueltigAb : jahrBeginn;
  if (!sorted[0] || beginn >= naechstesJahr) return 0;
  const tage = (von: string, bis: string) => (Date.parse(bis) - Date.parse(von)) / 86_400_000;
  let gewichtet = 0;
  for (let i = 0; i < sorted.length; i++) {
    const m = sorted[i] as { gueltigAb: string; urlaubstage: number };
    const ende = sorted[i + 1]?.gueltigAb ?? naechstesJahr;
    // the days the model is in force within [beginn, next year) (ISO days as instants)
    const von = Math.max(Date.parse(m.gueltigAb), Date.parse(beginn));
    const bis = Math.min(Date.parse(ende), Date.parse(naechstesJahr));
    if (von < bis) gewichtet += (m.urlaubstage * (bis - von)) / 86_400_000;
  }
  const anspruch = ((gewichtet / tage(beginn, naechstesJahr)) * volleMonate(beginn, naechstesJahr)) / 12;
  const ganz = Math.floor(anspruch + 1e-9);
  return anspruch - ganz >= 0.5 - 1e-9 ? ganz + 1 : Math.round(anspruch * 100) / 100;
}

/** Full months from `von` (inclusive) to `bis` (exclusive), both YYYY-MM-DD: 1 Jan → 1 Jan next year is 12. */
function volleMonate(von: string, bis: string): number {
  const [y, m, d] = von.split('-').map(Number) as [number, number, number];
  let n = 0;
  for (;;) {
    // the day the (n+1)th month ends after: von's day n+1 months on (the month's last day when it has fewer days)
    const mm = m - 1 + n + 1;
    const jahr = y + Math.floor(mm / 12);
    const monat = (mm % 12) + 1;
    const letzter = new Date(Date.UTC(jahr, monat, 0)).getUTCDate();
    const tag = `${jahr}-${String(monat).padStart(2, '0')}-${String(Math.min(d, letzter)).padStart(2, '0')}`;
    if (tag > bis || n >= 12) return n;
    n++;
  }
}

/** Working-time law (ArbZG §§ 3, 4, 5): thresholds in seconds. A break counts from 15 minutes on (§ 4 sentence 2). */
export const ARBZG = {
  PAUSE_AB_6H: 6 * 3600,
  PAUSE_6H: 30 * 60,
  PAUSE_AB_9H: 9 * 3600,
  PAUSE_9H: 45 * 60,
  MAX_TAG: 10 * 3600,
  RUHEZEIT: 11 * 3600,
  MIN_PAUSENBLOCK: 15 * 60,
} as const;
export const ARBZG_WARNUNGEN = ['PAUSE_6', 'PAUSE_9', 'MAX_10', 'RUHE_11'] as const;
export type ArbzgWarnung = (typeof ARBZG_WARNUNGEN)[number];

/**
 * The law's warnings for one day: worked seconds, break seconds (gaps of at least 15 minutes) and the rest before the
 * day's first sign-in since the last sign-out before it (null: none known).
 */
export function arbzgWarnungen(t: { arbeitSek: number; pausenSek: number; ruheSek: number | null }): ArbzgWarnung[] {
  const out: ArbzgWarnung[] = [];
  if (t.arbeitSek > ARBZG.PAUSE_AB_9H) {
    if (t.pausenSek < ARBZG.PAUSE_9H) out.push('PAUSE_9');
  } else if (t.arbeitSek > ARBZG.PAUSE_AB_6H && t.pausenSek < ARBZG.PAUSE_6H) out.push('PAUSE_6');
  if (t.arbeitSek > ARBZG.MAX_TAG) out.push('MAX_10');
  if (t.ruheSek !== null && t.ruheSek < ARBZG.RUHEZEIT) out.push('RUHE_11');
  return out;
}

/** Seconds as hh:mm:ss (hours may pass 24; a minus sign for negative balances). */
export function hms(sekunden: number): string {
  const neg = sekunden < 0;
  const s = Math.floor(Math.abs(sekunden));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${neg ? '-' : ''}${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** The dash shown for a duration that cannot be told (ZEIT-004). */
export const DAUER_STRICH = '–';

/**
 * ZEIT-003/004: the duration of an entry as hh:mm:ss; a dash when the sign-in is later than the sign-out or missing;
 * a running entry (no sign-out) counts up to `jetzt`.
 */
export function dauerText(anmeldung: string | null, abmeldung: string | null, jetzt: string | number | Date = new Date()): string {
  if (!anmeldung) return DAUER_STRICH;
  const von = Date.parse(anmeldung);
  const bis = abmeldung ? Date.parse(abmeldung) : new Date(jetzt).getTime();
  if (bis < von) return DAUER_STRICH;
  return hms((bis - von) / 1000);
}

export const zeitEintrag = z.object({
  id,
  benutzerId: z.number().int(),
  anmeldung: isoDateTime.nullable(),
  abmeldung: isoDateTime.nullable(),
  /** hh:mm:ss, '–' when sign-in is after sign-out (ZEIT-004), counting up while it runs. */
  dauer: z.string(),
  /** Seconds that count as work (0 for a dash). */
  dauerSekunden: z.number().int(),
  laeuft: z.boolean(),
  typ: z.number().int(),
  kommentar: z.string().nullable(),
  nachgebucht: z.boolean(),
});
export type ZeitEintrag = z.infer<typeof zeitEintrag>;

/** ZEIT-005/006: the day with its entries under ergebnisEintraege; durations and balances in seconds. */
export const zeitTag = z.object({
  datum: isoDate,
  ergebnisEintraege: z.array(zeitEintrag),
  angemeldet: z.boolean(),
  tagesSumme: z.number().int(),
  tagesSoll: z.number().int(),
  tagesSaldo: z.number().int(),
  /** Worked − target from the balance's start date through this day (today: until now). */
  stundenSaldo: z.number().int(),
  saldoAb: isoDate.nullable(),
  /** Leave days of this day's year left: the year's entitlement (urlaubsanspruch: prorated by the months each model is in force) less the leave calendar entries of the year. */
  resturlaub: z.number(),
  /** While signed in today: when the day's target is reached, with the break the law still asks for (ISO). */
  regulaeresArbeitsende: isoDateTime.nullable(),
  pausenSekunden: z.number().int(),
  warnungen: z.array(z.enum(ARBZG_WARNUNGEN)),
});
export type ZeitTag = z.infer<typeof zeitTag>;

export const zeitTagQuery = z.object({ Datum: isoDate });

export const zeitAnmelden = z.object({
  typ: z
    .number()
    .int()
    .refine((v) => (ZEITBUCHUNG_TYPEN as readonly number[]).includes(v), 'Unbekannte Art der Zeitbuchung')
    .optional(),
  kommentar: z.string().trim().max(2000).nullable().optional(),
});
export const zeitAbmelden = z.object({ kommentar: z.string().trim().max(2000).nullable().optional() });

/** Weekly target per weekday in minutes (Monday first) and yearly leave days, valid from a day on. */
export const zeitmodell = z.object({
  id,
  benutzerId: z.number().int(),
  gueltigAb: isoDate,
  minutenMo: z.number().int(),
  minutenDi: z.number().int(),
  minutenMi: z.number().int(),
  minutenDo: z.number().int(),
  minutenFr: z.number().int(),
  minutenSa: z.number().int(),
  minutenSo: z.number().int(),
  urlaubstage: z.number(),
});
export type Zeitmodell = z.infer<typeof zeitmodell>;
const tagMinuten = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);
export const zeitmodellEingabe = z.object({
  benutzerId: dbId,
  gueltigAb: isoDate,
  minutenMo: tagMinuten,
  minutenDi: tagMinuten,
  minutenMi: tagMinuten,
  minutenDo: tagMinuten,
  minutenFr: tagMinuten,
  minutenSa: tagMinuten,
  minutenSo: tagMinuten,
  urlaubstage: z.number().min(0).max(366).multipleOf(0.5),
});
export const zeitmodellQuery = z.object({ benutzerId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
/** The weekday columns in the order of `Date.getUTCDay()` (Sunday first). */
export const ZEITMODELL_TAGE = ['minutenSo', 'minutenMo', 'minutenDi', 'minutenMi', 'minutenDo', 'minutenFr', 'minutenSa'] as const;
