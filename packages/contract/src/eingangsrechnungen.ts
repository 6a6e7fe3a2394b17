import { z } from 'zod';
import { id, isoDate, isoDateTime } from './common';

/**
 * Incoming-invoice verification (Eingangsrechnungsprüfung, spec 2 §2–§5, ERV-001…020): the workflow as one table read
 * by the server's guards and the web's buttons, the checklist as one pure function, and the records of the calls.
 */

/** The verification statuses (ERV-004…009): 0 opened; per stage x0 opened, x1 rejected, x9 granted; 91 / 99 closed. */
export const ERV_STATUS = {
  EROEFFNET: 0,
  FORMAL_OFFEN: 10,
  FORMAL_ABGELEHNT: 11,
  FORMAL_ERTEILT: 19,
  SACHLICH_OFFEN: 20,
  SACHLICH_ABGELEHNT: 21,
  SACHLICH_ERTEILT: 29,
  UNTER_OFFEN: 30,
  UNTER_ABGELEHNT: 31,
  UNTER_ERTEILT: 39,
  KONTIERUNG_OFFEN: 40,
  KONTIERUNG_ABGELEHNT: 41,
  KONTIERUNG_ERTEILT: 49,
  ABGELEHNT: 91,
  FREIGEGEBEN: 99,
} as const;
export type ErvStatus = (typeof ERV_STATUS)[keyof typeof ERV_STATUS];
export const ERV_STATUS_WERTE = Object.values(ERV_STATUS) as ErvStatus[];

/** The four check stages (formal, factual, sub-check, account assignment) with their opened / rejected / granted codes. */
export const ERV_STUFEN = [
  { stufe: 'formal', offen: 10, abgelehnt: 11, erteilt: 19 },
  { stufe: 'sachlich', offen: 20, abgelehnt: 21, erteilt: 29 },
  { stufe: 'unter', offen: 30, abgelehnt: 31, erteilt: 39 },
  { stufe: 'kontierung', offen: 40, abgelehnt: 41, erteilt: 49 },
] as const;
export type ErvStufe = (typeof ERV_STUFEN)[number]['stufe'];

export interface ErvStatusZeile {
  /** The status's label per language (the list's status column, the record's badge, the export). */
  label: { de: string; en: string; fr: string };
  /** The stage the status belongs to (null: opened / closed). */
  stufe: ErvStufe | null;
  /** Where "share" (approve) leads; null: approving is not allowed here (409). */
  freigeben: ErvStatus | null;
  /** Rejecting: the stage's rejected code written first (null: straight to 91), or false when rejecting is not allowed. */
  ablehnen: ErvStatus | null | false;
  /** Pass on (sets the target user, keeps the status). */
  weiterleiten: boolean;
  /** The final states 91 and 99. */
  abgeschlossen: boolean;
  /** Approving from here needs a complete checklist (the formal check, ERV-016). */
  checklistePflicht: boolean;
  /** The checklist can be saved in this status. */
  checkliste: boolean;
}

const offen = (
  stufe: ErvStufe | null,
  freigeben: ErvStatus,
  ablehnen: ErvStatus | null | false,
  label: ErvStatusZeile['label'],
  extra: Partial<ErvStatusZeile> = {},
): ErvStatusZeile => ({
  label,
  stufe,
  freigeben,
  ablehnen,
  weiterleiten: true,
  abgeschlossen: false,
  checklistePflicht: false,
  checkliste: true,
  ...extra,
});
const still = (stufe: ErvStufe | null, label: ErvStatusZeile['label'], abgeschlossen: boolean): ErvStatusZeile => ({
  label,
  stufe,
  freigeben: null,
  ablehnen: false,
  weiterleiten: false,
  abgeschlossen,
  checklistePflicht: false,
  checkliste: false,
});

/**
 * The workflow (the spec gives the statuses, not the transitions; this is the project's reading, issue 25 item 1):
 * approving ("share") walks 0 → 10 → 19 → 20 → 29 → 30 → 39 → 40 → 49 → 99, one step per call; rejecting an opened
 * stage x0 writes its x1 and then closes with 91 (at 0, before any stage, straight to 91); a granted stage x9 is
 * approved into the next stage before that stage can be rejected; passing on keeps the status and sets the target
 * user. The x1 codes are passed through in the same transaction, so a document never rests in them. Approving the
 * formal check (10 → 19) needs the checklist complete (ERV-016). `ERV_UNTERPRUEFUNG_PARAMETER` = 'N' leaves out the
 * sub-check: 29 → 40 (`ervNachFreigabe`).
 */
export const ERV_WORKFLOW: Record<ErvStatus, ErvStatusZeile> = {
  0: offen(null, 10, null, { de: 'Verfahren eröffnet', en: 'Procedure opened', fr: 'Procédure ouverte' }),
  10: offen('formal', 19, 11, { de: 'Formelle Prüfung eröffnet', en: 'Formal check opened', fr: 'Contrôle formel ouvert' }, { checklistePflicht: true }),
  11: still('formal', { de: 'Formelle Prüfung abgelehnt', en: 'Formal check rejected', fr: 'Contrôle formel refusé' }, false),
  19: offen('formal', 20, false, { de: 'Formelle Prüfung erteilt', en: 'Formal check granted', fr: 'Contrôle formel accordé' }),
  20: offen('sachlich', 29, 21, { de: 'Sachliche Prüfung eröffnet', en: 'Factual check opened', fr: 'Contrôle matériel ouvert' }),
  21: still('sachlich', { de: 'Sachliche Prüfung abgelehnt', en: 'Factual check rejected', fr: 'Contrôle matériel refusé' }, false),
  29: offen('sachlich', 30, false, { de: 'Sachliche Prüfung erteilt', en: 'Factual check granted', fr: 'Contrôle matériel accordé' }),
  30: offen('unter', 39, 31, { de: 'Unterprüfung eröffnet', en: 'Sub-check opened', fr: 'Sous-contrôle ouvert' }),
  31: still('unter', { de: 'Unterprüfung abgelehnt', en: 'Sub-check rejected', fr: 'Sous-contrôle refusé' }, false),
  39: offen('unter', 40, false, { de: 'Unterprüfung erteilt', en: 'Sub-check granted', fr: 'Sous-contrôle accordé' }),
  40: offen('kontierung', 49, 41, { de: 'Kontierungsprüfung eröffnet', en: 'Account-assignment check opened', fr: 'Contrôle d’imputation ouvert' }),
  41: still('kontierung', { de: 'Kontierungsprüfung abgelehnt', en: 'Account-assignment check rejected', fr: 'Contrôle d’imputation refusé' }, false),
  49: offen('kontierung', 99, false, { de: 'Kontierungsprüfung erteilt', en: 'Account-assignment check granted', fr: 'Contrôle d’imputation accordé' }),
  91: still(null, { de: 'Abgeschlossen abgelehnt', en: 'Closed rejected', fr: 'Clôturée refusée' }, true),
  99: still(null, { de: 'Abgeschlossen freigegeben', en: 'Closed granted', fr: 'Clôturée accordée' }, true),
};

/** System parameter: 'N' leaves out the sub-check stage (30/31/39); anything else (or none) keeps it. */
export const ERV_UNTERPRUEFUNG_PARAMETER = 'ERV.UNTERPRUEFUNG';

export const istErvStatus = (s: number): s is ErvStatus => Object.hasOwn(ERV_WORKFLOW, s);

/** The status approving leads to from `status` (null: not allowed), with the sub-check left out when `ohneUnterpruefung`. */
export function ervNachFreigabe(status: number, ohneUnterpruefung: boolean): ErvStatus | null {
  if (!istErvStatus(status)) return null;
  const next = ERV_WORKFLOW[status].freigeben;
  if (next === ERV_STATUS.UNTER_OFFEN && ohneUnterpruefung) return ERV_STATUS.KONTIERUNG_OFFEN;
  return next;
}

/** The statuses rejecting writes from `status`, in order (x1 then 91, or only 91); null when rejecting is not allowed. */
export function ervNachAblehnung(status: number): ErvStatus[] | null {
  if (!istErvStatus(status)) return null;
  const a = ERV_WORKFLOW[status].ablehnen;
  if (a === false) return null;
  return a === null ? [ERV_STATUS.ABGELEHNT] : [a, ERV_STATUS.ABGELEHNT];
}

export const ervDarfWeiterleiten = (status: number) => istErvStatus(status) && ERV_WORKFLOW[status].weiterleiten;

// ---------------------------------------------------------------------------------------------------------------
// The checklist (ERV-011…017)

/** The eight sub-items of VAT-compliant: the mandatory contents of an invoice, § 14 (4) sentence 1 nos. 1–8 UStG (ERV-012). */
export const ERV_UNTERPUNKTE = [
  'nameAnschrift',
  'steuernummer',
  'ausstellungsdatum',
  'rechnungsnummer',
  'mengeArt',
  'leistungszeitpunkt',
  'aufschluesselung',
  'steuersatzBetrag',
] as const;
export type ErvUnterpunkt = (typeof ERV_UNTERPUNKTE)[number];

/**
 * What a small-value invoice must state (§ 33 UStDV): the supplier's complete name and address (no. 1), the issue
 * date (no. 2), quantity and type of the goods or service (no. 3) and the gross amount with the tax rate or the
 * exemption note (no. 4 → our sub-item "tax rate and amount"). Tax number, invoice number, time of delivery and the
 * breakdown by rate are not required.
 */
export const ERV_KLEINBETRAG_UNTERPUNKTE: readonly ErvUnterpunkt[] = ['nameAnschrift', 'ausstellungsdatum', 'mengeArt', 'steuersatzBetrag'];

/**
 * § 33 UStDV: an invoice "whose total amount does not exceed 250 euros" — gross up to and including 250,00 €. The
 * spec's "under 250 euro" is read as this limit of the law (250,00 € itself is a small-value invoice). The functions take
 * the gross amount in euro as the API carries it (cents / 100: 250.01 compares above the limit exactly).
 */
export const ERV_KLEINBETRAG_GRENZE_EURO = 250;

export const ERV_CHECKPUNKTE = ['sichtpruefung', 'ustKonform', ...ERV_UNTERPUNKTE, 'kleinbetrag'] as const;
export type ErvCheckpunkt = (typeof ERV_CHECKPUNKTE)[number];

export const ervCheckliste = z.object(Object.fromEntries(ERV_CHECKPUNKTE.map((p) => [p, z.boolean()])) as Record<ErvCheckpunkt, z.ZodBoolean>).strict();
export type ErvCheckliste = Record<ErvCheckpunkt, boolean>;

export const ERV_CHECKLISTE_LEER: ErvCheckliste = Object.fromEntries(ERV_CHECKPUNKTE.map((p) => [p, false])) as ErvCheckliste;

/** The message of ERV-017 (German text and code; the web translates the code). */
export const ERV_CHECKLISTE_UNVOLLSTAENDIG = 'Nicht alle Pflichtwerte der Checkliste sind gefüllt';
export const ERV_KLEINBETRAG_ZU_HOCH = 'Kleinbetrag nur bis 250,00 € brutto (§ 33 UStDV)';

/** Small value applies: ticked and the gross amount within the § 33 UStDV limit. */
export const ervKleinbetragGilt = (c: ErvCheckliste, bruttoEuro: number) => c.kleinbetrag && bruttoEuro <= ERV_KLEINBETRAG_GRENZE_EURO;

/** The sub-items VAT-compliant stands for: all eight, or the four of § 33 UStDV for a small-value invoice. */
export const ervPflichtUnterpunkte = (c: ErvCheckliste, bruttoEuro: number): readonly ErvUnterpunkt[] =>
  ervKleinbetragGilt(c, bruttoEuro) ? ERV_KLEINBETRAG_UNTERPUNKTE : ERV_UNTERPUNKTE;

export interface ErvChecklistenErgebnis {
  /** OK may be pressed (ERV-016): visual check and VAT-compliant ticked, the ticks consistent, small value allowed. */
  ok: boolean;
  /** The message shown otherwise (ERV-017), or the small-value limit. */
  meldung: string | null;
  /** The required items still open (for marking them). */
  fehlend: ErvCheckpunkt[];
}

/**
 * The checklist's rules, one pure function for the server (refuse) and the web (OK button, message). VAT-compliant
 * counts only when its required sub-items are all ticked (a parent tick without them is inconsistent: not OK).
 */
export function pruefeCheckliste(c: ErvCheckliste, bruttoEuro: number): ErvChecklistenErgebnis {
  if (c.kleinbetrag && bruttoEuro > ERV_KLEINBETRAG_GRENZE_EURO) return { ok: false, meldung: ERV_KLEINBETRAG_ZU_HOCH, fehlend: ['kleinbetrag'] };
  const pflicht = ervPflichtUnterpunkte(c, bruttoEuro);
  const fehlend: ErvCheckpunkt[] = [];
  if (!c.sichtpruefung) fehlend.push('sichtpruefung');
  const kinderFehlen = pflicht.filter((p) => !c[p]);
  if (!c.ustKonform || kinderFehlen.length) fehlend.push('ustKonform', ...kinderFehlen);
  return fehlend.length ? { ok: false, meldung: ERV_CHECKLISTE_UNVOLLSTAENDIG, fehlend } : { ok: true, meldung: null, fehlend };
}

/**
 * Ticking or unticking one item, with the parent/child rules (ERV-013…015): ticking VAT-compliant ticks all eight
 * sub-items, unticking it unticks them; unticking a sub-item VAT-compliant stands for unticks it; ticking the last of
 * them ticks it. The children VAT-compliant stands for are the required ones (all eight; four for small value): any
 * change of a sub-item or of small value re-derives the parent from them.
 */
export function setzeCheckpunkt(c: ErvCheckliste, punkt: ErvCheckpunkt, wert: boolean, bruttoEuro: number): ErvCheckliste {
  const n: ErvCheckliste = { ...c, [punkt]: wert };
  if (punkt === 'ustKonform') {
    for (const p of ERV_UNTERPUNKTE) n[p] = wert;
    return n;
  }
  if (punkt === 'sichtpruefung') return n;
  const pflicht = ervPflichtUnterpunkte(n, bruttoEuro);
  n.ustKonform = pflicht.every((p) => n[p]);
  return n;
}

/** A checklist is consistent when VAT-compliant is ticked exactly when the sub-items it stands for all are. */
export const ervChecklisteKonsistent = (c: ErvCheckliste, bruttoEuro: number) => c.ustKonform === ervPflichtUnterpunkte(c, bruttoEuro).every((p) => c[p]);

// ---------------------------------------------------------------------------------------------------------------
// Records

/** A row of /incomingInvoiceVerification with every field of ERV-003; amounts in euro, dates `YYYY-MM-DD`. */
export const eingangsrechnung = z.object({
  bskId: id,
  bskbelegnr: z.string(),
  statusErpruefung: z.number().int(),
  bskbetragNetto: z.number(),
  bskbetragBrutto: z.number(),
  hinweis: z.string().nullable(),
  zarzahlungsart: z.string().nullable(),
  adrbriefname: z.string().nullable(),
  adresseId: z.number().int().nullable(),
  bskbelegdatum: isoDate,
  bskvaluta: isoDate.nullable(),
  ablehnungsgrund: z.string().nullable(),
  skontoFaellig1: isoDate.nullable(),
  skontoProzent1: z.number().nullable(),
  skontoFaellig2: isoDate.nullable(),
  skontoProzent2: z.number().nullable(),
  nettoFaellig: isoDate.nullable(),
  anBenutzerId: z.number().int().nullable(),
  anBenutzerName: z.string().nullable(),
  bemerkung: z.string().nullable(),
  geaendertAm: isoDateTime,
});
export type Eingangsrechnung = z.infer<typeof eingangsrechnung>;

/** One record: the list row, its checklist and the check document's file id (null: none). */
export const eingangsrechnungDetail = eingangsrechnung.extend({
  checkliste: ervCheckliste,
  pruefDokumentId: z.number().int().nullable(),
});
export type EingangsrechnungDetail = z.infer<typeof eingangsrechnungDetail>;

/** A step of the verification in the document's history. */
export const eingangsrechnungHistorie = z.object({
  id,
  aktion: z.enum(['ANLAGE', 'CHECKLISTE', 'FREIGABE', 'ABLEHNUNG', 'WEITERLEITUNG']),
  statusVon: z.number().int().nullable(),
  statusNach: z.number().int(),
  benutzerId: z.number().int().nullable(),
  benutzerName: z.string().nullable(),
  anBenutzerId: z.number().int().nullable(),
  text: z.string().nullable(),
  zeitpunkt: isoDateTime,
});
export type EingangsrechnungHistorie = z.infer<typeof eingangsrechnungHistorie>;

const bemerkung = z.string().max(2000);
/** Approve ("share"): an optional remark. */
export const ervFreigabe = z.object({ bemerkung: bemerkung.optional() }).strict();
/** Reject: the remark is required (ERV-018); an empty or blank one is refused by the server with 422 on `bemerkung`. */
export const ervAblehnung = z.object({ bemerkung: bemerkung.optional() }).strict();
/** Pass on: the target user is required (ERV-019; 422 on `anBenutzerId` when missing), a user not blocked with id > 0 (ERV-020). */
export const ervWeiterleitung = z.object({ anBenutzerId: z.number().int().nullable().optional(), bemerkung: bemerkung.optional() }).strict();
export const ervChecklisteBody = z.object({ checkliste: ervCheckliste }).strict();

/** A reject remark counts when it has a character that is not blank (the web's button, the server's check). */
export const ervBemerkungGefuellt = (text: string | null | undefined) => !!text && text.trim().length > 0;
export const ERV_BEMERKUNG_PFLICHT = 'Bitte eine Bemerkung angeben';
export const ERV_BENUTZER_PFLICHT = 'Bitte einen Benutzer wählen';

// ---------------------------------------------------------------------------------------------------------------
// E-invoice intake (issue 25 item 4)

/** The largest e-invoice file taken in (XML or ZUGFeRD PDF), in bytes. */
export const ERV_ERECHNUNG_MAX_BYTES = 7 * 1024 * 1024;

/** Multipart text fields arrive as text: "true"/"1" and a JSON true mean yes. */
const jaNein = z.preprocess((v) => (typeof v === 'string' ? v === 'true' || v === '1' : v), z.boolean());

/**
 * POST /eingangsrechnungspruefung/erechnung: the file (multipart/form-data or JSON with base64) and whether a supplier
 * not found is created from the seller data (BT-27…BT-40).
 */
export const ervERechnungUpload = z
  .object({
    dateiname: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(255),
    daten: z
      .string()
      .min(1, 'Die Datei ist leer')
      .max(Math.ceil((ERV_ERECHNUNG_MAX_BYTES * 4) / 3) + 4, 'Die Datei ist zu groß')
      .regex(/^[A-Za-z0-9+/]+=*$/, 'Keine Base64-Daten'),
    lieferantAnlegen: jaNein.optional(),
  })
  .strict();

/** One finding of the validation: the rule (BR-…, BT-…, schema) with its business term where known. */
export const ervERechnungMeldung = z.object({
  regel: z.string(),
  bt: z.string().nullable(),
  text: z.string(),
  schwere: z.enum(['fatal', 'warnung']),
});
export type ErvERechnungMeldung = z.infer<typeof ervERechnungMeldung>;

/** What was checked: the schema (CII XSD), the official Schematron rules (Java), the project's own business rules. */
export const ervERechnungPruefung = z.object({
  syntax: z.enum(['cii', 'ubl']),
  /** The container: an XML file or a ZUGFeRD/Factur-X PDF. */
  container: z.enum(['xml', 'pdf']),
  xrechnung: z.boolean(),
  schema: z.enum(['ok', 'fehler', 'nicht-verfuegbar']),
  schematron: z.enum(['ok', 'fehler', 'nicht-verfuegbar']),
  geschaeftsregeln: z.enum(['ok', 'fehler']),
  /** Why a layer was not run (no Java or Saxon, no xmllint, UBL has no XSD here). */
  hinweise: z.array(z.string()),
  meldungen: z.array(ervERechnungMeldung),
});
export type ErvERechnungPruefung = z.infer<typeof ervERechnungPruefung>;

export const ervERechnungErgebnis = z.object({
  id,
  adresseId: id,
  lieferantAngelegt: z.boolean(),
  pruefung: ervERechnungPruefung,
});
export type ErvERechnungErgebnis = z.infer<typeof ervERechnungErgebnis>;

const partei = z.object({
  name: z.string().nullable(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  land: z.string().nullable(),
  ustId: z.string().nullable(),
  steuernummer: z.string().nullable(),
});
/** The readable view of the e-invoice behind an incoming invoice (its check document read through the mapping table). */
export const ervERechnungAnsicht = z.object({
  nummer: z.string().nullable(),
  datum: isoDate.nullable(),
  typ: z.string().nullable(),
  waehrung: z.string().nullable(),
  faellig: isoDate.nullable(),
  lieferdatum: isoDate.nullable(),
  bestellnummer: z.string().nullable(),
  kaeuferReferenz: z.string().nullable(),
  zahlungsbedingungen: z.string().nullable(),
  iban: z.string().nullable(),
  verkaeufer: partei,
  kaeufer: partei,
  positionen: z.array(
    z.object({
      nr: z.string().nullable(),
      artikelnummer: z.string().nullable(),
      name: z.string().nullable(),
      menge: z.number().nullable(),
      einheit: z.string().nullable(),
      preis: z.number().nullable(),
      netto: z.number().nullable(),
      kategorie: z.string().nullable(),
      satz: z.number().nullable(),
    }),
  ),
  steuern: z.array(
    z.object({
      kategorie: z.string().nullable(),
      satz: z.number().nullable(),
      basis: z.number().nullable(),
      betrag: z.number().nullable(),
      grund: z.string().nullable(),
    }),
  ),
  summen: z.object({
    positionen: z.number().nullable(),
    abschlaege: z.number().nullable(),
    zuschlaege: z.number().nullable(),
    netto: z.number().nullable(),
    ust: z.number().nullable(),
    brutto: z.number().nullable(),
    zahlbar: z.number().nullable(),
  }),
  pruefung: ervERechnungPruefung.nullable(),
});
export type ErvERechnungAnsicht = z.infer<typeof ervERechnungAnsicht>;
