import { z } from 'zod';
import { id, isoDate, isoDateTime, list, single, urlId, write } from './common';
import { ERECHNUNG_FORMATE, STEUERFALL_WERTE } from './erechnung';

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullable().optional();

/** Salutations of an address (ADR-025): woman, man, company, diverse. */
export const ADRESS_ANREDEN = ['Frau', 'Herr', 'Firma', 'Divers'] as const;
/** Person type (ADR-026). */
export const ADRESS_ARTEN = ['NATURAL', 'LEGAL'] as const;
export const ABC_KENNUNGEN = ['A', 'B', 'C'] as const;

/** Digits of a postcode by country (issue 20 item 11): Germany 5, Austria and Switzerland 4; other countries are free. */
export const PLZ_STELLEN: Readonly<Record<string, number>> = { DE: 5, AT: 4, CH: 4 };

/** The digits a postcode of the country must have, or null when the country's postcodes are free. */
export const plzStellen = (lkz: string | null | undefined): number | null => (lkz ? (PLZ_STELLEN[lkz] ?? null) : null);

/** The field error of a postcode that does not fit its country (DE 5 digits, AT/CH 4), else null; an empty postcode fits. */
export function plzFehler(lkz: string | null | undefined, plz: string | null | undefined): string | null {
  const stellen = plzStellen(lkz);
  const wert = plz?.trim();
  if (!stellen || !wert) return null;
  return new RegExp(`^\\d{${stellen}}$`).test(wert) ? null : `Bitte eine PLZ mit ${stellen} Ziffern eingeben`;
}

/** The postcode check of a whole address (create, and the form): a field error on `plz`. */
const plzPasst = (v: { plz?: string | null; lkz?: string | null }, ctx: z.RefinementCtx) => {
  const fehler = plzFehler(v.lkz, v.plz);
  if (fehler) ctx.addIssue({ code: 'custom', message: fehler, path: ['plz'] });
};

const freieFelder = {
  s01: optText(255),
  s02: optText(255),
  s03: optText(255),
  s04: optText(255),
  s05: optText(255),
  s06: optText(255),
  s07: optText(255),
  s08: optText(255),
  s09: optText(255),
  s10: optText(255),
};

/** Writable address fields (ADR-024); numbers are assigned by the server when left out. */
const adresseFelder = z.object({
  adressnummer: z.number().int().positive().optional(),
  kundennummer: z.number().int().positive().nullable().optional(),
  lieferantennummer: z.number().int().positive().nullable().optional(),
  name1: text(120).min(1, 'Bitte einen Wert eingeben'),
  name2: optText(120),
  name3: optText(120),
  kurzname: optText(40),
  anrede: z.enum(ADRESS_ANREDEN).nullable().optional(),
  art: z.enum(ADRESS_ARTEN).optional(),
  strasse: optText(120),
  plz: optText(12),
  ort: optText(80),
  lkz: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Ländercode aus zwei Großbuchstaben')
    .nullable()
    .optional(),
  telefon: optText(40),
  mobil: optText(40),
  fax: optText(40),
  email: z
    .email('Keine gültige E-Mail-Adresse')
    .max(200)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  website: optText(200),
  gesperrt: z.boolean().optional(),
  istKunde: z.boolean().optional(),
  istLieferant: z.boolean().optional(),
  kreditlimit: z.number().min(0).max(1e10).nullable().optional(),
  lieferart: z.number().int().positive().nullable().optional(),
  zahlart: z.number().int().positive().nullable().optional(),
  /** Price group whose graduated article prices apply to the address's documents (1–17; null: none). */
  preisgruppe: z.number().int().min(1).max(17).nullable().optional(),
  erstkontakt: isoDate.nullable().optional(),
  erstkontaktBemerkung: optText(500),
  vertreter1: z.number().int().positive().nullable().optional(),
  vertreter2: z.number().int().positive().nullable().optional(),
  vertreter3: z.number().int().positive().nullable().optional(),
  abcKennung: z.enum(ABC_KENNUNGEN).nullable().optional(),
  unvollstaendig: z.boolean().optional(),
  notiz: optText(10_000),
  /** E-invoices (issue 24, migration 0036): a public customer (XRechnung with Leitweg-ID by default). */
  oeffentlich: z.boolean().optional(),
  /** What the customer receives; left out on a new address: XRechnung for public customers, ZUGFeRD otherwise. */
  erechnungFormat: z.enum(ERECHNUNG_FORMATE).optional(),
  /** Leitweg-ID (BT-10), e.g. 04011000-1234512345-06. */
  leitwegId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^$|^[0-9]{2,12}(-[0-9A-Z]{1,30})?-[0-9]{2}$/, 'Keine gültige Leitweg-ID (z. B. 04011000-1234512345-06)')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  /** The buyer's VAT id (BT-48), e.g. DE123456789. */
  ustId: z
    .string()
    .trim()
    .regex(/^$|^[A-Z]{2}[0-9A-Z +*.]{2,14}$/, 'Keine gültige USt-IdNr. (Ländercode und Nummer, z. B. DE123456789)')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  /** Where e-invoices go (BT-49; also the recipient of invoice mails). */
  erechnungEmail: z
    .email('Keine gültige E-Mail-Adresse')
    .max(200)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /** Tax case of lines without VAT (STEUERFAELLE): inland (Z), exempt (E), reverse charge (AE), intra-community (K), export (G). */
  steuerfall: z.enum(STEUERFALL_WERTE).optional(),
  /** The exemption reason printed with an exempt invoice (BT-120; tax case steuerfrei). */
  steuerbefreiungsgrund: optText(200),
  ...freieFelder,
});
/** A new address (and the address form): the postcode fits its country. A change checks it with the stored values (server). */
export const adresseEingabe = adresseFelder.superRefine(plzPasst);

/** An address as the API answers it. */
export const adresse = z.object({
  id,
  adressnummer: z.number().int(),
  kundennummer: z.number().int().nullable(),
  lieferantennummer: z.number().int().nullable(),
  name1: z.string(),
  name2: z.string().nullable(),
  name3: z.string().nullable(),
  kurzname: z.string().nullable(),
  anrede: z.string().nullable(),
  art: z.string(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  lkz: z.string().nullable(),
  telefon: z.string().nullable(),
  mobil: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  gesperrt: z.boolean(),
  istKunde: z.boolean(),
  istLieferant: z.boolean(),
  kreditlimit: z.number().nullable(),
  opvBetrag: z.number(),
  lieferart: z.number().int().nullable(),
  zahlart: z.number().int().nullable(),
  preisgruppe: z.number().int().nullable(),
  erstkontakt: z.string().nullable(),
  erstkontaktBemerkung: z.string().nullable(),
  vertreter1: z.number().int().nullable(),
  vertreter2: z.number().int().nullable(),
  vertreter3: z.number().int().nullable(),
  abcKennung: z.string().nullable(),
  unvollstaendig: z.boolean(),
  notiz: z.string().nullable(),
  oeffentlich: z.boolean(),
  erechnungFormat: z.enum(ERECHNUNG_FORMATE),
  leitwegId: z.string().nullable(),
  ustId: z.string().nullable(),
  erechnungEmail: z.string().nullable(),
  steuerfall: z.enum(STEUERFALL_WERTE),
  steuerbefreiungsgrund: z.string().nullable(),
  s01: z.string().nullable(),
  s02: z.string().nullable(),
  s03: z.string().nullable(),
  s04: z.string().nullable(),
  s05: z.string().nullable(),
  s06: z.string().nullable(),
  s07: z.string().nullable(),
  s08: z.string().nullable(),
  s09: z.string().nullable(),
  s10: z.string().nullable(),
  angelegtAm: isoDateTime,
  geaendertAm: isoDateTime,
});
export type Adresse = z.infer<typeof adresse>;

/** Columns of the address index (ADR-002) — the list answers only these, which keeps windows small. */
export const adresseListe = adresse.pick({
  id: true,
  adressnummer: true,
  kundennummer: true,
  lieferantennummer: true,
  anrede: true,
  name1: true,
  name2: true,
  name3: true,
  art: true,
  lkz: true,
  plz: true,
  ort: true,
  strasse: true,
  email: true,
  gesperrt: true,
  istKunde: true,
  istLieferant: true,
  unvollstaendig: true,
});
export type AdresseListe = z.infer<typeof adresseListe>;

export const ansprechpartnerEingabe = z.object({
  anrede: optText(40),
  titel: optText(40),
  vorname: optText(80),
  name: text(80).min(1, 'Please enter a last name to continue'),
  position: optText(80),
  abteilung: optText(80),
  telefon: optText(40),
  mobil: optText(40),
  fax: optText(40),
  email: z
    .email('Keine gültige E-Mail-Adresse')
    .max(200)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  briefanrede: optText(120),
  sortierung: z.number().int().min(0).max(1_000_000).optional(),
  geburtstag: isoDate.nullable().optional(),
  notiz: optText(5000),
});
export const ansprechpartner = z.object({
  id,
  adresseId: z.number().int(),
  anrede: z.string().nullable(),
  titel: z.string().nullable(),
  vorname: z.string().nullable(),
  name: z.string(),
  position: z.string().nullable(),
  abteilung: z.string().nullable(),
  telefon: z.string().nullable(),
  mobil: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  briefanrede: z.string().nullable(),
  sortierung: z.number().int(),
  geburtstag: z.string().nullable(),
  notiz: z.string().nullable(),
  gfxid: z.number().int().nullable(),
});
export type Ansprechpartner = z.infer<typeof ansprechpartner>;

/** An uploaded file or picture: name and base64 content. */
export const dateiUpload = z.object({
  dateiname: text(255).min(1, 'Bitte einen Wert eingeben'),
  daten: z
    .string()
    .min(1, 'Die Datei ist leer')
    .max(14_000_000)
    .regex(/^[A-Za-z0-9+/]+=*$/, 'Keine Base64-Daten'),
});

export const aktivitaetsart = z.object({ id, wert: z.string(), bezeichnung: z.string() });
/** A new activity: of an address, or of a ticket or deal (`ticketId`/`dealId`; its address is then the record's). */
export const aktivitaetEingabe = z.object({
  adresseId: z.number().int().positive().optional(),
  ansprechpartnerId: z.number().int().positive().nullable().optional(),
  benutzerId: z.number().int().positive().optional(),
  artId: z.number().int().positive(),
  beschreibung: text(10_000).min(1, 'Bitte einen Wert eingeben'),
  dauer: z.number().int().min(0, 'Bitte einen größeren Wert eingeben').max(100_000),
  datum: z.iso.datetime({ offset: true }),
  ticketId: z.number().int().positive().nullable().optional(),
  dealId: z.number().int().positive().nullable().optional(),
});
export const aktivitaet = z.object({
  id,
  adresseId: z.number().int(),
  ansprechpartnerId: z.number().int().nullable(),
  benutzerId: z.number().int(),
  artId: z.number().int(),
  art: z.object({ wert: z.string(), bezeichnung: z.string() }),
  beschreibung: z.string(),
  dauer: z.number().int(),
  datum: isoDateTime,
  angelegtDatum: isoDateTime,
  geaendertDatum: isoDateTime,
  ticketId: z.number().int().nullable(),
  dealId: z.number().int().nullable(),
});

/** Kinds of additional address. */
export const ZUSATZADRESS_ARTEN = ['LIEFERADRESSE', 'RECHNUNGSADRESSE', 'SONSTIGE'] as const;
const zusatzadresseFelder = z.object({
  art: z.enum(ZUSATZADRESS_ARTEN),
  name1: text(120).min(1, 'Bitte einen Wert eingeben'),
  name2: optText(120),
  strasse: optText(120),
  plz: optText(12),
  ort: optText(80),
  lkz: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .optional(),
  telefon: optText(40),
  email: z
    .email()
    .max(200)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
});
export const zusatzadresseEingabe = zusatzadresseFelder.superRefine(plzPasst);
export const zusatzadresseAenderung = zusatzadresseFelder.partial();
export const zusatzadresse = z.object({
  id,
  adresseId: z.number().int(),
  art: z.string(),
  name1: z.string(),
  name2: z.string().nullable(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  lkz: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
});

export const adressDatei = z.object({
  id,
  adresseId: z.number().int(),
  dateiname: z.string(),
  mimeType: z.string(),
  groesse: z.number().int(),
  datum: isoDateTime,
  betreff: z.string().nullable(),
  istEmail: z.boolean(),
  dealId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
});
export const adressDateiMitDaten = adressDatei.extend({ daten: z.string() });
export const adressDateiUpload = dateiUpload.extend({ betreff: optText(255) });

export const adresseIdParams = z.object({ id: urlId });
export const adresseSubParams = z.object({ id: urlId, subId: urlId });

export const adresseWrite = write(adresseEingabe);
export const adresseAenderung = write(adresseFelder.partial());
export const adresseSingle = single(adresse);
export const adresseList = list(adresseListe);
