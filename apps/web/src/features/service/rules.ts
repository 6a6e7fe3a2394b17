import {
  bestaetigenGrenzen,
  buchungsgrenzen,
  darfAnkommen,
  darfMaterialBuchen,
  darfReiseStarten,
  darfZeitBuchen,
  type JourneyZustand,
  liegtInZukunft,
  MATERIAL_MENGENFELD,
  type Materialbuchungsart,
  type Materialmengen,
  mengeFehler,
  type NachweisFehler,
  type Nachweisfuehrung,
  nachweisFehler,
  nochNichtUmgelagert,
  seriennummernVon,
} from '@vario/contract';
import dayjs from 'dayjs';

/**
 * The field-service checks of the screens (2-business-processes §4, §5): the journey predicates, material bounds and
 * amount rules are the contract's, shared with the server (service-regeln.ts, in thousandths); the dialogs' input
 * checks answer an i18n key of the `service` namespace (or null when the input passes).
 */

export type CheckKey =
  | 'check.remarkRequired'
  | 'check.required'
  | 'check.fromBeforeTo'
  | 'check.costsTooSmall'
  | 'check.costsWholePrice'
  | 'check.distanceRequired'
  | 'check.distanceWhole'
  | 'check.distancePositive'
  | 'check.beforeArrival'
  | 'check.toAfterFrom'
  | 'check.tooLarge'
  | 'check.tooSmall'
  | 'check.invalidValue'
  | 'check.dateAndTime'
  | 'check.serialRequired'
  | 'check.serialCount'
  | 'check.serialDuplicate'
  | 'check.wholePieces'
  | 'check.batchRequired'
  | 'check.future';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Abort and alteration comment: a remark, trimmed non-empty (SVC-040). */
export const checkRemark = (remark: string | null | undefined): CheckKey | null => (isBlank(remark) ? 'check.remarkRequired' : null);

/** The journey's state as the planning item says it (SVC-019..022): the contract's JourneyZustand. */
export type JourneyState = JourneyZustand;

/** Travel start while reisebeginnDatum is empty (SVC-019). The journey rules are the contract's (service-regeln.ts). */
export const canStartTravel = (p: JourneyState) => darfReiseStarten(p);
/** Arrival once travel has started and while vorOrtDatum is empty (SVC-020). */
export const canArrive = (p: JourneyState) => darfAnkommen(p);
/** Hours only after travel start and arrival (SVC-021). */
export const canBookTime = (p: JourneyState) => darfZeitBuchen(p);
/** Material only after arrival on site (SVC-022). */
export const canBookMaterial = (p: JourneyState) => darfMaterialBuchen(p);

export type JourneyStep = 'accept' | 'travelStart' | 'arrival' | 'work' | 'complete';

/**
 * The journey's next step, shown as the big primary button: accept → travel start → arrival → book the service time
 * → complete (signature and report). `hasTime` is true once time was booked on the task.
 */
export function nextStep(p: JourneyState, hasTime: boolean): JourneyStep {
  if (!p.angenommenDatum) return 'accept';
  if (canStartTravel(p)) return 'travelStart';
  if (canArrive(p)) return 'arrival';
  if (!hasTime) return 'work';
  return 'complete';
}

/** Additional-work types (SVC-016): 1 time range, 2 costs, 3 distance. */
export type MehraufwandTyp = 1 | 2 | 3;

export interface MehraufwandDraft {
  mehraufwandArtId: number | null;
  bemerkung: string | null;
  /** HH:mm on the day of `datum`. */
  von: string | null;
  bis: string | null;
  /** ISO date the times belong to. */
  datum: string | null;
  /** Euro (as typed: number, or text that is no number). */
  kosten: number | string | null;
  /** Whole kilometres. */
  strecke: number | string | null;
}

export type FieldChecks<K extends string> = Partial<Record<K, CheckKey>>;

/** The checks of one additional-work line by its type (SVC-041..044). */
export function checkMehraufwand(typ: MehraufwandTyp | null, d: MehraufwandDraft): FieldChecks<'mehraufwandArtId' | 'von' | 'bis' | 'kosten' | 'strecke'> {
  const out: FieldChecks<'mehraufwandArtId' | 'von' | 'bis' | 'kosten' | 'strecke'> = {};
  if (!d.mehraufwandArtId || !typ) out.mehraufwandArtId = 'check.required';
  if (typ === 1) {
    if (isBlank(d.von)) out.von = 'check.required';
    if (isBlank(d.bis)) out.bis = 'check.required';
    if (!out.von && !out.bis && (d.bis as string) <= (d.von as string)) out.bis = 'check.fromBeforeTo';
  }
  if (typ === 2) {
    if (isBlank(d.kosten)) out.kosten = 'check.required';
    else if (typeof d.kosten !== 'number') out.kosten = 'check.costsWholePrice';
    else if (d.kosten <= 0) out.kosten = 'check.costsTooSmall';
  }
  if (typ === 3) {
    if (isBlank(d.strecke)) out.strecke = 'check.distanceRequired';
    else if (typeof d.strecke !== 'number' || !Number.isInteger(d.strecke)) out.strecke = 'check.distanceWhole';
    else if (d.strecke <= 0) out.strecke = 'check.distancePositive';
  }
  return out;
}

/** On save the fields the type does not use are cleared (SVC-045..047). */
export function clearForType<T extends { vonZeitpunkt?: unknown; bisZeitpunkt?: unknown; kosten?: unknown; strecke?: unknown }>(typ: MehraufwandTyp, v: T): T {
  if (typ === 1) return { ...v, kosten: null, strecke: null };
  if (typ === 2) return { ...v, vonZeitpunkt: null, bisZeitpunkt: null, strecke: null };
  return { ...v, vonZeitpunkt: null, bisZeitpunkt: null, kosten: null };
}

/** Arrival distance: present, 0 or more, whole kilometres (SVC-048). */
export function checkDistance(strecke: number | string | null | undefined): CheckKey | null {
  if (isBlank(strecke)) return 'check.distanceRequired';
  if (typeof strecke !== 'number' || !Number.isInteger(strecke)) return 'check.distanceWhole';
  if (strecke < 0) return 'check.tooSmall';
  return null;
}

/** A local date and HH:mm as the ISO instant the server stores. */
export const atTime = (isoDate: string, hhmm: string) => dayjs(`${isoDate}T${hhmm}`).format();

/**
 * A typed time (HH:mm on `isoDate`, default today) after now beyond the contract's clock-skew tolerance
 * (liegtInZukunft, as the server refuses it): 'check.future'.
 */
export function checkNotFuture(hhmm: string | null | undefined, isoDate = dayjs().format('YYYY-MM-DD'), now = Date.now()): CheckKey | null {
  if (!hhmm || !/^\d{2}:\d{2}$/.test(hhmm)) return null;
  return liegtInZukunft(atTime(isoDate, hhmm), now) ? 'check.future' : null;
}

/**
 * Booked time (SVC-049, SVC-050): from and to given, to after from, and on the day of the arrival not before it.
 * Answers the failing field with its key; `arrivalTime` is the HH:mm the message names.
 */
export function checkTimeRange(
  datum: string | null,
  von: string | null,
  bis: string | null,
  vorOrtDatum: string | null | undefined,
): { field: 'datum' | 'von' | 'bis'; key: CheckKey; arrivalTime?: string } | null {
  if (isBlank(datum)) return { field: 'datum', key: 'check.required' };
  if (isBlank(von)) return { field: 'von', key: 'check.required' };
  if (isBlank(bis)) return { field: 'bis', key: 'check.required' };
  if ((bis as string) <= (von as string)) return { field: 'bis', key: 'check.toAfterFrom' };
  if (vorOrtDatum) {
    const arrival = dayjs(vorOrtDatum);
    if (arrival.format('YYYY-MM-DD') === datum && dayjs(atTime(datum as string, von as string)).isBefore(arrival.startOf('minute')))
      return { field: 'von', key: 'check.beforeArrival', arrivalTime: arrival.format('HH:mm') };
  }
  return null;
}

/** Pieces (as the API answers quantities) as the thousandths the shared rules count in, and back. */
export const toThousandths = (pieces: unknown) => (typeof pieces === 'number' && Number.isFinite(pieces) ? Math.round(pieces * 1000) : 0);
export const fromThousandths = (thousandths: number) => thousandths / 1000;

const AMOUNT_CHECK = { ungueltig: 'check.invalidValue', zuGross: 'check.tooLarge', zuKlein: 'check.tooSmall' } as const;

/** Material booking amount (SVC-051..053): not zero, not above the maximum, not below the minimum (in pieces). */
export function checkAmount(menge: number | string | null | undefined, min: number, max: number): CheckKey | null {
  if (isBlank(menge) || typeof menge !== 'number') return 'check.invalidValue';
  const fault = mengeFehler(toThousandths(menge), { min: toThousandths(min), max: toThousandths(max) });
  return fault && AMOUNT_CHECK[fault];
}

/** A subsequent booking for a day after today is refused (SVC-055). */
export const isAfterToday = (isoDate: string | null | undefined, today = dayjs()) => !!isoDate && dayjs(isoDate).startOf('day').isAfter(today.startOf('day'));

/** Calendar entry type id 1 and today by default (SVC-058). */
export const calendarDefaults = (today = dayjs()) => ({
  kalTypId: 1,
  startDatum: today.format('YYYY-MM-DD'),
  endeDatum: today.format('YYYY-MM-DD'),
  vormittags: true,
  nachmittags: true,
  kommentar: '',
});

/** Half-day choices only for one day (SVC-057). */
export const halfDaysShown = (start: string | null | undefined, end: string | null | undefined) => !!start && (!end || start === end);

/** Start and end differ → both half days (SVC-056); a single day keeps the chosen half days. */
export function normalizeHalfDays<T extends { startDatum: string; endeDatum: string; vormittags: boolean; nachmittags: boolean }>(e: T): T {
  return e.startDatum !== e.endeDatum ? { ...e, vormittags: true, nachmittags: true } : e;
}

/** Suspend shortcuts (SVC-027, SVC-028). */
export const SUSPEND_TIMES = ['08:00', '10:00'] as const;
export const suspendDays = (today = dayjs()) => ({ tomorrow: today.add(1, 'day').format('YYYY-MM-DD'), dayAfter: today.add(2, 'day').format('YYYY-MM-DD') });

/** Retaining with a date needs both a date and a time (SVC-029). */
export const canRetainWithDate = (datum: string | null | undefined, zeit: string | null | undefined) =>
  !!datum && /^\d{4}-\d{2}-\d{2}$/.test(datum) && !!zeit && /^\d{2}:\d{2}$/.test(zeit);

/** Minutes as h:mm (used and estimated effort). */
export function formatMinutes(min: number | null | undefined): string {
  if (typeof min !== 'number' || !Number.isFinite(min)) return '–';
  const sign = min < 0 ? '-' : '';
  const abs = Math.abs(Math.round(min));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')} h`;
}

/** Material booking kinds (SVC-014) and the line quantity each one counts in (the contract's map). */
export const MATERIAL_KINDS = MATERIAL_MENGENFELD;
export type MaterialKind = Materialbuchungsart;

export interface MaterialQuantities {
  menge: number;
  mengeUmgelagert: number;
  mengeEingebaut: number;
  mengeDoa: number;
  mengeGutteilretoure: number;
  mengeDefektVerkauft: number;
  mengeDefektEingelagert: number;
}

const inThousandths = <T extends Partial<MaterialQuantities>>(line: T) =>
  Object.fromEntries(Object.entries(line).map(([k, v]) => [k, toThousandths(v)])) as unknown as Materialmengen;

/**
 * The amount range of a booking on a line (in pieces), as the server bounds it (the contract's buchungsgrenzen): good
 * parts up to what is left of the line's quantity; faulty parts up to the installed quantity not yet accounted for;
 * down to minus what was booked of the kind (a negative amount corrects an earlier booking).
 */
export function materialLimits(line: MaterialQuantities, kind: MaterialKind): { min: number; max: number } {
  const g = buchungsgrenzen(inThousandths(line), kind);
  return { min: fromThousandths(g.min), max: fromThousandths(g.max) };
}

/** Confirming received material (in pieces): more than 0, up to what was transferred and not yet confirmed. */
export function confirmLimits(line: Pick<MaterialQuantities, 'mengeUmgelagert'> & { mengeBestaetigt: number }): { min: number; max: number } {
  const g = bestaetigenGrenzen(inThousandths({ menge: 0, ...line }));
  return { min: fromThousandths(g.min), max: fromThousandths(g.max) };
}

/** Material not yet (fully) transferred to the technician gives a warning (SVC-023). */
export const notYetTransferred = (line: Pick<MaterialQuantities, 'menge' | 'mengeUmgelagert'>) => nochNichtUmgelagert(inThousandths(line));

const NACHWEIS_CHECK: Record<NachweisFehler, CheckKey> = {
  seriennrFehlt: 'check.serialRequired',
  seriennrAnzahl: 'check.serialCount',
  seriennrDoppelt: 'check.serialDuplicate',
  ganzeStueck: 'check.wholePieces',
  chargennrFehlt: 'check.batchRequired',
};

/**
 * Serial and batch numbers of a material booking (the contract's nachweisFehler, as the server checks it): an article
 * managed by serial number needs one serial number per piece (whole pieces), one managed by batch number its batch.
 * Answers per field the key and its parameters (`article`, `count`, `given`).
 */
export function checkSerialBatch(
  line: Nachweisfuehrung & { artikelnummer: string; artikelbezeichnung: string },
  menge: number | string | null | undefined,
  seriennr: string,
  chargennr: string,
): Partial<Record<'menge' | 'seriennr' | 'chargennr', { key: CheckKey; params: Record<string, string | number> }>> {
  if (typeof menge !== 'number' || !Number.isFinite(menge)) return {};
  const faults = nachweisFehler(line, toThousandths(menge), seriennr, chargennr);
  const params = { article: `${line.artikelnummer} ${line.artikelbezeichnung}`, count: Math.abs(menge), given: seriennummernVon(seriennr).length };
  return Object.fromEntries(Object.entries(faults).map(([field, f]) => [field, { key: NACHWEIS_CHECK[f], params }]));
}
