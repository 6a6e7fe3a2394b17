import { z } from 'zod';
import { apiError, id, isoDate, isoDateTime, urlIdUpTo } from './common';
import { MATERIALBUCHUNGSARTEN, SERVICE_SCHRITTARTEN, type ServiceAktionArt } from './service-codes';

/**
 * Field service (2-business-processes §2–§7, rules SVC-*): service orders, planning items and the technician's journey.
 *
 * Every journey step is a POST whose body is `{ data: { …, zeitpunkt? } }`: `zeitpunkt` is the real moment the
 * technician did it (ISO date-time with offset; default now) so a step made offline keeps its time. A step takes an
 * `Idempotency-Key` header (the client's id of the action, e.g. a UUID): the same key again answers the stored result
 * and changes nothing — online and through `POST /service/sync` alike (one store, keyed by user and key).
 * Times of day (`datum`/`von`/`bis` as HH:mm) are wall-clock times in Europe/Berlin on the day of `zeitpunkt`.
 */

/** A record id: positive and inside the integer columns (larger numbers are a 400, never a database error). */
export const dbId = z.number().int().positive().max(2_147_483_647);
const optText = (max: number) => z.string().trim().max(max).nullable().optional();
/** HH:mm (00:00–23:59). */
export const uhrzeit = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Uhrzeit im Format HH:mm');
/** The real time of a step (ISO 8601 with offset or Z). */
export const zeitpunkt = z.iso.datetime({ offset: true, message: 'Zeitpunkt im ISO-Format (z. B. 2026-05-04T08:15:00Z)' });
const mitZeitpunkt = { zeitpunkt: zeitpunkt.optional() };
const bemerkungPflicht = z.string().max(2000);

// ---------------------------------------------------------------- reference data

/** SVC-011: one status of the dictionary; art A = task (auftragsstatus), M = material (materialstatus). */
export const serviceStatus = z.object({ status: z.string(), beschreibung: z.string(), art: z.enum(['A', 'M']) });
/** GET /stammdaten/service/status: limit 50 a page (default), offset; `hasMoreData` while more follow (SVC-064). */
export const serviceStatusQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  art: z.enum(['A', 'M']).optional(),
});

/** SVC-016: additional-work type — typ 1 time range, 2 costs, 3 distance. */
export const mehraufwandsart = z.object({ id, bezeichnung: z.string(), typ: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
/** Calendar entry type (KAL_TYP_ID; default 1, SVC-058). */
export const kalenderTyp = z.object({ id, bezeichnung: z.string(), farbe: z.string().nullable() });

/** SVC-039: umlagerungTyp 1–8. */
export const UMLAGERUNGSTYPEN = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const materialbuchungsart = z.enum(MATERIALBUCHUNGSARTEN);

// ---------------------------------------------------------------- records

/** SVC-010: contact numbers of a task (tappable in the app). */
export const serviceKontakte = z.object({
  stoermelderName: z.string().nullable(),
  stoermelderTelefon: z.string().nullable(),
  standortTelefon1: z.string().nullable(),
  standortTelefon2: z.string().nullable(),
  standortMobil: z.string().nullable(),
  telefon1: z.string().nullable(),
  telefon2: z.string().nullable(),
  mobil: z.string().nullable(),
});

/** SVC-008 (+ contacts, site, technician, completion): a service order as lists answer it. */
export const serviceAuftrag = z.object({
  id,
  auftragsnummer: z.string(),
  auftragsstatus: z.string(),
  materialstatus: z.string().nullable(),
  bezeichnung: z.string(),
  titel: z.string().nullable(),
  auftragsbeschreibung: z.string().nullable(),
  auftragsartId: z.number().int().nullable(),
  abrechnungsartId: z.number().int().nullable(),
  /** Estimated effort in minutes. */
  aufwandGeschaetzt: z.number().int().nullable(),
  /** Used time in minutes (sum of the finished time recordings). */
  gebrauchteZeit: z.number().int(),
  extReferenz: z.string().nullable(),
  kundenauftragskennzeichen: z.string().nullable(),
  adresseId: z.number().int().nullable(),
  adresseName: z.string().nullable(),
  assetId: z.number().int().nullable(),
  technikerId: z.number().int().nullable(),
  technikerName: z.string().nullable(),
  ...serviceKontakte.shape,
  standortName: z.string().nullable(),
  standortStrasse: z.string().nullable(),
  standortPlz: z.string().nullable(),
  standortOrt: z.string().nullable(),
  unterschriftName: z.string().nullable(),
  unterschriftAm: isoDateTime.nullable(),
  abgeschlossenAm: isoDateTime.nullable(),
  /** Completed by the office without the customer's signature: the reason given (null otherwise). */
  ohneUnterschriftGrund: z.string().nullable(),
  /** SHA-256 (hex) of the stored completion report PDF. */
  abschlussberichtSha256: z.string().nullable(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type ServiceAuftrag = z.infer<typeof serviceAuftrag>;

/** SVC-009 (+ state of the journey): a planning item — one visit of a technician for a task. */
export const servicePlanung = z.object({
  id,
  serviceAuftragId: z.number().int().nullable(),
  technikerId: z.number().int().nullable(),
  /** The technician's name (bezeichnung). */
  technikerName: z.string().nullable(),
  beginnDatum: isoDateTime,
  endeDatum: isoDateTime,
  reisebeginnDatum: isoDateTime.nullable(),
  vorOrtDatum: isoDateTime.nullable(),
  angenommenDatum: isoDateTime.nullable(),
  abgelehntDatum: isoDateTime.nullable(),
  /** When the visit ended (returned, phone-completed, completed); the item then leaves the technician's lists. */
  erledigtDatum: isoDateTime.nullable(),
  /** Distance to the site in whole km (arrival). */
  strecke: z.number().int().nullable(),
  bemerkung: z.string().nullable(),
  /** false once rejected, returned, reassigned or finished. */
  aktiv: z.boolean(),
  titel: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  strasse: z.string().nullable(),
  assetBezeichnung: z.string().nullable(),
  assetNr: z.string().nullable(),
  auftragsbeschreibung: z.string().nullable(),
  auftragsnummer: z.string().nullable(),
  auftragsstatus: z.string().nullable(),
  materialstatus: z.string().nullable(),
  aufwandGeschaetzt: z.number().int().nullable(),
  gebrauchteZeit: z.number().int().nullable(),
  adresseName: z.string().nullable(),
});
export type ServicePlanung = z.infer<typeof servicePlanung>;

export const empfangLager = z.object({
  id: z.number().int(),
  bezeichnung: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  strasse: z.string().nullable(),
});

/** SVC-012/013: a material transfer line of a task; quantities in pieces (3 decimals). */
export const serviceMaterial = z.object({
  id,
  serviceAuftragId: z.number().int(),
  artikelId: z.number().int(),
  sctyp: z.string().nullable(),
  artikelnummer: z.string(),
  artikelbezeichnung: z.string(),
  auftragsnummer: z.string(),
  auftragsAdresse: z.string().nullable(),
  standortPlz: z.string().nullable(),
  standortOrt: z.string().nullable(),
  umlagerungTyp: z.number().int().nullable(),
  /** The store the material is transferred from (and a good-part return goes back to). */
  quelleLagerId: z.number().int().nullable(),
  /** The storage place in the source store (stores with storage places only). */
  quelleLagerplatzId: z.number().int().nullable(),
  empfangLagerId: z.number().int().nullable(),
  /** The storage place in the receiving store (stores with storage places only). */
  empfangLagerplatzId: z.number().int().nullable(),
  empfangLager: empfangLager.nullable(),
  mengeneinheit: z.string(),
  menge: z.number(),
  mengeReserviert: z.number(),
  mengeUmgelagert: z.number(),
  mengeBestaetigt: z.number(),
  mengeNichtGeliefert: z.number(),
  mengeDoa: z.number(),
  mengeEingebaut: z.number(),
  mengeGutteilretoure: z.number(),
  mengeDefektVerkauft: z.number(),
  mengeDefektEingelagert: z.number(),
  materialstatus: z.string(),
  technikerId: z.number().int().nullable(),
  /** The article is managed by serial number: a booking names one serial number per piece (service-regeln nachweisFehler). */
  istSeriennummernArtikel: z.boolean(),
  /** The article is managed by batch number: a booking names its batch. */
  istChargenArtikel: z.boolean(),
});
export type ServiceMaterial = z.infer<typeof serviceMaterial>;

/** SVC-014: one material booking (stock moved through the movement journal). */
export const serviceMaterialBuchung = z.object({
  id,
  serviceAuftragId: z.number().int(),
  materialId: z.number().int(),
  artikelId: z.number().int(),
  art: materialbuchungsart,
  menge: z.number(),
  seriennr: z.string().nullable(),
  chargennr: z.string().nullable(),
  zeitpunkt: isoDateTime,
  technikerId: z.number().int().nullable(),
  benutzerId: z.number().int(),
});

/** SVC-015: additional work. */
export const serviceMehraufwand = z.object({
  id,
  serviceAuftragId: z.number().int(),
  mehraufwandArtId: z.number().int(),
  typ: z.number().int(),
  bemerkung: z.string().nullable(),
  vonZeitpunkt: isoDateTime.nullable(),
  bisZeitpunkt: isoDateTime.nullable(),
  /** Euro, 2 decimals. */
  kosten: z.number().nullable(),
  /** Whole km. */
  strecke: z.number().int().nullable(),
  abrechnungsartId: z.number().int().nullable(),
  technikerId: z.number().int().nullable(),
  zeitpunkt: isoDateTime,
});
export type ServiceMehraufwand = z.infer<typeof serviceMehraufwand>;

/** A time recording: art A automatic (start/stop), M manual (service time dialog). */
export const serviceZeit = z.object({
  id,
  technikerId: z.number().int(),
  serviceAuftragId: z.number().int(),
  planungId: z.number().int(),
  art: z.enum(['A', 'M']),
  von: isoDateTime,
  bis: isoDateTime.nullable(),
  minuten: z.number().int().nullable(),
  /** Ended because a new automatic recording was started with `abbrechen: true` (SVC-025). */
  abgebrochen: z.boolean(),
  bemerkung: z.string().nullable(),
});

/** SVC-017: subsequent booking (a missed log-on/log-off booked afterwards). */
export const serviceNachbuchung = z.object({
  id,
  ben_id: z.number().int(),
  istAnmeldung: z.boolean(),
  nachbuchungTimeStamp: isoDateTime,
  kommentar: z.string().nullable(),
  erfasstAm: isoDateTime,
});

/** SVC-018: calendar entry of a user (absence, training …). */
export const serviceKalendereintrag = z.object({
  id,
  KAL_TYP_ID: z.number().int(),
  BEN_ID: z.number().int(),
  Vormittags: z.boolean(),
  Nachmittags: z.boolean(),
  StartDatum: isoDate,
  EndeDatum: isoDate,
  Kommentar: z.string().nullable(),
});

/** The journey log: every step with its real time (`zeitpunkt`) and when the server got it (`erfasstAm`). */
export const serviceSchritt = z.object({
  id,
  serviceAuftragId: z.number().int(),
  planungId: z.number().int().nullable(),
  art: z.string(),
  zeitpunkt: isoDateTime,
  erfasstAm: isoDateTime,
  benutzerId: z.number().int(),
  benutzerName: z.string().nullable(),
  /** 'online' or 'sync' (queued on the device and sent later). */
  quelle: z.enum(['online', 'sync']),
  text: z.string().nullable(),
});

export const serviceAsset = z.object({
  id,
  assetnummer: z.string(),
  bezeichnung: z.string(),
  seriennummer: z.string().nullable(),
  standortName: z.string().nullable(),
  standortStrasse: z.string().nullable(),
  standortPlz: z.string().nullable(),
  standortOrt: z.string().nullable(),
});
export const serviceAdresse = z.object({
  id,
  name1: z.string(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
});

/** A correction of a booked arrival time: the old and the new time, the reason, who and when. */
export const serviceAnkunftKorrektur = z.object({
  id,
  planungId: z.number().int(),
  alt: isoDateTime,
  neu: isoDateTime,
  grund: z.string().nullable(),
  benutzerId: z.number().int(),
  benutzerName: z.string().nullable(),
  geaendertAm: isoDateTime,
});
export type ServiceAnkunftKorrektur = z.infer<typeof serviceAnkunftKorrektur>;

/** GET /service/auftraege/{id}: the task with everything the detail and completion screens show. */
export const serviceAuftragDetail = serviceAuftrag.extend({
  asset: serviceAsset.nullable(),
  adresse: serviceAdresse.nullable(),
  planungen: z.array(servicePlanung),
  material: z.array(serviceMaterial),
  materialbuchungen: z.array(serviceMaterialBuchung),
  mehraufwaende: z.array(serviceMehraufwand),
  zeiten: z.array(serviceZeit),
  schritte: z.array(serviceSchritt),
  /** The corrections of the arrival times of its planning items, oldest first. */
  ankunftKorrekturen: z.array(serviceAnkunftKorrektur),
  /** Whether a customer signature is stored. */
  hatUnterschrift: z.boolean(),
});
export type ServiceAuftragDetail = z.infer<typeof serviceAuftragDetail>;

/** The week calendar: the user's planning items and calendar entries overlapping [von, bis]. */
export const serviceKalenderQuery = z.object({ von: isoDate, bis: isoDate, technikerId: urlIdUpTo(2_147_483_647).optional() });
export const serviceKalender = z.object({ planungen: z.array(servicePlanung), eintraege: z.array(serviceKalendereintrag) });

export const serviceUnterschrift = z.object({ daten: z.string(), name: z.string(), zeitpunkt: isoDateTime });

// ---------------------------------------------------------------- step bodies (the `data` of each call; also `daten` of a sync action)

/** Body `data` of every journey step, by sync action kind. */
export const serviceAktionDaten = {
  annehmen: z.object({ ...mitZeitpunkt }),
  /** SVC-040: remark required (trimmed non-empty). */
  ablehnen: z.object({ bemerkung: bemerkungPflicht, ...mitZeitpunkt }),
  zurueckgeben: z.object({ bemerkung: bemerkungPflicht, ...mitZeitpunkt }),
  /** SVC-026/029: with a new date and time (both), or neither (retained without a date). */
  zurueckstellen: z.object({ datum: isoDate.nullable().optional(), uhrzeit: uhrzeit.nullable().optional(), bemerkung: optText(2000), ...mitZeitpunkt }),
  dienstende: z.object({ bemerkung: optText(2000), ...mitZeitpunkt }),
  telefonischErledigt: z.object({ bemerkung: optText(2000), ...mitZeitpunkt }),
  /** SVC-059: datum HH:mm (default: the time of `zeitpunkt`). */
  reisebeginn: z.object({ datum: uhrzeit.optional(), ...mitZeitpunkt }),
  /** SVC-061/048: datum HH:mm and strecke whole km ≥ 0. */
  ankunft: z.object({ datum: uhrzeit.optional(), strecke: z.number(), ...mitZeitpunkt }),
  /**
   * Correct the booked arrival: the new time datum HH:mm on `tag` (default: the day of the booked arrival) and an
   * optional reason; kept with the old and the new time, who and when (serviceAnkunftKorrektur).
   */
  ankunftKorrigieren: z.object({ datum: uhrzeit, tag: isoDate.optional(), grund: optText(2000), ...mitZeitpunkt }),
  /** Start of the automatic time recording; `abbrechen: true` ends an active one first (SVC-025). */
  zeitStart: z.object({ datum: uhrzeit.optional(), abbrechen: z.boolean().optional(), ...mitZeitpunkt }),
  zeitStopp: z.object({ datum: uhrzeit.optional(), ...mitZeitpunkt }),
  /** Service time dialog: a manual recording von–bis (HH:mm) on `tag` (default: the day of zeitpunkt). */
  serviceZeit: z.object({ tag: isoDate.optional(), von: uhrzeit, bis: uhrzeit, bemerkung: optText(2000), ...mitZeitpunkt }),
  /** Material booking on a transfer line (installed, DOA, faulty sold/stored); default amount = the maximum (SVC-054). */
  materialBuchung: z.object({
    art: materialbuchungsart,
    menge: z.number(),
    /** A serial-numbered article: one serial number per piece, separated by commas, semicolons or line breaks. */
    seriennr: optText(2000),
    chargennr: optText(80),
    ...mitZeitpunkt,
  }),
  /** Return booking: unused good parts back from the technician's good-parts store to the line's source store. */
  rueckbuchung: z.object({ menge: z.number(), seriennr: optText(2000), chargennr: optText(80), ...mitZeitpunkt }),
  /** Confirm received (transferred) material. */
  materialBestaetigen: z.object({ menge: z.number(), ...mitZeitpunkt }),
  /** SVC-017/055: not for a day after today. */
  nachbuchung: z.object({ istAnmeldung: z.boolean(), nachbuchungTimeStamp: zeitpunkt, kommentar: optText(2000), ...mitZeitpunkt }),
  /** SVC-041..047: fields by the type's typ; the others are cleared on save. */
  mehraufwand: z.object({
    mehraufwandArtId: dbId,
    bemerkung: optText(2000),
    vonZeitpunkt: zeitpunkt.nullable().optional(),
    bisZeitpunkt: zeitpunkt.nullable().optional(),
    kosten: z.number().nullable().optional(),
    strecke: z.number().nullable().optional(),
    abrechnungsartId: dbId.nullable().optional(),
    /** SVC-040: changing recorded work needs the alteration comment (trimmed non-empty), kept in the journey log. */
    aenderungskommentar: optText(2000),
    ...mitZeitpunkt,
  }),
  mehraufwandLoeschen: z.object({ ...mitZeitpunkt }),
  /** Customer signature: PNG as base64 and the signer's name. */
  unterschrift: z.object({ daten: z.string().min(1).max(2_000_000), name: z.string().trim().min(1, 'Bitte einen Namen eingeben').max(120), ...mitZeitpunkt }),
  /** Completion: needs the signature; renders and stores the completion report (PDF, SHA-256). */
  abschluss: z.object({ bemerkung: optText(2000), ...mitZeitpunkt }),
  /** SVC-056..058: start ≠ end forces both half days. */
  kalendereintrag: z.object({
    KAL_TYP_ID: dbId.optional(),
    Vormittags: z.boolean().optional(),
    Nachmittags: z.boolean().optional(),
    StartDatum: isoDate.optional(),
    EndeDatum: isoDate.optional(),
    Kommentar: optText(2000),
    ...mitZeitpunkt,
  }),
  kalendereintragLoeschen: z.object({ ...mitZeitpunkt }),
} as const;

export const serviceAktionArt = z.enum(Object.keys(SERVICE_SCHRITTARTEN) as [ServiceAktionArt, ...ServiceAktionArt[]]);

/** One queued action: the client's id, the kind, the ids it targets, its real time and the same `data` as the online call. */
export const serviceAktion = z.object({
  clientId: z.string().uuid(),
  art: serviceAktionArt,
  planungId: dbId.optional(),
  auftragId: dbId.optional(),
  materialId: dbId.optional(),
  eintragId: dbId.optional(),
  zeitpunkt,
  daten: z.record(z.string(), z.unknown()),
});
export type ServiceAktion = z.infer<typeof serviceAktion>;
export const serviceSyncBody = z.object({ data: z.object({ aktionen: z.array(serviceAktion).min(1).max(1000) }) });
export const serviceSyncErgebnis = z.object({
  clientId: z.string(),
  ergebnis: z.enum(['angewendet', 'doppelt', 'konflikt']),
  /** The refusal (the spec's error object) when it could not apply. */
  fehler: apiError.optional(),
  /** The online call's answer body when it applied (or applied before). */
  antwort: z.unknown().optional(),
});
export const serviceSyncAntwort = z.object({ result: z.array(serviceSyncErgebnis) });

// ---------------------------------------------------------------- answers of the steps

export const planungSchrittAntwort = z.object({ result: servicePlanung, meldung: z.string().optional(), zeit: serviceZeit.nullable().optional() });
export const materialBuchungAntwort = z.object({
  result: serviceMaterialBuchung,
  material: serviceMaterial,
  /** SVC-023: e.g. material booked beyond what was transferred — allowed, with this warning. */
  warnungen: z.array(z.string()),
});
export const abschlussAntwort = z.object({ result: serviceAuftrag, sha256: z.string() });

// ---------------------------------------------------------------- office (planning) input

export const serviceAuftragEingabe = z.object({
  bezeichnung: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(200),
  titel: optText(200),
  auftragsbeschreibung: optText(10_000),
  auftragsartId: dbId.nullable().optional(),
  abrechnungsartId: dbId.nullable().optional(),
  aufwandGeschaetzt: z.number().int().min(0).max(1_000_000).nullable().optional(),
  extReferenz: optText(80),
  kundenauftragskennzeichen: optText(80),
  adresseId: dbId.nullable().optional(),
  assetId: dbId.nullable().optional(),
  stoermelderName: optText(120),
  stoermelderTelefon: optText(40),
  standortTelefon1: optText(40),
  standortTelefon2: optText(40),
  standortMobil: optText(40),
  telefon1: optText(40),
  telefon2: optText(40),
  mobil: optText(40),
  standortName: optText(120),
  standortStrasse: optText(120),
  standortPlz: optText(12),
  standortOrt: optText(80),
});
export const serviceAuftragAenderung = serviceAuftragEingabe.partial().extend({
  /** Office status change (e.g. 90 cancelled). */
  auftragsstatus: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
});
export const servicePlanungEingabe = z.object({
  serviceAuftragId: dbId,
  technikerId: dbId,
  beginnDatum: zeitpunkt,
  endeDatum: zeitpunkt,
  /** Planned as already accepted (demo data, office booking on behalf of the technician). */
  angenommen: z.boolean().optional(),
});
/** Office: move or reassign a planning item (a reassigned item starts its journey afresh for the new technician). */
export const servicePlanungAenderung = z.object({
  technikerId: dbId.optional(),
  beginnDatum: zeitpunkt.optional(),
  endeDatum: zeitpunkt.optional(),
});
export const serviceMaterialEingabe = z.object({
  artikelId: dbId,
  menge: z.number().positive().max(1_000_000_000),
  sctyp: optText(10),
  umlagerungTyp: z.number().int().min(1).max(8).nullable().optional(),
  quelleLagerId: dbId.nullable().optional(),
  /** Required when the source store keeps storage places (the place the material is reserved and taken from); else empty. */
  quelleLagerplatzId: dbId.nullable().optional(),
  /** Default: the good-parts store of the task's technician. */
  empfangLagerId: dbId.nullable().optional(),
  /** Required when the receiving store keeps storage places (the place the transfer puts the material); else empty. */
  empfangLagerplatzId: dbId.nullable().optional(),
  /** Quantity the supplier cannot deliver (material status 13). */
  mengeNichtGeliefert: z.number().min(0).max(1_000_000_000).optional(),
});
/**
 * Office: complete a task without the customer's signature (issue 19 item 18): the reason is required (trimmed
 * non-empty) and printed on the completion report.
 */
export const serviceBueroAbschluss = z.object({ grund: z.string().max(2000) });
/** Office: transfer (a part of) the line's quantity from its source store into its receiving store. */
export const serviceUmlagerung = z.object({ menge: z.number().positive().max(1_000_000_000) });
