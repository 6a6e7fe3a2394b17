import { AUFTRAGSSTATUS, MATERIAL_MENGENFELD, MATERIALSTATUS, type Materialbuchungsart, type ServiceAktionArt } from './service-codes';
import { AUFTRAGSSTATUS_TABELLE, type ServicePhase } from './service-status';

/**
 * The rules of the field service that the server and the technician's device both apply (2-business-processes §4–§5,
 * SVC-019..023, SVC-051..054): pure functions, quantities in thousandths as the server stores them. The server's
 * service (apps/server/src/modules/service) guards with them; the device's offline overlay and the screens' buttons
 * (apps/web/src/features/service) follow them, so a step done offline looks as the server will make it.
 */

// ---------------------------------------------------------------- the journey

/** The state of a visit as its planning item (and the task) tell it. */
export interface JourneyZustand {
  /** false once rejected, returned or finished; absent counts as active. */
  aktiv?: boolean | null;
  angenommenDatum?: string | null;
  reisebeginnDatum?: string | null;
  vorOrtDatum?: string | null;
  /** The technician's automatic time recording runs on this visit. */
  zeitLaeuft?: boolean;
  /** The task's status: completed and cancelled tasks take no step. */
  auftragsstatus?: string | null;
}

const GESCHLOSSEN: readonly string[] = [AUFTRAGSSTATUS.abgeschlossen, AUFTRAGSSTATUS.storniert];
export const istGeschlossen = (auftragsstatus: string | null | undefined) => !!auftragsstatus && GESCHLOSSEN.includes(auftragsstatus);

/** The phase of a visit (null: the task has no planning item). Travel and arrival count only in that order. */
export function phaseVon(p: JourneyZustand | null | undefined): ServicePhase {
  if (istGeschlossen(p?.auftragsstatus)) return 'geschlossen';
  if (!p) return 'ohnePlanung';
  if (p.aktiv === false) return 'beendet';
  if (!p.angenommenDatum) return 'offen';
  if (!p.reisebeginnDatum) return 'angenommen';
  if (!p.vorOrtDatum) return 'unterwegs';
  return p.zeitLaeuft ? 'inArbeit' : 'vorOrt';
}

/**
 * Why a step is refused in a phase. `geschlossen`, `nichtAktiv` and `zeitLaeuft` are conflicts (409), `ohnePlanung`
 * a missing planning item (404), every other a business rule (422). The server words each (service/journey.ts).
 */
export type Verweigerung =
  | 'geschlossen'
  | 'ohnePlanung'
  | 'nichtAktiv'
  | 'nichtAngenommen'
  | 'bereitsAngenommen'
  | 'angenommenZurueckgeben'
  | 'schonVorOrt'
  | 'reiseGebucht'
  | 'reiseFehlt'
  | 'ankunftGebucht'
  | 'ankunftFehlt'
  | 'stundenErstVorOrt'
  | 'materialErstVorOrt'
  | 'keineZeitLaeuft'
  | 'zeitLaeuft';

export const VERWEIGERUNG_STATUS: Record<Verweigerung, 404 | 409 | 422> = {
  geschlossen: 409,
  ohnePlanung: 404,
  nichtAktiv: 409,
  nichtAngenommen: 422,
  bereitsAngenommen: 422,
  angenommenZurueckgeben: 422,
  schonVorOrt: 422,
  reiseGebucht: 422,
  reiseFehlt: 422,
  ankunftGebucht: 422,
  ankunftFehlt: 422,
  stundenErstVorOrt: 422,
  materialErstVorOrt: 422,
  keineZeitLaeuft: 422,
  zeitLaeuft: 409,
};

/** A step's answer in every phase: null allowed, else the refusal. */
type Phasen = Record<ServicePhase, Verweigerung | null>;

/** Steps on a planning item: closed tasks, ended visits and missing items refuse; the rest as given. */
const aufPlanung = (p: Partial<Record<'offen' | 'angenommen' | 'unterwegs' | 'vorOrt' | 'inArbeit', Verweigerung>>): Phasen => ({
  ohnePlanung: 'ohnePlanung',
  offen: p.offen ?? null,
  angenommen: p.angenommen ?? null,
  unterwegs: p.unterwegs ?? null,
  vorOrt: p.vorOrt ?? null,
  inArbeit: p.inArbeit ?? null,
  beendet: 'nichtAktiv',
  geschlossen: 'geschlossen',
});
/** Steps on the task (additional work, signature, completion, confirming material): only a closed task refuses. */
const aufAuftrag: Phasen = {
  ohnePlanung: null,
  offen: null,
  angenommen: null,
  unterwegs: null,
  vorOrt: null,
  inArbeit: null,
  beendet: null,
  geschlossen: 'geschlossen',
};
/** Material bookings: on site only (SVC-022). */
const vorOrtMaterial: Phasen = {
  ohnePlanung: 'materialErstVorOrt',
  offen: 'materialErstVorOrt',
  angenommen: 'materialErstVorOrt',
  unterwegs: 'materialErstVorOrt',
  vorOrt: null,
  inArbeit: null,
  beendet: 'materialErstVorOrt',
  geschlossen: 'geschlossen',
};
/** Steps of the technician that concern no task (subsequent bookings, calendar entries). */
const ohneAuftrag: Phasen = { ...aufAuftrag, geschlossen: null };

const nichtAngenommen = { offen: 'nichtAngenommen' } as const;
const stunden = { ...nichtAngenommen, angenommen: 'stundenErstVorOrt', unterwegs: 'stundenErstVorOrt' } as const;
const ST = AUFTRAGSSTATUS;

export interface JourneySchritt {
  /** The step's answer in each phase. */
  phasen: Phasen;
  /** The task status after the step (null: unchanged); suspending depends on its data (with a date 19, else 21). */
  nach: string | null | ((daten: { datum?: string | null }) => string);
  /** The right the step needs beyond reaching the task (the technician's own, or every task with SVC_DISPO): none. */
  recht: string | null;
}

/**
 * Every step of the technician (the sync action kinds): from which phase it is allowed (SVC-019..025), the status it
 * leads to (AUFTRAGSSTATUS) and its right. The web's buttons, the device's overlay, the server's guards and the API
 * test that walks every (status, step) pair read this table.
 */
export const JOURNEY_SCHRITTE: Record<ServiceAktionArt, JourneySchritt> = {
  annehmen: {
    phasen: aufPlanung({ angenommen: 'bereitsAngenommen', unterwegs: 'bereitsAngenommen', vorOrt: 'bereitsAngenommen', inArbeit: 'bereitsAngenommen' }),
    nach: ST.angenommen,
    recht: null,
  },
  ablehnen: {
    phasen: aufPlanung({
      angenommen: 'angenommenZurueckgeben',
      unterwegs: 'angenommenZurueckgeben',
      vorOrt: 'angenommenZurueckgeben',
      inArbeit: 'angenommenZurueckgeben',
    }),
    nach: ST.abgelehnt,
    recht: null,
  },
  zurueckgeben: { phasen: aufPlanung(nichtAngenommen), nach: ST.zurueckgegeben, recht: null },
  zurueckstellen: {
    phasen: aufPlanung(nichtAngenommen),
    nach: (d) => (d.datum ? ST.zurueckgestellt : ST.zurueckgestelltOhneTermin),
    recht: null,
  },
  dienstende: { phasen: aufPlanung(nichtAngenommen), nach: ST.dienstende, recht: null },
  telefonischErledigt: {
    phasen: aufPlanung({ ...nichtAngenommen, vorOrt: 'schonVorOrt', inArbeit: 'schonVorOrt' }),
    nach: ST.telefonischErledigt,
    recht: null,
  },
  reisebeginn: {
    phasen: aufPlanung({ ...nichtAngenommen, unterwegs: 'reiseGebucht', vorOrt: 'reiseGebucht', inArbeit: 'reiseGebucht' }),
    nach: ST.reiseGestartet,
    recht: null,
  },
  ankunft: {
    phasen: aufPlanung({ ...nichtAngenommen, angenommen: 'reiseFehlt', vorOrt: 'ankunftGebucht', inArbeit: 'ankunftGebucht' }),
    nach: ST.vorOrt,
    recht: null,
  },
  /** Correcting the booked arrival time (with its history row): only once the arrival is booked and before completion. */
  ankunftKorrigieren: {
    phasen: aufPlanung({ ...nichtAngenommen, angenommen: 'ankunftFehlt', unterwegs: 'ankunftFehlt' }),
    nach: null,
    recht: null,
  },
  /** One automatic recording per technician: a running one refuses (409) unless the step says `abbrechen` (SVC-025). */
  zeitStart: { phasen: aufPlanung({ ...stunden, inArbeit: 'zeitLaeuft' }), nach: ST.inArbeit, recht: null },
  zeitStopp: { phasen: aufPlanung({ ...stunden, vorOrt: 'keineZeitLaeuft' }), nach: ST.arbeitUnterbrochen, recht: null },
  serviceZeit: { phasen: aufPlanung(stunden), nach: null, recht: null },
  materialBuchung: { phasen: vorOrtMaterial, nach: null, recht: null },
  rueckbuchung: { phasen: vorOrtMaterial, nach: null, recht: null },
  materialBestaetigen: { phasen: aufAuftrag, nach: null, recht: null },
  nachbuchung: { phasen: ohneAuftrag, nach: null, recht: null },
  mehraufwandNeu: { phasen: aufAuftrag, nach: null, recht: null },
  mehraufwandAendern: { phasen: aufAuftrag, nach: null, recht: null },
  mehraufwandLoeschen: { phasen: aufAuftrag, nach: null, recht: null },
  unterschrift: { phasen: aufAuftrag, nach: null, recht: null },
  /** Also needs the customer's signature (422 without). */
  abschluss: { phasen: aufAuftrag, nach: ST.abgeschlossen, recht: null },
  kalenderNeu: { phasen: ohneAuftrag, nach: null, recht: null },
  kalenderAendern: { phasen: ohneAuftrag, nach: null, recht: null },
  kalenderLoeschen: { phasen: ohneAuftrag, nach: null, recht: null },
};

/** Why `schritt` is refused in `phase`, or null when it is allowed. */
export const verweigerung = (schritt: ServiceAktionArt, phase: ServicePhase): Verweigerung | null => JOURNEY_SCHRITTE[schritt].phasen[phase];
export const schrittErlaubt = (schritt: ServiceAktionArt, z: JourneyZustand | null | undefined) => verweigerung(schritt, phaseVon(z)) === null;

/** The task status after a step (null: the step leaves it). */
export function statusNach(schritt: ServiceAktionArt, daten: { datum?: unknown } = {}): string | null {
  const nach = JOURNEY_SCHRITTE[schritt].nach;
  return typeof nach === 'function' ? nach({ datum: typeof daten.datum === 'string' ? daten.datum : null }) : nach;
}

/** The phase a status leaves the visit in (null: a status only the office sets — the planning item decides). */
export const phaseDesStatus = (status: string) => AUFTRAGSSTATUS_TABELLE.find((z) => z.status === status)?.phase ?? null;

/** Travel start while reisebeginnDatum is empty (SVC-019). */
export const darfReiseStarten = (z: JourneyZustand) => schrittErlaubt('reisebeginn', z);
/** Arrival once travel has started and while vorOrtDatum is empty (SVC-020). */
export const darfAnkommen = (z: JourneyZustand) => schrittErlaubt('ankunft', z);
/** Hours only after travel start and arrival (SVC-021). */
export const darfZeitBuchen = (z: JourneyZustand) => schrittErlaubt('serviceZeit', z);
/** Material only after arrival on site (SVC-022). */
export const darfMaterialBuchen = (z: JourneyZustand) => schrittErlaubt('materialBuchung', z);

// ---------------------------------------------------------------- times

/**
 * How far a time a step carries may lie after now: the clock skew allowed between the device and the server. A step's
 * moment (`zeitpunkt`) after the server's now, or a time typed into a dialog (arrival 06:45 at 06:23) after the step's
 * moment, by more than this is refused (the server with a field error, the device before sending).
 */
export const ZUKUNFT_TOLERANZ_MS = 2 * 60_000;

/** Whether `zeit` lies after `jetzt` by more than the tolerance (an invalid time counts as not in the future). */
export function liegtInZukunft(zeit: string | number | Date, jetzt: string | number | Date = Date.now()): boolean {
  const t = new Date(zeit).getTime();
  const n = new Date(jetzt).getTime();
  return Number.isFinite(t) && Number.isFinite(n) && t > n + ZUKUNFT_TOLERANZ_MS;
}

/**
 * The fields of a step's data that carry a time the technician types (HH:mm on the step's day, or a full time); the
 * step's own moment is `zeitpunkt`. None of them may lie in the future (liegtInZukunft). The review page offers these
 * fields (and `zeitpunkt`) for correction.
 */
export const SCHRITT_ZEITFELDER: Partial<Record<ServiceAktionArt, readonly string[]>> = {
  reisebeginn: ['datum'],
  ankunft: ['datum'],
  ankunftKorrigieren: ['datum'],
  zeitStart: ['datum'],
  zeitStopp: ['datum'],
  serviceZeit: ['von', 'bis'],
  nachbuchung: ['nachbuchungTimeStamp'],
  mehraufwandNeu: ['vonZeitpunkt', 'bisZeitpunkt'],
  mehraufwandAendern: ['vonZeitpunkt', 'bisZeitpunkt'],
};

/**
 * Steps that end a task for the customer (signature, completion): they wait until every earlier step of the same task
 * was accepted — the device holds them back while one is pending or refused, the server refuses them in a sync batch
 * after a refused step of the same task.
 */
export const ABSCHLUSS_SCHRITTE: readonly ServiceAktionArt[] = ['unterschrift', 'abschluss'];

// ---------------------------------------------------------------- material (thousandths)

export type Mengenfeld = (typeof MATERIAL_MENGENFELD)[Materialbuchungsart] | 'mengeBestaetigt';

/** The quantity field a material step counts in (a return booking is a good-part return); null for other steps. */
export function mengenfeldDesSchritts(schritt: ServiceAktionArt, art?: unknown): Mengenfeld | null {
  if (schritt === 'rueckbuchung') return MATERIAL_MENGENFELD.gutteilretoure;
  if (schritt === 'materialBestaetigen') return 'mengeBestaetigt';
  if (schritt === 'materialBuchung' && typeof art === 'string' && Object.hasOwn(MATERIAL_MENGENFELD, art))
    return MATERIAL_MENGENFELD[art as Materialbuchungsart];
  return null;
}

/** The quantities of a transfer line in thousandths (a quantity a new line does not set yet is 0). */
export interface Materialmengen {
  menge: number;
  mengeReserviert?: number;
  mengeUmgelagert?: number;
  mengeBestaetigt?: number;
  mengeNichtGeliefert?: number;
  mengeEingebaut?: number;
  mengeDoa?: number;
  mengeGutteilretoure?: number;
  mengeDefektVerkauft?: number;
  mengeDefektEingelagert?: number;
}
const q = (v: number | undefined) => v ?? 0;

/** What the good-part bookings used of the line: installed, DOA and returned. */
export const verbraucht = (m: Materialmengen) => q(m.mengeEingebaut) + q(m.mengeDoa) + q(m.mengeGutteilretoure);

export interface Grenzen {
  min: number;
  max: number;
}

/**
 * SVC-051..054: the bounds of a booking (thousandths). Good parts (installed, DOA, return) up to what is left of the
 * line's quantity; faulty parts (sold, stored) up to the installed quantity not yet accounted for (each installed part
 * replaces one faulty part). A negative amount corrects earlier bookings of the same kind, down to minus their sum.
 */
export function buchungsgrenzen(m: Materialmengen, art: Materialbuchungsart): Grenzen {
  const min = -q(m[MATERIAL_MENGENFELD[art]]);
  if (art === 'defektVerkauft' || art === 'defektEingelagert')
    return { min, max: q(m.mengeEingebaut) - q(m.mengeDefektVerkauft) - q(m.mengeDefektEingelagert) };
  return { min, max: m.menge - verbraucht(m) };
}
/** Confirming received material: at least one thousandth, up to what was transferred and not yet confirmed. */
export const bestaetigenGrenzen = (m: Materialmengen): Grenzen => ({ min: 1, max: q(m.mengeUmgelagert) - q(m.mengeBestaetigt) });
/** The office's transfer: at least one thousandth, up to what is not yet transferred. */
export const umlagernGrenzen = (m: Materialmengen): Grenzen => ({ min: 1, max: m.menge - q(m.mengeUmgelagert) });

/** The amount rules of the material dialogs (SVC-051..053): non-zero, not above the maximum, not below the minimum. */
export function mengeFehler(menge: number, g: Grenzen): 'ungueltig' | 'zuGross' | 'zuKlein' | null {
  if (!Number.isFinite(menge) || menge === 0) return 'ungueltig';
  if (menge > g.max) return 'zuGross';
  if (menge < g.min) return 'zuKlein';
  return null;
}

/** Material not yet (fully) transferred to the technician gives a warning (SVC-023). */
export const nochNichtUmgelagert = (m: Materialmengen) => q(m.mengeUmgelagert) < m.menge;
/** A booking of installed or DOA parts beyond what was transferred (allowed, with a warning: SVC-023). */
export const uebersteigtUmlagerung = (m: Materialmengen, art: Materialbuchungsart, menge: number) =>
  (art === 'eingebaut' || art === 'doa') && menge > 0 && verbraucht(m) + menge > q(m.mengeUmgelagert);

const MS = MATERIALSTATUS;
/** The material status of a line from its quantities (§4 colours: 10, 13, 15, 17, 25, 27, 19, 29). */
export function materialstatusVon(m: Materialmengen): string {
  const umgelagert = q(m.mengeUmgelagert);
  if (m.menge > 0 && verbraucht(m) >= m.menge) return MS.verbucht;
  if (q(m.mengeNichtGeliefert) > 0) return MS.nichtLieferbar;
  if (umgelagert === 0) return q(m.mengeReserviert) > 0 ? MS.reserviert : MS.angefordert;
  if (umgelagert < m.menge) return MS.inUmlagerung;
  const best = q(m.mengeBestaetigt);
  if (best >= umgelagert) return MS.bestaetigt;
  return best > 0 ? MS.teilweiseBestaetigt : MS.umgelagert;
}

/** Order of the material statuses from least to most advanced: a task's status is its least advanced line's. */
export const MATERIALSTATUS_RANG: readonly string[] = [
  MS.nichtLieferbar,
  MS.angefordert,
  MS.reserviert,
  MS.inUmlagerung,
  MS.umgelagert,
  MS.teilweiseBestaetigt,
  MS.bestaetigt,
  MS.verbucht,
];
/** The least advanced of a task's line statuses (null without lines). */
export const auftragsMaterialstatus = (zeilen: readonly string[]) =>
  [...zeilen].sort((x, y) => MATERIALSTATUS_RANG.indexOf(x) - MATERIALSTATUS_RANG.indexOf(y))[0] ?? null;

// ---------------------------------------------------------------- serial and batch numbers (issue 19 item 16)

/** How an article is managed (its master data flags, 1-master-data: istSeriennummernArtikel, istChargenArtikel). */
export interface Nachweisfuehrung {
  istSeriennummernArtikel?: boolean | null;
  istChargenArtikel?: boolean | null;
}

/**
 * The serial numbers a booking names: its `seriennr` text split at commas, semicolons and line breaks, each trimmed
 * (a serial number may hold blanks; empty parts do not count).
 */
export const seriennummernVon = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/[,;\r\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Why a material booking's serial or batch number is refused: `seriennrFehlt` none given; `seriennrAnzahl` not one
 * serial number per piece; `seriennrDoppelt` a serial number twice; `ganzeStueck` a serial-numbered article booked in
 * parts of a piece; `chargennrFehlt` no batch number.
 */
export type NachweisFehler = 'seriennrFehlt' | 'seriennrAnzahl' | 'seriennrDoppelt' | 'ganzeStueck' | 'chargennrFehlt';

/**
 * Serial and batch numbers of a material booking (every kind: installed, DOA, good-part return, faulty sold/stored —
 * the faulty part removed is of the same article). An article managed by serial number is booked in whole pieces with
 * exactly one serial number per piece: quantity n (or a correction of −n) names n different serial numbers in one
 * booking. An article managed by batch number names the batch (one batch per booking). Other articles may carry
 * either, as they like. `menge` in thousandths; answers the field each fault belongs to (empty when the booking passes).
 */
export function nachweisFehler(
  artikel: Nachweisfuehrung,
  menge: number,
  seriennr: string | null | undefined,
  chargennr: string | null | undefined,
): Partial<Record<'menge' | 'seriennr' | 'chargennr', NachweisFehler>> {
  const out: Partial<Record<'menge' | 'seriennr' | 'chargennr', NachweisFehler>> = {};
  if (artikel.istSeriennummernArtikel) {
    const nummern = seriennummernVon(seriennr);
    const stueck = Math.abs(menge) / 1000;
    if (!Number.isInteger(stueck)) out.menge = 'ganzeStueck';
    if (nummern.length === 0) out.seriennr = 'seriennrFehlt';
    else if (new Set(nummern).size !== nummern.length) out.seriennr = 'seriennrDoppelt';
    else if (!out.menge && nummern.length !== stueck) out.seriennr = 'seriennrAnzahl';
  }
  if (artikel.istChargenArtikel && !chargennr?.trim()) out.chargennr = 'chargennrFehlt';
  return out;
}
