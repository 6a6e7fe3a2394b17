import { z } from 'zod';

/**
 * E-invoices (issue 24 items 1–7): XRechnung 3.0 (UBL and CII) and ZUGFeRD 2.x / Factur-X profile EN 16931.
 *
 * The one place that knows the e-invoice vocabulary: the formats an address can receive, the tax cases and their
 * EN 16931 VAT category codes, the syntax identifiers, and THE MAPPING TABLE (`BT_ZUORDNUNG`, `BG_ZUORDNUNG`): every
 * business term (BT) the product writes, with its CII path, its UBL path, the project field it comes from and its
 * cardinality. The server's writer (`modules/erechnung/erechnung.xml.ts`) builds both syntaxes from this table and
 * nothing else; reading an incoming invoice uses the same table in reverse (the paths are XPath 1.0 with the prefixes
 * of `ERECHNUNG_NAMENSRAEUME`, relative to the root element or to the element of the entry's group).
 *
 * Path syntax (a subset of XPath 1.0, so a reader can evaluate it directly):
 * - steps `prefix:Name` separated by `/`; the last step may be an attribute `@name`; `.` is the group's element itself;
 * - a step may carry predicates `[@attr='v']` (an attribute of the step's element) or `[child/path='v']`,
 *   `[child/@attr='v']` (a descendant with that text or attribute): they tell apart elements of the same name
 *   (the seller's VAT id from its tax number, allowances from charges) and are written as constants;
 * - a group's path names the element of one group item: the writer makes a new element per item (its parent steps
 *   are shared), a reader takes every match as one item.
 * UBL credit notes (type 381) use the CreditNote document: `UBL_GUTSCHRIFT_NAMEN` renames the few elements that differ.
 */

/** What an address receives (address field `erechnungFormat`). */
export const ERECHNUNG_FORMATE = ['keine', 'xrechnung-ubl', 'xrechnung-cii', 'zugferd'] as const;
export type ERechnungFormat = (typeof ERECHNUNG_FORMATE)[number];
/** The formats a document can be delivered in (`GET /verkauf/belege/{id}/erechnung?format=`). */
export const ERECHNUNG_LIEFERFORMATE = ['xrechnung-ubl', 'xrechnung-cii', 'zugferd'] as const;
export type ERechnungLieferformat = (typeof ERECHNUNG_LIEFERFORMATE)[number];

/** The default format of an address: XRechnung for public customers (their portals demand it), ZUGFeRD otherwise. */
export const standardERechnungFormat = (oeffentlich: boolean): ERechnungFormat => (oeffentlich ? 'xrechnung-ubl' : 'zugferd');

export const ERECHNUNG_FORMAT_INFO: Readonly<
  Record<ERechnungLieferformat, { syntax: 'cii' | 'ubl'; xrechnung: boolean; mime: string; endung: string; name: string; kurz: string }>
> = {
  'xrechnung-ubl': { syntax: 'ubl', xrechnung: true, mime: 'application/xml', endung: 'xml', name: 'XRechnung (UBL)', kurz: 'XRechnung UBL' },
  'xrechnung-cii': { syntax: 'cii', xrechnung: true, mime: 'application/xml', endung: 'xml', name: 'XRechnung (CII)', kurz: 'XRechnung CII' },
  zugferd: { syntax: 'cii', xrechnung: false, mime: 'application/pdf', endung: 'pdf', name: 'ZUGFeRD / Factur-X (PDF)', kurz: 'ZUGFeRD-PDF' },
};

/** BT-24 (specification identifier) and BT-23 (business process) per kind. */
export const ERECHNUNG_SPEZIFIKATION = {
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  en16931: 'urn:cen.eu:en16931:2017',
  prozess: 'urn:fdc:peppol.eu:2017:poacc:billing:01.0',
} as const;

/** Name of the embedded XML in a ZUGFeRD/Factur-X PDF and the values of its XMP extension schema. */
export const FACTURX = {
  dateiname: 'factur-x.xml',
  namensraum: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  prefix: 'fx',
  version: '1.0',
  profil: 'EN 16931',
} as const;

/**
 * Tax cases of an address (field `steuerfall`): what a line without VAT (rate 0) is, as EN 16931 VAT category
 * (BT-118/151) with its exemption reason text and code (BT-120/121). Lines with a rate above 0 are standard rated (S).
 */
export const STEUERFAELLE = {
  inland: { kategorie: 'Z', grund: null, grundCode: null, kaeuferUstId: false, nurNull: false, name: { de: 'Inland', en: 'Domestic' } },
  steuerfrei: {
    kategorie: 'E',
    grund: null,
    grundCode: null,
    kaeuferUstId: false,
    nurNull: true,
    name: { de: 'Steuerbefreit (mit Grund)', en: 'Exempt (with reason)' },
  },
  'reverse-charge': {
    kategorie: 'AE',
    grund: 'Steuerschuldnerschaft des Leistungsempfängers',
    grundCode: 'VATEX-EU-AE',
    kaeuferUstId: true,
    nurNull: true,
    name: { de: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)', en: 'Reverse charge' },
  },
  innergemeinschaftlich: {
    kategorie: 'K',
    grund: 'Steuerfreie innergemeinschaftliche Lieferung',
    grundCode: 'VATEX-EU-IC',
    kaeuferUstId: true,
    nurNull: true,
    name: { de: 'Innergemeinschaftliche Lieferung', en: 'Intra-community supply' },
  },
  export: {
    kategorie: 'G',
    grund: 'Steuerfreie Ausfuhrlieferung',
    grundCode: 'VATEX-EU-G',
    kaeuferUstId: false,
    nurNull: true,
    name: { de: 'Ausfuhr (Drittland)', en: 'Export outside the EU' },
  },
} as const;
export type Steuerfall = keyof typeof STEUERFAELLE;
export const STEUERFALL_WERTE = Object.keys(STEUERFAELLE) as [Steuerfall, ...Steuerfall[]];

/** System parameter: what a missing mandatory business term does at booking — `ablehnen` (default: 422) or `warnen`. */
export const ERECHNUNG_PRUEFUNG_PARAMETER = 'ERECHNUNG.PRUEFUNG';
export const ERECHNUNG_PRUEFUNG_WERTE = ['ablehnen', 'warnen'] as const;

// ───────────────────────────── the mapping table ─────────────────────────────

export type Kardinalitaet = '0..1' | '1..1' | '0..n' | '1..n';
/** How a value is written: text as is; `datum` ISO day (CII: format 102 YYYYMMDD); `betrag` 2 decimals; `menge`, `preis`, `prozent` decimals with a point; `code` a code list value. */
export type BtTyp = 'text' | 'datum' | 'betrag' | 'menge' | 'preis' | 'prozent' | 'code' | 'kennung';

export interface BtZuordnung {
  /** EN 16931 business term, e.g. 'BT-1'. */
  readonly bt: string;
  /** Its German name (XRechnung terms), as the pre-booking check names a missing one. */
  readonly name: string;
  readonly kardinalitaet: Kardinalitaet;
  /** The group (BG) whose item it belongs to; null: the document. */
  readonly gruppe: string | null;
  readonly typ: BtTyp;
  /** CII (UN/CEFACT D16B) path, relative to rsm:CrossIndustryInvoice or the group's element. */
  readonly cii: string;
  /** UBL 2.1 path, relative to the Invoice (CreditNote) root or the group's element. */
  readonly ubl: string;
  /** Amounts: the element carries the invoice currency (BT-5) as @currencyID — in UBL always, in CII where `beide`. */
  readonly waehrung?: 'ubl' | 'beide';
  /** Where the value comes from in the project (table.column, or how it is derived). */
  readonly feld: string;
}

export interface BgZuordnung {
  readonly bg: string;
  readonly name: string;
  readonly kardinalitaet: Kardinalitaet;
  /** The enclosing group; null: the document. */
  readonly eltern: string | null;
  readonly cii: string;
  readonly ubl: string;
  readonly feld: string;
}

const TX = 'rsm:SupplyChainTradeTransaction';
const AGR = `${TX}/ram:ApplicableHeaderTradeAgreement`;
const DEL = `${TX}/ram:ApplicableHeaderTradeDelivery`;
const SET = `${TX}/ram:ApplicableHeaderTradeSettlement`;
const SELLER = `${AGR}/ram:SellerTradeParty`;
const BUYER = `${AGR}/ram:BuyerTradeParty`;
const SHIPTO = `${DEL}/ram:ShipToTradeParty`;
const SUM = `${SET}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const TERMS = `${SET}/ram:SpecifiedTradePaymentTerms`;
const MEANS = `${SET}/ram:SpecifiedTradeSettlementPaymentMeans`;
const DATUM = "udt:DateTimeString[@format='102']";
const U_SELLER = 'cac:AccountingSupplierParty/cac:Party';
const U_BUYER = 'cac:AccountingCustomerParty/cac:Party';
const U_VAT = "[cac:TaxScheme/cbc:ID='VAT']";
const U_SUM = 'cac:LegalMonetaryTotal';
const LINE_SET = 'ram:SpecifiedLineTradeSettlement';
const ALLOWANCE = "[ram:ChargeIndicator/udt:Indicator='false']";
const CHARGE = "[ram:ChargeIndicator/udt:Indicator='true']";

/** The groups (BG) the product writes. */
export const BG_ZUORDNUNG: readonly BgZuordnung[] = [
  {
    bg: 'BG-20',
    name: 'Abschläge auf Dokumentenebene',
    kardinalitaet: '0..n',
    eltern: null,
    cii: `${SET}/ram:SpecifiedTradeAllowanceCharge${ALLOWANCE}`,
    ubl: "cac:AllowanceCharge[cbc:ChargeIndicator='false']",
    feld: 'belege.rabatt1Wert + rabatt2Wert, je USt-Satz aufgeteilt wie belege.summen.ts',
  },
  {
    bg: 'BG-21',
    name: 'Zuschläge auf Dokumentenebene',
    kardinalitaet: '0..n',
    eltern: null,
    cii: `${SET}/ram:SpecifiedTradeAllowanceCharge${CHARGE}`,
    ubl: "cac:AllowanceCharge[cbc:ChargeIndicator='true']",
    feld: 'belege.frachtkosten, nachnahme, versicherung (zum Hauptsatz)',
  },
  {
    bg: 'BG-23',
    name: 'Umsatzsteueraufschlüsselung',
    kardinalitaet: '1..n',
    eltern: null,
    cii: `${SET}/ram:ApplicableTradeTax[ram:TypeCode='VAT']`,
    ubl: 'cac:TaxTotal/cac:TaxSubtotal',
    feld: 'belege.mwstAufteilung (je Satz; Kategorie aus dem Satz und adressen.steuerfall)',
  },
  {
    bg: 'BG-25',
    name: 'Rechnungsposition',
    kardinalitaet: '1..n',
    eltern: null,
    cii: `${TX}/ram:IncludedSupplyChainTradeLineItem`,
    ubl: 'cac:InvoiceLine',
    feld: "belegPositionen (Artikelzeilen, positionsArt 'A')",
  },
  {
    bg: 'BG-27',
    name: 'Abschläge auf Positionsebene',
    kardinalitaet: '0..n',
    eltern: 'BG-25',
    cii: `${LINE_SET}/ram:SpecifiedTradeAllowanceCharge${ALLOWANCE}`,
    ubl: "cac:AllowanceCharge[cbc:ChargeIndicator='false']",
    feld: 'belegPositionen.rabatt1/rabatt2/teuerungszuschlag (Menge × Einzelpreis − Nettobetrag ohne Eilzuschlag)',
  },
  {
    bg: 'BG-28',
    name: 'Zuschläge auf Positionsebene',
    kardinalitaet: '0..n',
    eltern: 'BG-25',
    cii: `${LINE_SET}/ram:SpecifiedTradeAllowanceCharge${CHARGE}`,
    ubl: "cac:AllowanceCharge[cbc:ChargeIndicator='true']",
    feld: 'belegPositionen.eilzuschlag (und ein Teuerungszuschlag über den Rabatten)',
  },
];

const bt = (
  id: string,
  name: string,
  kardinalitaet: Kardinalitaet,
  typ: BtTyp,
  cii: string,
  ubl: string,
  feld: string,
  extra: { gruppe?: string; waehrung?: 'ubl' | 'beide' } = {},
): BtZuordnung => ({ bt: id, name, kardinalitaet, gruppe: extra.gruppe ?? null, typ, cii, ubl, feld, ...(extra.waehrung ? { waehrung: extra.waehrung } : {}) });

const g = (gruppe: string, waehrung?: 'ubl' | 'beide') => ({ gruppe, ...(waehrung ? { waehrung } : {}) });

/** Every business term the product writes (and an intake reads), in EN 16931 order. */
export const BT_ZUORDNUNG: readonly BtZuordnung[] = [
  bt('BT-1', 'Rechnungsnummer', '1..1', 'kennung', 'rsm:ExchangedDocument/ram:ID', 'cbc:ID', 'belege.belegnummer'),
  bt('BT-2', 'Rechnungsdatum', '1..1', 'datum', `rsm:ExchangedDocument/ram:IssueDateTime/${DATUM}`, 'cbc:IssueDate', 'belege.belegdatum'),
  bt('BT-3', 'Code für den Rechnungstyp', '1..1', 'code', 'rsm:ExchangedDocument/ram:TypeCode', 'cbc:InvoiceTypeCode', 'BELEGARTEN[belegart].untdid1001'),
  bt('BT-5', 'Code für die Rechnungswährung', '1..1', 'code', `${SET}/ram:InvoiceCurrencyCode`, 'cbc:DocumentCurrencyCode', 'belege.waehrung'),
  bt(
    'BT-9',
    'Fälligkeitsdatum der Zahlung',
    '0..1',
    'datum',
    `${TERMS}/ram:DueDateDateTime/${DATUM}`,
    'cbc:DueDate',
    'belege.belegdatum + zahlungsarten.nettoTage (Rechnungen)',
  ),
  bt('BT-10', 'Käuferreferenz (Leitweg-ID)', '0..1', 'kennung', `${AGR}/ram:BuyerReference`, 'cbc:BuyerReference', 'adressen.leitwegId, sonst belege.betreff'),
  bt(
    'BT-13',
    'Bestellnummer des Käufers',
    '0..1',
    'kennung',
    `${AGR}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`,
    'cac:OrderReference/cbc:ID',
    'belege.betreff',
  ),
  bt(
    'BT-16',
    'Lieferavis-Referenz (Lieferschein)',
    '0..1',
    'kennung',
    `${DEL}/ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID`,
    'cac:DespatchDocumentReference/cbc:ID',
    'Lieferscheine des Belegs (belegnummer, der erste)',
  ),
  bt(
    'BT-20',
    'Zahlungsbedingungen',
    '0..1',
    'text',
    `${TERMS}/ram:Description`,
    'cac:PaymentTerms/cbc:Note',
    'zahlungsarten (nettoTage, skontoTage, skontoProzent als #SKONTO#-Zeile)',
  ),
  bt(
    'BT-23',
    'Geschäftsprozesstyp',
    '0..1',
    'kennung',
    'rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
    'cbc:ProfileID',
    'ERECHNUNG_SPEZIFIKATION.prozess',
  ),
  bt(
    'BT-24',
    'Spezifikationskennung',
    '1..1',
    'kennung',
    'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID',
    'cbc:CustomizationID',
    'ERECHNUNG_SPEZIFIKATION (XRechnung 3.0 oder EN 16931)',
  ),
  bt(
    'BT-25',
    'Nummer der vorausgegangenen Rechnung',
    '0..1',
    'kennung',
    `${SET}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`,
    'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID',
    'belege.vorgaengerId → belegnummer (Gutschrift zu einer Rechnung)',
  ),
  bt(
    'BT-26',
    'Datum der vorausgegangenen Rechnung',
    '0..1',
    'datum',
    `${SET}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString[@format='102']`,
    'cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate',
    'belege.vorgaengerId → belegdatum',
  ),
  bt('BT-27', 'Name des Verkäufers', '1..1', 'text', `${SELLER}/ram:Name`, `${U_SELLER}/cac:PartyLegalEntity/cbc:RegistrationName`, 'systemInfo.lizenzName'),
  bt(
    'BT-31',
    'Umsatzsteuer-Identifikationsnummer des Verkäufers',
    '0..1',
    'kennung',
    `${SELLER}/ram:SpecifiedTaxRegistration[ram:ID/@schemeID='VA']/ram:ID`,
    `${U_SELLER}/cac:PartyTaxScheme${U_VAT}/cbc:CompanyID`,
    'systemInfo.ustId (ohne Leerzeichen)',
  ),
  bt(
    'BT-32',
    'Steuernummer des Verkäufers',
    '0..1',
    'kennung',
    `${SELLER}/ram:SpecifiedTaxRegistration[ram:ID/@schemeID='FC']/ram:ID`,
    `${U_SELLER}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='FC']/cbc:CompanyID`,
    'systemInfo.steuernummer',
  ),
  bt(
    'BT-33',
    'Weitere rechtliche Informationen (Registereintrag)',
    '0..1',
    'text',
    `${SELLER}/ram:Description`,
    `${U_SELLER}/cac:PartyLegalEntity/cbc:CompanyLegalForm`,
    'systemInfo.registergericht',
  ),
  bt(
    'BT-34',
    'Elektronische Adresse des Verkäufers',
    '0..1',
    'kennung',
    `${SELLER}/ram:URIUniversalCommunication/ram:URIID[@schemeID='EM']`,
    `${U_SELLER}/cbc:EndpointID[@schemeID='EM']`,
    'systemInfo.kontaktEmail, sonst systemInfo.email',
  ),
  bt(
    'BT-35',
    'Straße des Verkäufers',
    '0..1',
    'text',
    `${SELLER}/ram:PostalTradeAddress/ram:LineOne`,
    `${U_SELLER}/cac:PostalAddress/cbc:StreetName`,
    'systemInfo.strasse',
  ),
  bt(
    'BT-37',
    'Ort des Verkäufers',
    '0..1',
    'text',
    `${SELLER}/ram:PostalTradeAddress/ram:CityName`,
    `${U_SELLER}/cac:PostalAddress/cbc:CityName`,
    'systemInfo.ort',
  ),
  bt(
    'BT-38',
    'Postleitzahl des Verkäufers',
    '0..1',
    'text',
    `${SELLER}/ram:PostalTradeAddress/ram:PostcodeCode`,
    `${U_SELLER}/cac:PostalAddress/cbc:PostalZone`,
    'systemInfo.plz',
  ),
  bt(
    'BT-40',
    'Ländercode des Verkäufers',
    '1..1',
    'code',
    `${SELLER}/ram:PostalTradeAddress/ram:CountryID`,
    `${U_SELLER}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`,
    'systemInfo.lkz',
  ),
  bt(
    'BT-41',
    'Kontaktstelle des Verkäufers',
    '0..1',
    'text',
    `${SELLER}/ram:DefinedTradeContact/ram:PersonName`,
    `${U_SELLER}/cac:Contact/cbc:Name`,
    'systemInfo.kontaktName',
  ),
  bt(
    'BT-42',
    'Telefonnummer der Kontaktstelle',
    '0..1',
    'text',
    `${SELLER}/ram:DefinedTradeContact/ram:TelephoneUniversalCommunication/ram:CompleteNumber`,
    `${U_SELLER}/cac:Contact/cbc:Telephone`,
    'systemInfo.kontaktTelefon, sonst systemInfo.telefon',
  ),
  bt(
    'BT-43',
    'E-Mail-Adresse der Kontaktstelle',
    '0..1',
    'text',
    `${SELLER}/ram:DefinedTradeContact/ram:EmailURIUniversalCommunication/ram:URIID`,
    `${U_SELLER}/cac:Contact/cbc:ElectronicMail`,
    'systemInfo.kontaktEmail, sonst systemInfo.email',
  ),
  bt('BT-44', 'Name des Käufers', '1..1', 'text', `${BUYER}/ram:Name`, `${U_BUYER}/cac:PartyLegalEntity/cbc:RegistrationName`, 'adressen.name1 (+ name2)'),
  bt('BT-46', 'Kennung des Käufers', '0..1', 'kennung', `${BUYER}/ram:ID`, `${U_BUYER}/cac:PartyIdentification/cbc:ID`, 'adressen.kundennummer'),
  bt(
    'BT-48',
    'Umsatzsteuer-Identifikationsnummer des Käufers',
    '0..1',
    'kennung',
    `${BUYER}/ram:SpecifiedTaxRegistration[ram:ID/@schemeID='VA']/ram:ID`,
    `${U_BUYER}/cac:PartyTaxScheme${U_VAT}/cbc:CompanyID`,
    'adressen.ustId (ohne Leerzeichen)',
  ),
  bt(
    'BT-49',
    'Elektronische Adresse des Käufers',
    '0..1',
    'kennung',
    `${BUYER}/ram:URIUniversalCommunication/ram:URIID[@schemeID='EM']`,
    `${U_BUYER}/cbc:EndpointID[@schemeID='EM']`,
    'adressen.erechnungEmail, sonst adressen.email',
  ),
  bt(
    'BT-50',
    'Straße des Käufers',
    '0..1',
    'text',
    `${BUYER}/ram:PostalTradeAddress/ram:LineOne`,
    `${U_BUYER}/cac:PostalAddress/cbc:StreetName`,
    'adressen.strasse (Rechnungsadresse)',
  ),
  bt('BT-52', 'Ort des Käufers', '0..1', 'text', `${BUYER}/ram:PostalTradeAddress/ram:CityName`, `${U_BUYER}/cac:PostalAddress/cbc:CityName`, 'adressen.ort'),
  bt(
    'BT-53',
    'Postleitzahl des Käufers',
    '0..1',
    'text',
    `${BUYER}/ram:PostalTradeAddress/ram:PostcodeCode`,
    `${U_BUYER}/cac:PostalAddress/cbc:PostalZone`,
    'adressen.plz',
  ),
  bt(
    'BT-55',
    'Ländercode des Käufers',
    '1..1',
    'code',
    `${BUYER}/ram:PostalTradeAddress/ram:CountryID`,
    `${U_BUYER}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`,
    'adressen.lkz (leer: DE)',
  ),
  bt(
    'BT-70',
    'Name des Waren- oder Dienstleistungsempfängers',
    '0..1',
    'text',
    `${SHIPTO}/ram:Name`,
    'cac:Delivery/cac:DeliveryParty/cac:PartyName/cbc:Name',
    'zusatzadressen.name1 (Lieferadresse) oder adressen.name1',
  ),
  bt(
    'BT-72',
    'Tatsächliches Lieferdatum',
    '0..1',
    'datum',
    `${DEL}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/${DATUM}`,
    'cac:Delivery/cbc:ActualDeliveryDate',
    'Leistungsdatum: Lieferscheindatum, sonst belege.liefertermin, sonst belege.belegdatum',
  ),
  bt(
    'BT-75',
    'Lieferanschrift Straße',
    '0..1',
    'text',
    `${SHIPTO}/ram:PostalTradeAddress/ram:LineOne`,
    'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:StreetName',
    'Lieferadresse.strasse',
  ),
  bt(
    'BT-77',
    'Lieferanschrift Ort',
    '0..1',
    'text',
    `${SHIPTO}/ram:PostalTradeAddress/ram:CityName`,
    'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:CityName',
    'Lieferadresse.ort',
  ),
  bt(
    'BT-78',
    'Lieferanschrift Postleitzahl',
    '0..1',
    'text',
    `${SHIPTO}/ram:PostalTradeAddress/ram:PostcodeCode`,
    'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:PostalZone',
    'Lieferadresse.plz',
  ),
  bt(
    'BT-80',
    'Lieferanschrift Ländercode',
    '0..1',
    'code',
    `${SHIPTO}/ram:PostalTradeAddress/ram:CountryID`,
    'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode',
    'Lieferadresse.lkz (leer: DE)',
  ),
  bt(
    'BT-81',
    'Code für die Zahlungsart',
    '0..1',
    'code',
    `${MEANS}/ram:TypeCode`,
    'cac:PaymentMeans/cbc:PaymentMeansCode',
    '58 SEPA-Überweisung (Rechnung), 1 (Gutschrift)',
  ),
  bt('BT-83', 'Verwendungszweck', '0..1', 'text', `${SET}/ram:PaymentReference`, 'cac:PaymentMeans/cbc:PaymentID', 'belege.belegnummer'),
  bt(
    'BT-84',
    'Kennung des Zahlungskontos (IBAN)',
    '0..1',
    'kennung',
    `${MEANS}/ram:PayeePartyCreditorFinancialAccount/ram:IBANID`,
    'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID',
    'systemInfo.iban (ohne Leerzeichen)',
  ),
  bt(
    'BT-85',
    'Name des Zahlungskontos',
    '0..1',
    'text',
    `${MEANS}/ram:PayeePartyCreditorFinancialAccount/ram:AccountName`,
    'cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:Name',
    'systemInfo.lizenzName',
  ),
  bt(
    'BT-86',
    'Kennung des Zahlungsdienstleisters (BIC)',
    '0..1',
    'kennung',
    `${MEANS}/ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID`,
    'cac:PaymentMeans/cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID',
    'systemInfo.bic',
  ),
  // BG-20 document level allowances
  bt('BT-92', 'Betrag des Abschlags', '1..1', 'betrag', 'ram:ActualAmount', 'cbc:Amount', 'Rabattanteil je Satz', g('BG-20', 'ubl')),
  bt(
    'BT-95',
    'Umsatzsteuerkategorie des Abschlags',
    '1..1',
    'code',
    "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:CategoryCode",
    `cac:TaxCategory${U_VAT}/cbc:ID`,
    'Kategorie des Satzes',
    g('BG-20'),
  ),
  bt(
    'BT-96',
    'Umsatzsteuersatz des Abschlags',
    '0..1',
    'prozent',
    'ram:CategoryTradeTax/ram:RateApplicablePercent',
    'cac:TaxCategory/cbc:Percent',
    'Satz',
    g('BG-20'),
  ),
  bt('BT-97', 'Grund für den Abschlag', '0..1', 'text', 'ram:Reason', 'cbc:AllowanceChargeReason', 'belege.rabatt1Text / rabatt2Text', g('BG-20')),
  bt('BT-98', 'Code für den Grund des Abschlags', '0..1', 'code', 'ram:ReasonCode', 'cbc:AllowanceChargeReasonCode', '95 (Rabatt)', g('BG-20')),
  // BG-21 document level charges
  bt('BT-99', 'Betrag des Zuschlags', '1..1', 'betrag', 'ram:ActualAmount', 'cbc:Amount', 'belege.frachtkosten / nachnahme / versicherung', g('BG-21', 'ubl')),
  bt(
    'BT-102',
    'Umsatzsteuerkategorie des Zuschlags',
    '1..1',
    'code',
    "ram:CategoryTradeTax[ram:TypeCode='VAT']/ram:CategoryCode",
    `cac:TaxCategory${U_VAT}/cbc:ID`,
    'Kategorie des Hauptsatzes',
    g('BG-21'),
  ),
  bt(
    'BT-103',
    'Umsatzsteuersatz des Zuschlags',
    '0..1',
    'prozent',
    'ram:CategoryTradeTax/ram:RateApplicablePercent',
    'cac:TaxCategory/cbc:Percent',
    'Hauptsatz',
    g('BG-21'),
  ),
  bt('BT-104', 'Grund für den Zuschlag', '0..1', 'text', 'ram:Reason', 'cbc:AllowanceChargeReason', 'Frachtkosten / Nachnahme / Versicherung', g('BG-21')),
  bt(
    'BT-105',
    'Code für den Grund des Zuschlags',
    '0..1',
    'code',
    'ram:ReasonCode',
    'cbc:AllowanceChargeReasonCode',
    'UNTDID 7161: FC Fracht (Nachnahme, Versicherung nur als Text)',
    g('BG-21'),
  ),
  // BG-22 totals
  bt(
    'BT-106',
    'Summe der Nettobeträge aller Positionen',
    '1..1',
    'betrag',
    `${SUM}/ram:LineTotalAmount`,
    `${U_SUM}/cbc:LineExtensionAmount`,
    'belege.betragNetto',
    { waehrung: 'ubl' },
  ),
  bt(
    'BT-107',
    'Summe der Abschläge',
    '0..1',
    'betrag',
    `${SUM}/ram:AllowanceTotalAmount`,
    `${U_SUM}/cbc:AllowanceTotalAmount`,
    'belege.rabatt1Wert + rabatt2Wert',
    { waehrung: 'ubl' },
  ),
  bt(
    'BT-108',
    'Summe der Zuschläge',
    '0..1',
    'betrag',
    `${SUM}/ram:ChargeTotalAmount`,
    `${U_SUM}/cbc:ChargeTotalAmount`,
    'frachtkosten + nachnahme + versicherung',
    { waehrung: 'ubl' },
  ),
  bt(
    'BT-109',
    'Rechnungsgesamtbetrag ohne Umsatzsteuer',
    '1..1',
    'betrag',
    `${SUM}/ram:TaxBasisTotalAmount`,
    `${U_SUM}/cbc:TaxExclusiveAmount`,
    'belege.endbetragNetto',
    { waehrung: 'ubl' },
  ),
  bt('BT-110', 'Gesamtbetrag der Umsatzsteuer', '0..1', 'betrag', `${SUM}/ram:TaxTotalAmount`, 'cac:TaxTotal/cbc:TaxAmount', 'belege.mwstBetrag', {
    waehrung: 'beide',
  }),
  bt(
    'BT-112',
    'Rechnungsgesamtbetrag einschließlich Umsatzsteuer',
    '1..1',
    'betrag',
    `${SUM}/ram:GrandTotalAmount`,
    `${U_SUM}/cbc:TaxInclusiveAmount`,
    'belege.betragBrutto',
    { waehrung: 'ubl' },
  ),
  bt('BT-115', 'Fälliger Zahlungsbetrag', '1..1', 'betrag', `${SUM}/ram:DuePayableAmount`, `${U_SUM}/cbc:PayableAmount`, 'belege.betragBrutto', {
    waehrung: 'ubl',
  }),
  // BG-23 VAT breakdown
  bt('BT-116', 'Steuerbasisbetrag', '1..1', 'betrag', 'ram:BasisAmount', 'cbc:TaxableAmount', 'mwstAufteilung.netto', g('BG-23', 'ubl')),
  bt('BT-117', 'Umsatzsteuerbetrag', '1..1', 'betrag', 'ram:CalculatedAmount', 'cbc:TaxAmount', 'mwstAufteilung.mwst', g('BG-23', 'ubl')),
  bt(
    'BT-118',
    'Umsatzsteuerkategorie',
    '1..1',
    'code',
    'ram:CategoryCode',
    `cac:TaxCategory${U_VAT}/cbc:ID`,
    'S bei Satz > 0, sonst STEUERFAELLE[adressen.steuerfall]',
    g('BG-23'),
  ),
  bt('BT-119', 'Umsatzsteuersatz', '0..1', 'prozent', 'ram:RateApplicablePercent', 'cac:TaxCategory/cbc:Percent', 'mwstAufteilung.satz', g('BG-23')),
  bt(
    'BT-120',
    'Befreiungsgrund',
    '0..1',
    'text',
    'ram:ExemptionReason',
    'cac:TaxCategory/cbc:TaxExemptionReason',
    'STEUERFAELLE.grund oder adressen.steuerbefreiungsgrund',
    g('BG-23'),
  ),
  bt(
    'BT-121',
    'Code für den Befreiungsgrund',
    '0..1',
    'code',
    'ram:ExemptionReasonCode',
    'cac:TaxCategory/cbc:TaxExemptionReasonCode',
    'STEUERFAELLE.grundCode (VATEX)',
    g('BG-23'),
  ),
  // BG-25 lines
  bt('BT-126', 'Positionskennung', '1..1', 'kennung', 'ram:AssociatedDocumentLineDocument/ram:LineID', 'cbc:ID', 'belegPositionen.position', g('BG-25')),
  bt('BT-129', 'Menge', '1..1', 'menge', 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity', 'cbc:InvoicedQuantity', 'belegPositionen.menge', g('BG-25')),
  bt(
    'BT-130',
    'Einheit',
    '1..1',
    'code',
    'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode',
    'cbc:InvoicedQuantity/@unitCode',
    'belegPositionen.mengeneinheit (UN/ECE Rec 20, ERECHNUNG_EINHEITEN)',
    g('BG-25'),
  ),
  bt(
    'BT-131',
    'Nettobetrag der Position',
    '1..1',
    'betrag',
    `${LINE_SET}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
    'cbc:LineExtensionAmount',
    'belegPositionen.gesamtpreis',
    g('BG-25', 'ubl'),
  ),
  // BG-27 line allowances, BG-28 line charges
  bt(
    'BT-136',
    'Betrag des Positionsabschlags',
    '1..1',
    'betrag',
    'ram:ActualAmount',
    'cbc:Amount',
    'Menge × Einzelpreis − Nettobetrag (ohne Eilzuschlag)',
    g('BG-27', 'ubl'),
  ),
  bt('BT-139', 'Grund für den Positionsabschlag', '0..1', 'text', 'ram:Reason', 'cbc:AllowanceChargeReason', 'belegPositionen.rabatt1/rabatt2', g('BG-27')),
  bt('BT-140', 'Code für den Grund des Positionsabschlags', '0..1', 'code', 'ram:ReasonCode', 'cbc:AllowanceChargeReasonCode', '95 (Rabatt)', g('BG-27')),
  bt('BT-141', 'Betrag des Positionszuschlags', '1..1', 'betrag', 'ram:ActualAmount', 'cbc:Amount', 'belegPositionen.eilzuschlag', g('BG-28', 'ubl')),
  bt('BT-144', 'Grund für den Positionszuschlag', '0..1', 'text', 'ram:Reason', 'cbc:AllowanceChargeReason', 'Eilzuschlag / Teuerungszuschlag', g('BG-28')),
  // BG-29 price, BG-30 line VAT, BG-31 item
  bt(
    'BT-146',
    'Nettopreis des Artikels',
    '1..1',
    'preis',
    'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount',
    'cac:Price/cbc:PriceAmount',
    'belegPositionen.einzelpreis',
    g('BG-25', 'ubl'),
  ),
  bt(
    'BT-151',
    'Umsatzsteuerkategorie der Position',
    '1..1',
    'code',
    `${LINE_SET}/ram:ApplicableTradeTax[ram:TypeCode='VAT']/ram:CategoryCode`,
    `cac:Item/cac:ClassifiedTaxCategory${U_VAT}/cbc:ID`,
    'S bei Satz > 0, sonst STEUERFAELLE[adressen.steuerfall]',
    g('BG-25'),
  ),
  bt(
    'BT-152',
    'Umsatzsteuersatz der Position',
    '0..1',
    'prozent',
    `${LINE_SET}/ram:ApplicableTradeTax/ram:RateApplicablePercent`,
    'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent',
    'belegPositionen.mwstSatz',
    g('BG-25'),
  ),
  bt('BT-153', 'Artikelname', '1..1', 'text', 'ram:SpecifiedTradeProduct/ram:Name', 'cac:Item/cbc:Name', 'belegPositionen.bezeichnung', g('BG-25')),
  bt(
    'BT-154',
    'Artikelbeschreibung',
    '0..1',
    'text',
    'ram:SpecifiedTradeProduct/ram:Description',
    'cac:Item/cbc:Description',
    'belegPositionen.beschreibung',
    g('BG-25'),
  ),
  bt(
    'BT-155',
    'Artikelnummer des Verkäufers',
    '0..1',
    'kennung',
    'ram:SpecifiedTradeProduct/ram:SellerAssignedID',
    'cac:Item/cac:SellersItemIdentification/cbc:ID',
    'belegPositionen.artikelnummer',
    g('BG-25'),
  ),
];

/** UBL CreditNote (type 381): elements named differently from the Invoice document. */
export const UBL_GUTSCHRIFT_NAMEN: Readonly<Record<string, string>> = {
  'ubl:Invoice': 'ubl:CreditNote',
  'cbc:InvoiceTypeCode': 'cbc:CreditNoteTypeCode',
  'cac:InvoiceLine': 'cac:CreditNoteLine',
  'cbc:InvoicedQuantity': 'cbc:CreditedQuantity',
};

export const ERECHNUNG_NAMENSRAEUME = {
  cii: {
    rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
    ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
    qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
    udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  },
  ubl: {
    ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  },
  ublGutschrift: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

/** The root element per syntax. */
export const ERECHNUNG_WURZEL = { cii: 'rsm:CrossIndustryInvoice', ubl: 'ubl:Invoice' } as const;

/**
 * Units of measure (BT-130, UN/ECE Recommendation 20) for the product's unit texts; an unknown or empty unit is
 * "C62" (one, piece).
 */
export const ERECHNUNG_EINHEITEN: Readonly<Record<string, string>> = {
  stk: 'H87',
  stück: 'H87',
  st: 'H87',
  std: 'HUR',
  h: 'HUR',
  stunde: 'HUR',
  stunden: 'HUR',
  min: 'MIN',
  tag: 'DAY',
  tage: 'DAY',
  kg: 'KGM',
  g: 'GRM',
  t: 'TNE',
  m: 'MTR',
  km: 'KMT',
  m2: 'MTK',
  'm²': 'MTK',
  m3: 'MTQ',
  'm³': 'MTQ',
  l: 'LTR',
  pauschal: 'LS',
  psch: 'LS',
  pck: 'PK',
  paket: 'PK',
  satz: 'SET',
};
export const einheitCode = (einheit: string | null | undefined): string => ERECHNUNG_EINHEITEN[(einheit ?? '').trim().toLowerCase()] ?? 'C62';

// ───────────────────────────── API shapes ─────────────────────────────

export const erechnungQuery = z.object({ format: z.enum(ERECHNUNG_LIEFERFORMATE) });

/** One missing business term of the pre-booking check. */
export const fehlendesBt = z.object({ bt: z.string(), text: z.string() });

/** The seller data of e-invoices (administrator; system info, migrations 0009 and 0036). */
const opt = (max: number) => z.string().trim().max(max).nullable().optional();
export const verkaeuferDaten = z.object({
  lizenzName: z.string(),
  strasse: z.string().nullable(),
  plz: z.string().nullable(),
  ort: z.string().nullable(),
  lkz: z.string().nullable(),
  telefon: z.string().nullable(),
  email: z.string().nullable(),
  internet: z.string().nullable(),
  ustId: z.string().nullable(),
  steuernummer: z.string().nullable(),
  bank: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  geschaeftsfuehrer: z.string().nullable(),
  registergericht: z.string().nullable(),
  kontaktName: z.string().nullable(),
  kontaktTelefon: z.string().nullable(),
  kontaktEmail: z.string().nullable(),
  /** ERECHNUNG.PRUEFUNG: a missing business term refuses the booking or only warns. */
  pruefung: z.enum(ERECHNUNG_PRUEFUNG_WERTE),
  /** What the e-invoices miss of the seller data now (BT and German text), empty when complete. */
  fehlend: z.array(fehlendesBt),
});
export type VerkaeuferDaten = z.infer<typeof verkaeuferDaten>;

/** An IBAN (spaces allowed) whose check digits fit (ISO 13616, mod 97). */
export function ibanGueltig(wert: string): boolean {
  const iban = wert.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const ziffern = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (b) => String(b.charCodeAt(0) - 55));
  let rest = 0;
  for (const z of ziffern) rest = (rest * 10 + Number(z)) % 97;
  return rest === 1;
}

const ibanText = z
  .string()
  .trim()
  .max(42)
  .refine((v) => v === '' || ibanGueltig(v), 'Keine gültige IBAN (Prüfziffer oder Aufbau stimmt nicht)')
  .nullable()
  .optional();
export const verkaeuferWrite = z.object({
  data: z.object({
    lizenzName: z.string().trim().min(1, 'Bitte einen Wert eingeben').max(120).optional(),
    strasse: opt(120),
    plz: opt(12),
    ort: opt(80),
    lkz: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Ländercode aus zwei Großbuchstaben')
      .nullable()
      .optional(),
    telefon: opt(40),
    email: z
      .email('Keine gültige E-Mail-Adresse')
      .max(200)
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    internet: opt(200),
    ustId: opt(20),
    steuernummer: opt(30),
    bank: opt(120),
    iban: ibanText,
    bic: z
      .string()
      .trim()
      .regex(/^$|^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Keine gültige BIC (8 oder 11 Zeichen)')
      .nullable()
      .optional(),
    geschaeftsfuehrer: opt(200),
    registergericht: opt(200),
    kontaktName: opt(120),
    kontaktTelefon: opt(40),
    kontaktEmail: z
      .email('Keine gültige E-Mail-Adresse')
      .max(200)
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    pruefung: z.enum(ERECHNUNG_PRUEFUNG_WERTE).optional(),
  }),
});

/** A delivered e-invoice as listed on the document (the bytes stay with it, GoBD). */
export const erechnungLieferung = z.object({
  format: z.enum(ERECHNUNG_LIEFERFORMATE),
  sha256: z.string(),
  groesse: z.number().int(),
  erstelltAm: z.string(),
});

/** Payment means (BT-81, UNTDID 4461) as the incoming invoice's payment kind text. */
export const ERECHNUNG_ZAHLUNGSMITTEL: Readonly<Record<string, string>> = {
  '1': 'Nicht definiert',
  '10': 'Bar',
  '30': 'Überweisung',
  '31': 'Überweisung',
  '42': 'Zahlung auf Bankkonto',
  '48': 'Karte',
  '49': 'Lastschrift',
  '57': 'Dauerauftrag',
  '58': 'SEPA-Überweisung',
  '59': 'SEPA-Lastschrift',
  ZZZ: 'Vereinbart',
};

/**
 * Cash discount terms in BT-20 as XRechnung writes them (and the outgoing side does): a line
 * `#SKONTO#TAGE=n#PROZENT=p.pp#` (optionally `BASISBETRAG=b.bb#`), one per stage. Days and percent in hundredths.
 */
export function liesSkonto(bt20: string | null | undefined): { tage: number; prozent: number }[] {
  if (!bt20) return [];
  const out: { tage: number; prozent: number }[] = [];
  for (const m of bt20.matchAll(/#SKONTO#TAGE=(\d{1,4})#PROZENT=(\d{1,3})(?:\.(\d{1,2}))?#/g)) {
    out.push({ tage: Number(m[1]), prozent: Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')) });
  }
  return out;
}
