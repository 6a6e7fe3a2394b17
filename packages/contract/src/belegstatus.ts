/**
 * The document status machine as one table (issue 18 §2; spec 2 §4, BEL-025/027): which action is allowed in which
 * state, which right it needs and how a refusal answers. The server's guards (belege.core.ts `pruefeAktion`) and the
 * web's buttons and read-only states (sale-documents `labels.ts`) both read it; `belege-status-tabelle.test.ts` walks
 * every (state, action) pair through the API.
 *
 * A document's state is its `belegstatus`, except that a cancelled document (status 6 with `storniertAm`) is the state
 * `storniert`. Status 4 (partially adopted) can be booked or not (`gebuchtAm`): booking needs an unbooked document.
 */

/** belegstatus values (BEL-025). */
export const BELEGSTATUS_WERTE = {
  gespeichert: 1,
  gedruckt: 2,
  gebucht: 3,
  teilweiseUebernommen: 4,
  uebernommen: 5,
  erledigt: 6,
  uebernommenNichtGebucht: 8,
  zusammengefasst: 9,
} as const;
export type Belegstatus = (typeof BELEGSTATUS_WERTE)[keyof typeof BELEGSTATUS_WERTE];
const S = BELEGSTATUS_WERTE;

/** Every status in order; the list filter offers these (BEL-026). */
export const BELEGSTATUS = [
  S.gespeichert,
  S.gedruckt,
  S.gebucht,
  S.teilweiseUebernommen,
  S.uebernommen,
  S.erledigt,
  S.uebernommenNichtGebucht,
  S.zusammengefasst,
] as const;
/** The states of the table: the statuses plus the cancellation. */
export type Belegzustand = Belegstatus | 'storniert';
export const BELEGZUSTAENDE: readonly Belegzustand[] = [...BELEGSTATUS, 'storniert'];

/** German status texts for messages. */
export const BELEGSTATUS_TEXT: Readonly<Record<Belegzustand, string>> = {
  1: 'gespeichert',
  2: 'gedruckt',
  3: 'gebucht',
  4: 'teilweise übernommen',
  5: 'übernommen',
  6: 'erledigt',
  8: 'übernommen, nicht gebucht',
  9: 'zusammengefasst',
  storniert: 'storniert',
};

export type BelegAktion = 'ansehen' | 'aendern' | 'loeschen' | 'drucken' | 'buchen' | 'stornieren' | 'umwandeln' | 'unterschreiben';

export interface BelegAktionRegel {
  /** The states it is allowed in. */
  readonly zustaende: readonly Belegzustand[];
  /** Only a document that was never booked (`gebuchtAm` empty). */
  readonly nurUngebucht?: boolean;
  /** The right the endpoint declares. */
  readonly recht: 'BEK_SEHEN' | 'BEK_AENDERN' | 'BEK_LOESCHEN';
  /** Another user's document also needs BEK_FREMDBEARB (RIGHT-021). */
  readonly fremdRecht: boolean;
  /** The HTTP status of a refusal by state. */
  readonly ablehnung: 409 | 422;
  /**
   * What the action stored before (a signature) may be replaced only in these states and only while unbooked
   * (`nurUngebucht`); the first one is allowed in every state of `zustaende`. Refused with 409.
   */
  readonly ersetzen?: { readonly zustaende: readonly Belegzustand[]; readonly nurUngebucht: boolean };
}

const ALLE = BELEGZUSTAENDE;
const OHNE_STORNO = BELEGSTATUS;

/**
 * The actions of the API and their rules. Merging (status 9) has no call in the spec; a merged document can only be
 * read, printed as PDF and signed.
 */
export const BELEG_AKTIONEN: Readonly<Record<BelegAktion, BelegAktionRegel>> = {
  /** GET, PDF, history: always. */
  ansehen: { zustaende: ALLE, recht: 'BEK_SEHEN', fremdRecht: false, ablehnung: 422 },
  /** Head, foot and positions (BEL-027): saved or printed. */
  aendern: { zustaende: [S.gespeichert, S.gedruckt], recht: 'BEK_AENDERN', fremdRecht: true, ablehnung: 422 },
  /** Only unbooked documents. */
  loeschen: { zustaende: [S.gespeichert, S.gedruckt], nurUngebucht: true, recht: 'BEK_LOESCHEN', fremdRecht: true, ablehnung: 422 },
  /** Printing moves 1 → 2; a booked document's PDF stays readable (`ansehen`). */
  drucken: { zustaende: [S.gespeichert, S.gedruckt], recht: 'BEK_AENDERN', fremdRecht: true, ablehnung: 422 },
  /** 1/2 → 3; a document adopted before booking: 4 stays 4, 8 → 5. */
  buchen: {
    zustaende: [S.gespeichert, S.gedruckt, S.teilweiseUebernommen, S.uebernommenNichtGebucht],
    nurUngebucht: true,
    recht: 'BEK_AENDERN',
    fremdRecht: true,
    ablehnung: 409,
  },
  /** Only booked and not adopted (3 → 6 with storniertAm). */
  stornieren: { zustaende: [S.gebucht], recht: 'BEK_AENDERN', fremdRecht: true, ablehnung: 409 },
  /** From anything still open (BEL-029 for the types). */
  umwandeln: { zustaende: [S.gespeichert, S.gedruckt, S.gebucht, S.teilweiseUebernommen], recht: 'BEK_AENDERN', fremdRecht: true, ablehnung: 409 },
  /**
   * Every status but a cancelled document, another user's document with BEK_FREMDBEARB (RIGHT-021, issue 19 item 3).
   * The first signature is also taken after booking (a delivery note is signed on delivery); replacing one is a change
   * of what was signed: only before booking.
   */
  unterschreiben: {
    zustaende: OHNE_STORNO,
    recht: 'BEK_AENDERN',
    fremdRecht: true,
    ablehnung: 422,
    ersetzen: { zustaende: OHNE_STORNO, nurUngebucht: true },
  },
};

/** The state of a document: its status, or `storniert`. */
export const belegzustand = (b: { belegstatus: number; storniertAm: string | null }): Belegzustand =>
  b.storniertAm ? 'storniert' : (b.belegstatus as Belegstatus);

/** Whether the document's state allows the action (rights are checked apart). */
export function zustandErlaubt(aktion: BelegAktion, b: { belegstatus: number; storniertAm: string | null; gebuchtAm: string | null }): boolean {
  const regel = BELEG_AKTIONEN[aktion];
  if (!regel.zustaende.includes(belegzustand(b))) return false;
  return !(regel.nurUngebucht && b.gebuchtAm);
}

/** Whether what the action stored before (a signature) may be replaced in the document's state (the table's `ersetzen`). */
export function ersetzenErlaubt(aktion: BelegAktion, b: { belegstatus: number; storniertAm: string | null; gebuchtAm: string | null }): boolean {
  const regel = BELEG_AKTIONEN[aktion].ersetzen;
  if (!regel) return zustandErlaubt(aktion, b);
  if (!regel.zustaende.includes(belegzustand(b))) return false;
  return !(regel.nurUngebucht && b.gebuchtAm);
}

/** The statuses in which a document can be changed (BEL-027). */
export const BELEGSTATUS_BEARBEITBAR = BELEG_AKTIONEN.aendern.zustaende as readonly Belegstatus[];
/** The statuses of the default pick-list filter (BEL-036): everything not yet adopted or resolved. */
export const STANDARD_BELEGSTATUS: readonly Belegstatus[] = [S.gespeichert, S.gedruckt, S.gebucht];
