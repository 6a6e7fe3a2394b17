import { BG_ZUORDNUNG, BT_ZUORDNUNG, type BtZuordnung, ERECHNUNG_NAMENSRAEUME, ERECHNUNG_WURZEL, UBL_GUTSCHRIFT_NAMEN } from '@vario/contract';
import { create } from 'xmlbuilder2';

/**
 * The e-invoice writer (issue 24 item 5): CII and UBL from the contract's mapping table (`BT_ZUORDNUNG`,
 * `BG_ZUORDNUNG`) and nothing else. Input is the EN 16931 semantic model of one invoice — values by BT id, group items
 * by BG id (`ERechnungDaten`, built by erechnung.modell.ts) — output the XML text (UTF-8, xmlbuilder2).
 *
 * Each value is put at its path (the contract explains the path syntax): steps are shared with what is already there
 * (an element of that name whose predicates hold), predicates are written as constants, a group item is a new element.
 * The schemas fix the order of child elements, so the tree is written in the order of `REIHENFOLGE` (the child
 * elements of each parent as the CII D16B and UBL 2.1 schemas list them), not in the order the values came.
 */

export type ERechnungWert = string | undefined | null;
export interface ERechnungDaten {
  [btOderBg: string]: ERechnungWert | ERechnungDaten[];
}
export type Syntax = 'cii' | 'ubl';

interface Knoten {
  name: string;
  attrs: Record<string, string>;
  kinder: Knoten[];
  text?: string;
}

interface Schritt {
  name: string;
  praedikate: { pfad: string; wert: string }[];
}

const zerlege = (pfad: string): string[] => {
  const teile: string[] = [];
  let tiefe = 0;
  let aktuell = '';
  for (const c of pfad) {
    if (c === '[') tiefe++;
    if (c === ']') tiefe--;
    if (c === '/' && tiefe === 0) {
      teile.push(aktuell);
      aktuell = '';
    } else aktuell += c;
  }
  teile.push(aktuell);
  return teile;
};

const schrittCache = new Map<string, Schritt>();
function schritt(s: string): Schritt {
  const bekannt = schrittCache.get(s);
  if (bekannt) return bekannt;
  const i = s.indexOf('[');
  const name = i < 0 ? s : s.slice(0, i);
  const praedikate = [...s.slice(i < 0 ? s.length : i).matchAll(/\[([^=\]]+)='([^']*)'\]/g)].map((m) => ({ pfad: m[1] as string, wert: m[2] as string }));
  const r = { name, praedikate };
  schrittCache.set(s, r);
  return r;
}

/** The value at a relative path (element text or `@attr`), for predicates. */
function lies(k: Knoten, pfad: string): string | undefined {
  let aktuell: Knoten | undefined = k;
  for (const teil of zerlege(pfad)) {
    if (!aktuell) return undefined;
    if (teil.startsWith('@')) return aktuell.attrs[teil.slice(1)];
    const s = schritt(teil);
    aktuell = aktuell.kinder.find((c) => passt(c, s));
  }
  return aktuell?.text;
}

const passt = (k: Knoten, s: Schritt) => k.name === s.name && s.praedikate.every((p) => lies(k, p.pfad) === p.wert);

function neu(eltern: Knoten, s: Schritt): Knoten {
  const k: Knoten = { name: s.name, attrs: {}, kinder: [] };
  eltern.kinder.push(k);
  for (const p of s.praedikate) setze(k, p.pfad, p.wert);
  return k;
}

function gehe(eltern: Knoten, teil: string, immerNeu: boolean): Knoten {
  const s = schritt(teil);
  if (!immerNeu) {
    const da = eltern.kinder.find((c) => passt(c, s));
    if (da) return da;
  }
  return neu(eltern, s);
}

/** Puts a value at a path below `k` (shared steps, attribute as last step). */
function setze(k: Knoten, pfad: string, wert: string, attrs: Record<string, string> = {}) {
  const teile = zerlege(pfad);
  let aktuell = k;
  for (const [i, teil] of teile.entries()) {
    if (teil === '.') continue;
    if (teil.startsWith('@')) {
      aktuell.attrs[teil.slice(1)] = wert;
      return;
    }
    aktuell = gehe(aktuell, teil, false);
    if (i === teile.length - 1) {
      aktuell.text = wert;
      Object.assign(aktuell.attrs, attrs);
    }
  }
}

/** A group item: its parent steps shared, its own element new. */
function gruppenElement(k: Knoten, pfad: string): Knoten {
  const teile = zerlege(pfad);
  let aktuell = k;
  for (const [i, teil] of teile.entries()) aktuell = gehe(aktuell, teil, i === teile.length - 1);
  return aktuell;
}

const CII_DATUM = /^(\d{4})-(\d{2})-(\d{2})$/;

function format(eintrag: BtZuordnung, wert: string, syntax: Syntax): string {
  if (eintrag.typ === 'datum' && syntax === 'cii') return wert.replace(CII_DATUM, '$1$2$3');
  return wert;
}

const eintraegeVon = (gruppe: string | null) => BT_ZUORDNUNG.filter((e) => e.gruppe === gruppe);
const gruppenIn = (eltern: string | null) => BG_ZUORDNUNG.filter((g) => g.eltern === eltern);

function fuelle(k: Knoten, gruppe: string | null, daten: ERechnungDaten, syntax: Syntax, waehrung: string) {
  for (const e of eintraegeVon(gruppe)) {
    const wert = daten[e.bt];
    if (wert === undefined || wert === null || Array.isArray(wert) || wert === '') continue;
    const mitWaehrung = e.waehrung === 'beide' || (e.waehrung === 'ubl' && syntax === 'ubl');
    setze(k, e[syntax], format(e, wert, syntax), mitWaehrung ? { currencyID: waehrung } : {});
  }
  for (const g of gruppenIn(gruppe)) {
    const items = daten[g.bg];
    if (!Array.isArray(items)) continue;
    for (const item of items) fuelle(gruppenElement(k, g[syntax]), g.bg, item, syntax, waehrung);
  }
}

/**
 * The child elements of each parent in schema order (CII D16B, UBL 2.1 Invoice). A parent missing here keeps the
 * order the values came in; a child missing from its parent's list throws (a mapping-table entry without its place).
 */
const REIHENFOLGE: Record<Syntax, Record<string, readonly string[]>> = {
  cii: {
    'rsm:CrossIndustryInvoice': ['rsm:ExchangedDocumentContext', 'rsm:ExchangedDocument', 'rsm:SupplyChainTradeTransaction'],
    'rsm:ExchangedDocumentContext': ['ram:BusinessProcessSpecifiedDocumentContextParameter', 'ram:GuidelineSpecifiedDocumentContextParameter'],
    'rsm:ExchangedDocument': ['ram:ID', 'ram:TypeCode', 'ram:IssueDateTime', 'ram:IncludedNote'],
    'rsm:SupplyChainTradeTransaction': [
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:ApplicableHeaderTradeAgreement',
      'ram:ApplicableHeaderTradeDelivery',
      'ram:ApplicableHeaderTradeSettlement',
    ],
    'ram:IncludedSupplyChainTradeLineItem': [
      'ram:AssociatedDocumentLineDocument',
      'ram:SpecifiedTradeProduct',
      'ram:SpecifiedLineTradeAgreement',
      'ram:SpecifiedLineTradeDelivery',
      'ram:SpecifiedLineTradeSettlement',
    ],
    'ram:AssociatedDocumentLineDocument': ['ram:LineID', 'ram:IncludedNote'],
    'ram:SpecifiedTradeProduct': ['ram:GlobalID', 'ram:SellerAssignedID', 'ram:BuyerAssignedID', 'ram:Name', 'ram:Description'],
    'ram:SpecifiedLineTradeAgreement': ['ram:BuyerOrderReferencedDocument', 'ram:GrossPriceProductTradePrice', 'ram:NetPriceProductTradePrice'],
    'ram:NetPriceProductTradePrice': ['ram:ChargeAmount', 'ram:BasisQuantity'],
    'ram:SpecifiedLineTradeSettlement': [
      'ram:ApplicableTradeTax',
      'ram:BillingSpecifiedPeriod',
      'ram:SpecifiedTradeAllowanceCharge',
      'ram:SpecifiedTradeSettlementLineMonetarySummation',
    ],
    'ram:ApplicableTradeTax': [
      'ram:CalculatedAmount',
      'ram:TypeCode',
      'ram:ExemptionReason',
      'ram:BasisAmount',
      'ram:CategoryCode',
      'ram:ExemptionReasonCode',
      'ram:DueDateTypeCode',
      'ram:RateApplicablePercent',
    ],
    'ram:SpecifiedTradeAllowanceCharge': [
      'ram:ChargeIndicator',
      'ram:CalculationPercent',
      'ram:BasisAmount',
      'ram:ActualAmount',
      'ram:ReasonCode',
      'ram:Reason',
      'ram:CategoryTradeTax',
    ],
    'ram:CategoryTradeTax': ['ram:TypeCode', 'ram:CategoryCode', 'ram:RateApplicablePercent'],
    'ram:ApplicableHeaderTradeAgreement': ['ram:BuyerReference', 'ram:SellerTradeParty', 'ram:BuyerTradeParty', 'ram:BuyerOrderReferencedDocument'],
    'ram:SellerTradeParty': [
      'ram:ID',
      'ram:GlobalID',
      'ram:Name',
      'ram:Description',
      'ram:SpecifiedLegalOrganization',
      'ram:DefinedTradeContact',
      'ram:PostalTradeAddress',
      'ram:URIUniversalCommunication',
      'ram:SpecifiedTaxRegistration',
    ],
    'ram:DefinedTradeContact': ['ram:PersonName', 'ram:DepartmentName', 'ram:TelephoneUniversalCommunication', 'ram:EmailURIUniversalCommunication'],
    'ram:PostalTradeAddress': [
      'ram:PostcodeCode',
      'ram:LineOne',
      'ram:LineTwo',
      'ram:LineThree',
      'ram:CityName',
      'ram:CountryID',
      'ram:CountrySubDivisionName',
    ],
    'ram:ApplicableHeaderTradeDelivery': ['ram:ShipToTradeParty', 'ram:ActualDeliverySupplyChainEvent', 'ram:DespatchAdviceReferencedDocument'],
    'ram:ApplicableHeaderTradeSettlement': [
      'ram:CreditorReferenceID',
      'ram:PaymentReference',
      'ram:TaxCurrencyCode',
      'ram:InvoiceCurrencyCode',
      'ram:PayeeTradeParty',
      'ram:SpecifiedTradeSettlementPaymentMeans',
      'ram:ApplicableTradeTax',
      'ram:BillingSpecifiedPeriod',
      'ram:SpecifiedTradeAllowanceCharge',
      'ram:SpecifiedTradePaymentTerms',
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      'ram:InvoiceReferencedDocument',
      'ram:ReceivableSpecifiedTradeAccountingAccount',
    ],
    'ram:SpecifiedTradeSettlementPaymentMeans': [
      'ram:TypeCode',
      'ram:Information',
      'ram:ApplicableTradeSettlementFinancialCard',
      'ram:PayerPartyDebtorFinancialAccount',
      'ram:PayeePartyCreditorFinancialAccount',
      'ram:PayeeSpecifiedCreditorFinancialInstitution',
    ],
    'ram:PayeePartyCreditorFinancialAccount': ['ram:IBANID', 'ram:AccountName', 'ram:ProprietaryID'],
    'ram:SpecifiedTradePaymentTerms': ['ram:Description', 'ram:DueDateDateTime', 'ram:DirectDebitMandateID'],
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': [
      'ram:LineTotalAmount',
      'ram:ChargeTotalAmount',
      'ram:AllowanceTotalAmount',
      'ram:TaxBasisTotalAmount',
      'ram:TaxTotalAmount',
      'ram:RoundingAmount',
      'ram:GrandTotalAmount',
      'ram:TotalPrepaidAmount',
      'ram:DuePayableAmount',
    ],
    'ram:InvoiceReferencedDocument': ['ram:IssuerAssignedID', 'ram:FormattedIssueDateTime'],
  },
  ubl: {
    'ubl:Invoice': [
      'cbc:UBLVersionID',
      'cbc:CustomizationID',
      'cbc:ProfileID',
      'cbc:ID',
      'cbc:IssueDate',
      'cbc:DueDate',
      'cbc:InvoiceTypeCode',
      'cbc:Note',
      'cbc:TaxPointDate',
      'cbc:DocumentCurrencyCode',
      'cbc:TaxCurrencyCode',
      'cbc:AccountingCost',
      'cbc:BuyerReference',
      'cac:InvoicePeriod',
      'cac:OrderReference',
      'cac:BillingReference',
      'cac:DespatchDocumentReference',
      'cac:AccountingSupplierParty',
      'cac:AccountingCustomerParty',
      'cac:PayeeParty',
      'cac:Delivery',
      'cac:PaymentMeans',
      'cac:PaymentTerms',
      'cac:AllowanceCharge',
      'cac:TaxTotal',
      'cac:LegalMonetaryTotal',
      'cac:InvoiceLine',
    ],
    'cac:Party': [
      'cbc:EndpointID',
      'cac:PartyIdentification',
      'cac:PartyName',
      'cac:PostalAddress',
      'cac:PartyTaxScheme',
      'cac:PartyLegalEntity',
      'cac:Contact',
    ],
    'cac:PostalAddress': [
      'cbc:StreetName',
      'cbc:AdditionalStreetName',
      'cbc:CityName',
      'cbc:PostalZone',
      'cbc:CountrySubentity',
      'cac:AddressLine',
      'cac:Country',
    ],
    'cac:Address': ['cbc:StreetName', 'cbc:AdditionalStreetName', 'cbc:CityName', 'cbc:PostalZone', 'cbc:CountrySubentity', 'cac:AddressLine', 'cac:Country'],
    'cac:PartyTaxScheme': ['cbc:CompanyID', 'cac:TaxScheme'],
    'cac:PartyLegalEntity': ['cbc:RegistrationName', 'cbc:CompanyID', 'cbc:CompanyLegalForm'],
    'cac:Contact': ['cbc:Name', 'cbc:Telephone', 'cbc:ElectronicMail'],
    'cac:Delivery': ['cbc:ActualDeliveryDate', 'cac:DeliveryLocation', 'cac:DeliveryParty'],
    'cac:DeliveryLocation': ['cbc:ID', 'cac:Address'],
    'cac:PaymentMeans': ['cbc:PaymentMeansCode', 'cbc:PaymentDueDate', 'cbc:PaymentID', 'cac:CardAccount', 'cac:PayeeFinancialAccount', 'cac:PaymentMandate'],
    'cac:PayeeFinancialAccount': ['cbc:ID', 'cbc:Name', 'cac:FinancialInstitutionBranch'],
    'cac:AllowanceCharge': [
      'cbc:ChargeIndicator',
      'cbc:AllowanceChargeReasonCode',
      'cbc:AllowanceChargeReason',
      'cbc:MultiplierFactorNumeric',
      'cbc:Amount',
      'cbc:BaseAmount',
      'cac:TaxCategory',
    ],
    'cac:TaxCategory': ['cbc:ID', 'cbc:Percent', 'cbc:TaxExemptionReasonCode', 'cbc:TaxExemptionReason', 'cac:TaxScheme'],
    'cac:ClassifiedTaxCategory': ['cbc:ID', 'cbc:Percent', 'cac:TaxScheme'],
    'cac:TaxTotal': ['cbc:TaxAmount', 'cac:TaxSubtotal'],
    'cac:TaxSubtotal': ['cbc:TaxableAmount', 'cbc:TaxAmount', 'cac:TaxCategory'],
    'cac:LegalMonetaryTotal': [
      'cbc:LineExtensionAmount',
      'cbc:TaxExclusiveAmount',
      'cbc:TaxInclusiveAmount',
      'cbc:AllowanceTotalAmount',
      'cbc:ChargeTotalAmount',
      'cbc:PrepaidAmount',
      'cbc:PayableRoundingAmount',
      'cbc:PayableAmount',
    ],
    'cac:InvoiceLine': [
      'cbc:ID',
      'cbc:Note',
      'cbc:InvoicedQuantity',
      'cbc:LineExtensionAmount',
      'cbc:AccountingCost',
      'cac:InvoicePeriod',
      'cac:OrderLineReference',
      'cac:DocumentReference',
      'cac:AllowanceCharge',
      'cac:Item',
      'cac:Price',
    ],
    'cac:Item': [
      'cbc:Description',
      'cbc:Name',
      'cac:BuyersItemIdentification',
      'cac:SellersItemIdentification',
      'cac:StandardItemIdentification',
      'cac:OriginCountry',
      'cac:CommodityClassification',
      'cac:ClassifiedTaxCategory',
      'cac:AdditionalItemProperty',
    ],
    'cac:Price': ['cbc:PriceAmount', 'cbc:BaseQuantity', 'cac:AllowanceCharge'],
    'cac:BillingReference': ['cac:InvoiceDocumentReference'],
    'cac:InvoiceDocumentReference': ['cbc:ID', 'cbc:IssueDate'],
  },
};

function ordne(k: Knoten, syntax: Syntax) {
  const ordnung = REIHENFOLGE[syntax][k.name] ?? (syntax === 'cii' && k.name === 'ram:BuyerTradeParty' ? REIHENFOLGE.cii['ram:SellerTradeParty'] : undefined);
  const shipTo = syntax === 'cii' && k.name === 'ram:ShipToTradeParty' ? REIHENFOLGE.cii['ram:SellerTradeParty'] : undefined;
  const liste = ordnung ?? shipTo;
  if (liste) {
    const rang = (c: Knoten) => {
      const r = liste.indexOf(c.name);
      if (r < 0) throw new Error(`E-Rechnung: ${c.name} hat keinen Platz unter ${k.name}`);
      return r;
    };
    // stable: items of one group keep their order
    k.kinder = k.kinder
      .map((c, i) => ({ c, i }))
      .sort((a, b) => rang(a.c) - rang(b.c) || a.i - b.i)
      .map((x) => x.c);
  }
  for (const c of k.kinder) ordne(c, syntax);
}

/**
 * The XML of one invoice in the syntax. `gutschrift`: a UBL credit note (type 381) is a CreditNote document
 * (`UBL_GUTSCHRIFT_NAMEN`); CII has one document for both.
 */
export function schreibeERechnung(daten: ERechnungDaten, syntax: Syntax, { gutschrift = false } = {}): string {
  const wurzel: Knoten = { name: ERECHNUNG_WURZEL[syntax], attrs: {}, kinder: [] };
  const waehrung = typeof daten['BT-5'] === 'string' ? daten['BT-5'] : 'EUR';
  fuelle(wurzel, null, daten, syntax, waehrung);
  ordne(wurzel, syntax);
  const umbenennen = syntax === 'ubl' && gutschrift ? (n: string) => UBL_GUTSCHRIFT_NAMEN[n] ?? n : (n: string) => n;
  const ns: Record<string, string> =
    syntax === 'cii'
      ? { ...ERECHNUNG_NAMENSRAEUME.cii }
      : { ...ERECHNUNG_NAMENSRAEUME.ubl, ...(gutschrift ? { ubl: ERECHNUNG_NAMENSRAEUME.ublGutschrift } : {}) };
  const nsVon = (name: string) => ns[name.split(':')[0] as string] as string;
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const rootName = umbenennen(wurzel.name);
  const root = doc.ele(nsVon(rootName), rootName);
  for (const [prefix, uri] of Object.entries(ns)) root.att('http://www.w3.org/2000/xmlns/', `xmlns:${prefix}`, uri);
  const schreibe = (eltern: ReturnType<typeof doc.ele>, k: Knoten) => {
    const name = umbenennen(k.name);
    const e = eltern.ele(nsVon(name), name);
    for (const [a, v] of Object.entries(k.attrs)) e.att(a, v);
    if (k.text !== undefined) e.txt(k.text);
    for (const c of k.kinder) schreibe(e, c);
  };
  for (const c of wurzel.kinder) schreibe(root, c);
  return doc.end({ prettyPrint: true });
}
