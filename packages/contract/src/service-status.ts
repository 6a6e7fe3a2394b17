import { AUFTRAGSSTATUS, MATERIALSTATUS } from './service-codes';

/**
 * The status tables of the field service (2-business-processes §4): every task status and material status with its
 * name (the dictionary's text), its colour (SVC-030..037, as Mantine colours: "light green" is lime, "black" dark,
 * "secondary" gray) and — for a task status — the journey phase the server leaves the task's planning item in when it
 * sets that status (service-regeln.ts decides from the phase which step is allowed). Statuses only the office sets
 * (phase null) say nothing about the journey: there the planning item alone decides.
 */
export type ServiceFarbe = 'blue' | 'teal' | 'lime' | 'orange' | 'green' | 'yellow' | 'red' | 'gray' | 'dark';

/**
 * Where a task's visit stands: no planning item yet; open (planned, not accepted); accepted (travel not started —
 * also after end of duty and suspending, which clear travel and arrival); travelling; on site; on site with the
 * technician's automatic time recording running on it; ended (rejected, returned, phone-completed: the planning item is
 * no longer active); closed (task completed or cancelled: no step at all).
 */
export const SERVICE_PHASEN = ['ohnePlanung', 'offen', 'angenommen', 'unterwegs', 'vorOrt', 'inArbeit', 'beendet', 'geschlossen'] as const;
export type ServicePhase = (typeof SERVICE_PHASEN)[number];

export interface AuftragsstatusZeile {
  status: string;
  name: string;
  farbe: ServiceFarbe;
  /** The phase the server leaves the visit in when it sets this status; null: set by the office only. */
  phase: ServicePhase | null;
  /** Whether the task stays assigned to its technician in this status (rejected and returned tasks leave him). */
  zugewiesen: boolean;
}

const ST = AUFTRAGSSTATUS;
/** Every task status (art A) of the dictionary, in code order. */
export const AUFTRAGSSTATUS_TABELLE: readonly AuftragsstatusZeile[] = [
  { status: ST.neu, name: 'Neu', farbe: 'blue', phase: 'ohnePlanung', zugewiesen: false },
  { status: ST.disponiert, name: 'Disponiert', farbe: 'blue', phase: 'offen', zugewiesen: true },
  { status: ST.angenommen, name: 'Angenommen', farbe: 'teal', phase: 'angenommen', zugewiesen: true },
  { status: ST.reiseGestartet, name: 'Reise gestartet', farbe: 'teal', phase: 'unterwegs', zugewiesen: true },
  { status: ST.vorOrt, name: 'Vor Ort', farbe: 'teal', phase: 'vorOrt', zugewiesen: true },
  { status: ST.inArbeit, name: 'In Arbeit', farbe: 'teal', phase: 'inArbeit', zugewiesen: true },
  { status: ST.telefonischErledigt, name: 'Telefonisch erledigt', farbe: 'lime', phase: 'beendet', zugewiesen: true },
  { status: ST.arbeitUnterbrochen, name: 'Arbeit unterbrochen', farbe: 'teal', phase: 'vorOrt', zugewiesen: true },
  { status: ST.dienstende, name: 'Dienstende', farbe: 'lime', phase: 'angenommen', zugewiesen: true },
  { status: ST.zurueckgegeben, name: 'Zurückgegeben', farbe: 'lime', phase: 'beendet', zugewiesen: false },
  { status: ST.abgelehnt, name: 'Abgelehnt', farbe: 'orange', phase: 'beendet', zugewiesen: false },
  { status: ST.wiederOffen, name: 'Wieder offen', farbe: 'blue', phase: null, zugewiesen: true },
  { status: ST.abgeschlossen, name: 'Abgeschlossen', farbe: 'green', phase: 'geschlossen', zugewiesen: true },
  { status: ST.zurueckgestellt, name: 'Zurückgestellt', farbe: 'yellow', phase: 'angenommen', zugewiesen: true },
  { status: ST.zurueckgestelltOhneTermin, name: 'Zurückgestellt ohne Termin', farbe: 'yellow', phase: 'angenommen', zugewiesen: true },
  { status: '22', name: 'Wartet auf Material', farbe: 'yellow', phase: null, zugewiesen: true },
  { status: '50', name: 'Rückfrage beim Kunden', farbe: 'yellow', phase: null, zugewiesen: true },
  { status: '80', name: 'Angebot erforderlich', farbe: 'blue', phase: null, zugewiesen: true },
  { status: '85', name: 'Garantieprüfung', farbe: 'blue', phase: null, zugewiesen: true },
  { status: '86', name: 'Nacharbeit erforderlich', farbe: 'lime', phase: null, zugewiesen: true },
  { status: ST.storniert, name: 'Storniert', farbe: 'dark', phase: 'geschlossen', zugewiesen: true },
  { status: '91', name: 'Archiviert', farbe: 'green', phase: null, zugewiesen: true },
  { status: '98', name: 'Abgerechnet', farbe: 'green', phase: null, zugewiesen: true },
];

export interface MaterialstatusZeile {
  status: string;
  name: string;
  farbe: ServiceFarbe;
}
const MS = MATERIALSTATUS;
/** Every material status (art M) of the dictionary. */
export const MATERIALSTATUS_TABELLE: readonly MaterialstatusZeile[] = [
  { status: MS.angefordert, name: 'Angefordert', farbe: 'gray' },
  { status: MS.nichtLieferbar, name: 'Nicht lieferbar', farbe: 'red' },
  { status: MS.reserviert, name: 'Reserviert', farbe: 'yellow' },
  { status: MS.inUmlagerung, name: 'In Umlagerung', farbe: 'orange' },
  { status: MS.bestaetigt, name: 'Bestätigt', farbe: 'green' },
  { status: MS.umgelagert, name: 'Umgelagert', farbe: 'teal' },
  { status: MS.teilweiseBestaetigt, name: 'Teilweise bestätigt', farbe: 'teal' },
  { status: MS.verbucht, name: 'Verbucht', farbe: 'green' },
  { status: '30', name: 'Zurückgesendet', farbe: 'dark' },
  { status: '40', name: 'Storniert', farbe: 'dark' },
];

/** Status codes are two digits; a number or a one-digit text ("1") is read as its two-digit code. */
export const statusCode = (status: string | number | null | undefined) =>
  status === null || status === undefined ? '' : String(status).trim().padStart(2, '0');

export const auftragsstatusZeile = (status: string | number | null | undefined) => AUFTRAGSSTATUS_TABELLE.find((z) => z.status === statusCode(status));
export const materialstatusZeile = (status: string | number | null | undefined) => MATERIALSTATUS_TABELLE.find((z) => z.status === statusCode(status));

/** The task status colour (SVC-030..036): a status not in the table is black. */
export const auftragsstatusFarbe = (status: string | number | null | undefined): ServiceFarbe => auftragsstatusZeile(status)?.farbe ?? 'dark';
/** The material status colour (SVC-037): a status not in the table is black. */
export const materialstatusFarbe = (status: string | number | null | undefined): ServiceFarbe => materialstatusZeile(status)?.farbe ?? 'dark';
