import { list, single, write } from './common';
import { endpoint } from './endpoint';
import { pickBestaetigung, pickliste, picklisteMitArtikeln, picklistenArtikelQuery, picklistenErzeugen, picklistenQuery, picklisteWagen } from './picklisten';
import { PICK_ENTSPERREN_RECHT, PICK_RECHT } from './picklisten-regeln';
import { serviceAktionDaten } from './service';
import { zeitAbmelden, zeitAnmelden, zeitEintrag, zeitmodell, zeitmodellEingabe, zeitmodellQuery, zeitTag, zeitTagQuery } from './zeiterfassung';

const PICK = [PICK_RECHT] as const;
const OWN = 'Object level: every signed-in user reads and books only their own time entries; the contract models are set by administrators';

/** Digital picklists (PICK-001…011) and time tracking (ZEIT-001…006): spec 2 §7, issue 25 items 5–9. */
export const lagerlogistikEndpoints = {
  picklisten: endpoint({
    method: 'GET',
    path: '/tablet/picklisten',
    summary: `PICK-010: the open picklists of a warehouse (lagerId) or of a storage region's warehouses (lagerkreisId), oldest first; exactly one of the two (400). A locked list carries gesperrtVonBenutzer and gesperrtSeit (PICK-008). Needs ${PICK_RECHT} (a project right: denied unless granted).`,
    tag: 'picklisten',
    rights: PICK,
    query: picklistenQuery,
    response: list(pickliste),
  }),
  picklistenArtikel: endpoint({
    method: 'GET',
    path: '/tablet/pickliste-artikel',
    summary: `PICK-011: a picklist (LfdNr) with its lines per article and storage place. Opening takes the list's record lock (code PKL, 30 minutes) for the caller; while another user holds it: 423 naming the holder. With unlock=1 the lock is released instead (idempotent: an unlocked list answers unchanged; another user's lock needs ${PICK_ENTSPERREN_RECHT}, 403; logged in the change log) and the list answers unlocked.`,
    tag: 'picklisten',
    rights: PICK,
    errors: [403, 404, 423],
    query: picklistenArtikelQuery,
    response: single(picklisteMitArtikeln),
  }),
  picklistenErzeugen: endpoint({
    method: 'POST',
    path: '/tablet/picklisten',
    summary:
      "Makes the picklists of a booked order (a document type whose descriptor has pickliste): one per warehouse its stock lines leave from (the position's warehouse, else the default outgoing one), a line per article and storage place (the place holding most of it) with the open quantity (ordered less delivered). 409 when the document is not a booked, uncancelled order or already has picklists, 422 when it has nothing to pick. Answers the lists made.",
    tag: 'picklisten',
    rights: PICK,
    errors: [409, 422],
    body: write(picklistenErzeugen),
    status: 201,
    response: list(pickliste),
  }),
  pickBestaetigen: endpoint({
    method: 'POST',
    path: '/tablet/pickliste-artikel/bestaetigen',
    summary:
      "Confirms a pick of one line: the scanned storage place (location, 422 when another) and article (number or EAN, 422 when another), and the quantity (422 above the open quantity). One transaction: the line's picked quantity, the confirmation row and the stock issue through the movement journal (kind KOMMISSIONIERUNG, 422 when the place lacks the stock). A partial pick leaves the rest open as a backorder line; the last line done closes the list. The caller must hold the list's lock (423 while another user holds it, 409 when nobody does).",
    tag: 'picklisten',
    rights: PICK,
    errors: [404, 409, 422, 423],
    body: write(pickBestaetigung),
    response: single(picklisteMitArtikeln),
  }),
  picklisteWagenSetzen: endpoint({
    method: 'PUT',
    path: '/tablet/pickliste-wagen',
    summary:
      'Sets (or with null clears) the picking cart (wagenNr, PICK-007) of a list the caller holds open: 423 while another user holds the list, 409 when nobody does or the list is done, 400 with a field error on a number longer than 20 characters or with spaces at either end. Answers the list with its lines.',
    tag: 'picklisten',
    rights: PICK,
    errors: [404, 409, 423],
    body: write(picklisteWagen),
    response: single(picklisteMitArtikeln),
  }),

  zeitTag: endpoint({
    method: 'GET',
    path: '/zeiterfassung/Zeitbuchung',
    summary:
      "ZEIT-006: the caller's time entries of a Berlin day (Datum, entries overlapping it) under ergebnisEintraege, with day total, target, day balance, hour balance (worked − target since the first contract model's date, through this day), remaining leave, regular end of work, signed-in flag and the working-time law's warnings (PAUSE_6, PAUSE_9, MAX_10, RUHE_11).",
    tag: 'zeiterfassung',
    rightsNote: OWN,
    query: zeitTagQuery,
    response: single(zeitTag),
  }),
  zeitAnmelden: endpoint({
    method: 'POST',
    path: '/zeiterfassung/anmelden',
    summary: 'Sign in now (typ 1 unless given, kommentar): opens a running entry; 409 while already signed in.',
    tag: 'zeiterfassung',
    rightsNote: OWN,
    errors: [409],
    body: write(zeitAnmelden),
    status: 201,
    response: single(zeitEintrag),
  }),
  zeitAbmelden: endpoint({
    method: 'POST',
    path: '/zeiterfassung/abmelden',
    summary: 'Sign out now: ends the running entry (a kommentar is added to it); 409 when not signed in.',
    tag: 'zeiterfassung',
    rightsNote: OWN,
    errors: [409],
    body: write(zeitAbmelden),
    response: single(zeitEintrag),
  }),
  zeitNachbuchen: endpoint({
    method: 'POST',
    path: '/zeiterfassung/nachbuchung',
    summary:
      "A subsequent sign-in or sign-out, booked as the field service's subsequent booking (SVC-017; a day after today 422, SVC-055) and applied to the entries: a sign-out ends the running entry (its time may lie before the sign-in: the duration then shows a dash), else it stands alone; a sign-in opens an entry (409 while signed in). Answers the entry.",
    tag: 'zeiterfassung',
    rightsNote: OWN,
    errors: [409, 422],
    body: write(serviceAktionDaten.nachbuchung),
    status: 201,
    response: single(zeitEintrag),
  }),
  zeitmodelle: endpoint({
    method: 'GET',
    path: '/zeiterfassung/zeitmodelle',
    summary:
      "Contract models (weekly target minutes per weekday, yearly leave days, valid from) of the caller, or of benutzerId for administrators (another user's: 403).",
    tag: 'zeiterfassung',
    rightsNote: OWN,
    query: zeitmodellQuery,
    response: list(zeitmodell),
  }),
  zeitmodellSetzen: endpoint({
    method: 'PUT',
    path: '/zeiterfassung/zeitmodelle',
    summary:
      'Administrators: sets the model of a user from gueltigAb on (one per day; the same day replaces it). Days before gueltigAb keep the model valid then, so past balances stay as they were.',
    tag: 'zeiterfassung',
    adminOnly: true,
    errors: [404, 422],
    body: write(zeitmodellEingabe),
    response: single(zeitmodell),
  }),
};
