import {
  belegartVon,
  ERECHNUNG_FORMAT_INFO,
  ERECHNUNG_SPEZIFIKATION,
  type ERechnungFormat,
  type ERechnungLieferformat,
  einheitCode,
  istERechnungsBelegart,
  MessageCode,
  STEUERFAELLE,
  type Steuerfall,
} from '@vario/contract';
import type { Db } from '../../db/index';
import { plusTage } from '../../lib/berlin-time';
import { ApiError } from '../../lib/errors';
import { lineNet } from '../../lib/money';
import { type Geladen, ladeBelegFuerPdf, zahlungsbedingungen } from '../belege/belege.pdf-model';
import { belegSummen, verteile } from '../belege/belege.summen';
import type { ERechnungDaten } from './erechnung.xml';

/**
 * The EN 16931 semantic model of a booked invoice or credit note (issue 24 items 2, 3, 6): the values by BT id that
 * the writer (erechnung.xml.ts) puts at the mapping table's paths, and the check of the mandatory business terms
 * (before booking and before a delivery) with each missing BT and a German text.
 *
 * Amounts come from the stored document (belege.summen.ts computed them: integers, half away from zero, per line then
 * VAT per rate), so the sums the rules check (BR-CO-10 … BR-CO-17, BR-S-08) hold to the cent:
 * - a line's discounts and surcharge in percent are one line allowance (or charge) = quantity × unit price (rounded to
 *   the cent) − the line net without the rush surcharge; the rush surcharge is a line charge;
 * - the head discounts 1 + 2 are split over the VAT rates exactly as the totals split them (`verteile`, the main
 *   rate takes the remainder): one document allowance per rate; freight, cash on delivery and insurance are document
 *   charges at the main rate;
 * - lines with a rate above 0 are standard rated (S); lines without VAT take the address's tax case (`STEUERFAELLE`):
 *   zero rated (Z) at home, exempt (E) with the address's reason, reverse charge (AE), intra-community supply (K),
 *   export (G) with their VATEX reasons.
 */

export interface FehlendesBt {
  bt: string;
  text: string;
}

/** Which documents are e-invoices (the contract's rule). */
export const istERechnungsBeleg = istERechnungsBelegart;

const n = (v: unknown) => Number(v ?? 0);
const leer = (v: string | null | undefined) => !v || v.trim() === '';
const ohneLeer = (v: string | null | undefined) => (leer(v) ? undefined : (v as string).replace(/\s+/g, '').toUpperCase());
const txt = (v: string | null | undefined) => (leer(v) ? undefined : (v as string).trim());

/** A scaled integer as decimal text with a point: 12345 with 2 places → "123.45". */
export function dezimal(wert: number, stellen: number): string {
  const negativ = wert < 0;
  const s = Math.abs(Math.trunc(wert))
    .toString()
    .padStart(stellen + 1, '0');
  const text = stellen ? `${s.slice(0, -stellen)}.${s.slice(-stellen)}` : s;
  return negativ && /[1-9]/.test(text) ? `-${text}` : text;
}
const betrag = (cents: number) => dezimal(cents, 2);
const prozent = (p2: number) => dezimal(p2, 2);

export async function verkaeufer(trx: Db) {
  return trx.selectFrom('systemInfo').selectAll().where('id', '=', 1).executeTakeFirst();
}
type Verkaeufer = Awaited<ReturnType<typeof verkaeufer>>;

/** What the seller data (system info) misses for e-invoices in general (EN 16931) and for XRechnung. */
export function fehlendeVerkaeuferDaten(v: Verkaeufer, xrechnung: boolean, rechnung = true): FehlendesBt[] {
  const f: FehlendesBt[] = [];
  const fehlt = (bt: string, text: string) => f.push({ bt, text });
  if (leer(v?.lizenzName)) fehlt('BT-27', 'Name des Verkäufers (Firmenname in den Verkäuferdaten)');
  if (leer(v?.lkz)) fehlt('BT-40', 'Ländercode des Verkäufers (Verkäuferdaten)');
  if (leer(v?.ustId) && leer(v?.steuernummer)) fehlt('BT-31', 'USt-IdNr. oder Steuernummer des Verkäufers (Verkäuferdaten)');
  if (rechnung && leer(v?.iban)) fehlt('BT-84', 'IBAN des Verkäufers für die Überweisung (Verkäuferdaten)');
  if (xrechnung) {
    if (leer(v?.ort)) fehlt('BT-37', 'Ort des Verkäufers (Verkäuferdaten)');
    if (leer(v?.plz)) fehlt('BT-38', 'Postleitzahl des Verkäufers (Verkäuferdaten)');
    if (leer(v?.kontaktName)) fehlt('BT-41', 'Kontaktperson des Verkäufers (Verkäuferdaten)');
    if (leer(v?.kontaktTelefon) && leer(v?.telefon)) fehlt('BT-42', 'Telefonnummer der Kontaktperson des Verkäufers (Verkäuferdaten)');
    if (leer(v?.kontaktEmail) && leer(v?.email)) fehlt('BT-43', 'E-Mail-Adresse der Kontaktperson des Verkäufers (Verkäuferdaten)');
  }
  return f;
}

export interface ERechnungModell {
  daten: ERechnungDaten;
  fehlend: FehlendesBt[];
  gutschrift: boolean;
  belegnummer: string;
}

/** Reads the document and builds its model in the format (404 when it does not exist). */
export async function erechnungModell(trx: Db, belegId: number, format: ERechnungLieferformat | ERechnungFormat): Promise<ERechnungModell> {
  const g = await ladeBelegFuerPdf(trx, belegId);
  return modellAus(trx, g, format);
}

export async function modellAus(trx: Db, g: Geladen, format: ERechnungLieferformat | ERechnungFormat): Promise<ERechnungModell> {
  const { b, adresse, zusatz, positionen, zahlart, lieferscheine } = g;
  const xrechnung = format !== 'keine' && ERECHNUNG_FORMAT_INFO[format].xrechnung;
  const d = belegartVon(b.belegart);
  const typCode = d?.untdid1001 ?? '380';
  const gutschrift = typCode === '381';
  // a cancellation invoice (384, "corrected invoice") refers to the document it cancels (BT-25/26), a credit note to
  // the invoice it corrects (its source document)
  const storno = typCode === '384';
  const bezugId = storno ? b.stornoVonId : gutschrift ? b.vorgaengerId : null;
  const vorgaenger = bezugId
    ? await trx.selectFrom('belege').select(['belegart', 'belegnummer', 'belegdatum']).where('id', '=', bezugId).executeTakeFirst()
    : undefined;
  const vorgaengerCode = vorgaenger ? belegartVon(vorgaenger.belegart)?.untdid1001 : undefined;
  const rechnung = vorgaengerCode === '380' || (storno && vorgaengerCode === '381') ? vorgaenger : undefined;
  // Amounts as the invoice states them: a cancellation stores the original's negated. An invoice's cancellation stays
  // negative (EN 16931: the reversal of what was invoiced); a credit note states its amounts positive (381), so its
  // cancellation — the customer owes them again — is a 384 with those amounts positive.
  const vz = storno && vorgaengerCode === '381' ? -1 : 1;
  const bt = (cents: number) => betrag(vz * cents);
  // nothing to pay for a credit note or for the cancellation of an invoice (negative): no payment request, no IBAN
  const ohneZahlung = gutschrift || (storno && vz * n(b.betragBrutto) <= 0);
  const v = await verkaeufer(trx);
  const fehlend = fehlendeVerkaeuferDaten(v, xrechnung, !ohneZahlung);
  const fehlt = (bt: string, text: string) => fehlend.push({ bt, text });
  if (storno && !rechnung) fehlt('BT-25', 'Nummer des stornierten Belegs (Stornorechnung ohne Bezug)');

  const steuerfall = (adresse?.steuerfall ?? 'inland') as Steuerfall;
  const fall = STEUERFAELLE[steuerfall] ?? STEUERFAELLE.inland;
  const kategorie = (satz: number) => (satz > 0 ? 'S' : fall.kategorie);
  const befreiung = (satz: number): { grund?: string; code?: string } => {
    if (satz > 0 || fall.kategorie === 'Z') return {};
    if (fall.kategorie === 'E') return { grund: txt(adresse?.steuerbefreiungsgrund) };
    return { grund: fall.grund ?? undefined, code: fall.grundCode ?? undefined };
  };

  // the buyer is the invoice's recipient: its billing address when it has one, else the customer
  const kaeufer = {
    name: zusatz?.name1 ?? adresse?.name1 ?? b.adresseName ?? '',
    strasse: zusatz ? zusatz.strasse : adresse?.strasse,
    plz: zusatz ? zusatz.plz : adresse?.plz,
    ort: zusatz ? zusatz.ort : adresse?.ort,
    lkz: ((zusatz ? zusatz.lkz : adresse?.lkz) || 'DE').toUpperCase(),
  };
  const lieferadresse = b.lieferadresseId
    ? await trx.selectFrom('zusatzadressen').selectAll().where('id', '=', b.lieferadresseId).executeTakeFirst()
    : undefined;
  const artikel = positionen.filter((p) => p.positionsArt !== 'T');

  if (leer(kaeufer.name)) fehlt('BT-44', 'Name des Käufers (Adresse)');
  const kaeuferUstId = ohneLeer(adresse?.ustId);
  if (fall.kaeuferUstId && !kaeuferUstId) fehlt('BT-48', `USt-IdNr. des Käufers (Adresse; Pflicht bei ${fall.name.de})`);
  if (fall.kategorie !== 'Z' && fall.kategorie !== 'E' && artikel.some((p) => n(p.mwstSatz) === 0) && leer(v?.ustId))
    fehlt('BT-31', `USt-IdNr. des Verkäufers (Verkäuferdaten; Pflicht bei ${fall.name.de})`);
  if (fall.kategorie === 'E' && artikel.some((p) => n(p.mwstSatz) === 0) && leer(adresse?.steuerbefreiungsgrund))
    fehlt('BT-120', 'Grund der Steuerbefreiung (Adresse)');
  if (fall.nurNull && artikel.some((p) => n(p.mwstSatz) !== 0))
    fehlt('BT-152', `Umsatzsteuersatz 0 % auf allen Positionen (Steuerfall der Adresse: ${fall.name.de})`);
  if (artikel.some((p) => n(p.einzelpreis) < 0)) fehlt('BT-146', 'Nettopreis der Positionen darf nicht negativ sein');
  const leitwegId = txt(adresse?.leitwegId);
  const kaeuferReferenz = leitwegId ?? (xrechnung && !adresse?.oeffentlich ? txt(b.betreff) : undefined);
  const kaeuferEmail = txt(adresse?.erechnungEmail) ?? txt(adresse?.email);
  if (xrechnung) {
    if (adresse?.oeffentlich && !leitwegId) fehlt('BT-10', 'Leitweg-ID des öffentlichen Auftraggebers (Adresse)');
    else if (!kaeuferReferenz) fehlt('BT-10', 'Leitweg-ID (Adresse) oder Bestellnummer des Kunden (Beleg)');
    if (leer(v?.kontaktEmail) && leer(v?.email)) fehlt('BT-34', 'Elektronische Adresse (E-Mail) des Verkäufers (Verkäuferdaten)');
    if (!kaeuferEmail) fehlt('BT-49', 'E-Rechnungs-E-Mail-Adresse des Käufers (Adresse)');
    if (leer(kaeufer.ort)) fehlt('BT-52', 'Ort des Käufers (Adresse)');
    if (leer(kaeufer.plz)) fehlt('BT-53', 'Postleitzahl des Käufers (Adresse)');
    if (lieferadresse && leer(lieferadresse.ort)) fehlt('BT-77', 'Ort der Lieferadresse');
    if (lieferadresse && leer(lieferadresse.plz)) fehlt('BT-78', 'Postleitzahl der Lieferadresse');
  }

  // lines: quantity × unit price, their discounts as one allowance, the surcharges as charges
  const zeilen: ERechnungDaten[] = artikel.map((p) => {
    const basis = lineNet(n(p.einzelpreis), n(p.menge));
    const eil = n(p.eilzuschlag);
    const differenz = basis - (n(p.gesamtpreis) - eil);
    const abschlaege: ERechnungDaten[] = [];
    const zuschlaege: ERechnungDaten[] = [];
    // a negated line (a cancellation's: negative quantity) keeps the original's allowances and charges, negated
    const vl = n(p.menge) < 0 ? -1 : 1;
    if (vl * differenz > 0) abschlaege.push({ 'BT-136': bt(differenz), 'BT-139': 'Rabatt', 'BT-140': '95' });
    if (vl * differenz < 0) zuschlaege.push({ 'BT-141': bt(-differenz), 'BT-144': 'Teuerungszuschlag' });
    if (vl * eil > 0) zuschlaege.push({ 'BT-141': bt(eil), 'BT-144': 'Eilzuschlag' });
    if (vl * eil < 0) abschlaege.push({ 'BT-136': bt(-eil), 'BT-139': 'Nachlass', 'BT-140': '95' });
    const satz = n(p.mwstSatz);
    return {
      'BT-126': String(p.position),
      'BT-129': dezimal(vz * n(p.menge), 3),
      'BT-130': einheitCode(p.mengeneinheit),
      'BT-131': bt(n(p.gesamtpreis)),
      'BT-146': dezimal(n(p.einzelpreis), 4),
      'BT-151': kategorie(satz),
      'BT-152': prozent(satz),
      'BT-153': p.bezeichnung,
      'BT-154': txt(p.beschreibung),
      'BT-155': txt(p.artikelnummer),
      'BG-27': abschlaege,
      'BG-28': zuschlaege,
    };
  });

  // head discounts per rate exactly as the totals split them; charges at the main rate
  // the main rate (charges and the discount's remainder go there) as the original's: a cancellation's lines are negated
  const sg = storno ? -1 : 1;
  const s = belegSummen(
    {
      frachtkosten: sg * n(b.frachtkosten),
      nachnahme: sg * n(b.nachnahme),
      versicherung: sg * n(b.versicherung),
      rabatt1Prozent: b.rabatt1Prozent,
      rabatt1Betrag: b.rabatt1Betrag,
      rabatt2Prozent: b.rabatt2Prozent,
      rabatt2Betrag: b.rabatt2Betrag,
    },
    positionen.map((p) => ({
      positionsArt: p.positionsArt,
      menge: sg * n(p.menge),
      einzelpreis: n(p.einzelpreis),
      rabatt1: n(p.rabatt1),
      rabatt2: n(p.rabatt2),
      teuerungszuschlag: n(p.teuerungszuschlag),
      eilzuschlag: sg * n(p.eilzuschlag),
      mwstSatz: n(p.mwstSatz),
      ek: p.ek,
      gewicht: p.gewicht,
      gesamtpreis: sg * n(p.gesamtpreis),
    })),
  );
  const proSatz = new Map<number, bigint>();
  for (const p of artikel) proSatz.set(n(p.mwstSatz), (proSatz.get(n(p.mwstSatz)) ?? 0n) + BigInt(n(p.gesamtpreis)));
  const saetze = [...new Set([...proSatz.keys(), s.hauptsatz])].sort((a, c) => a - c);
  const rabatt = n(b.rabatt1Wert) + n(b.rabatt2Wert);
  const rabattText = [b.rabatt1Text, b.rabatt2Text].filter((t) => !leer(t)).join(', ') || 'Rabatt';
  // split as the original's (positive) discount was: a cancellation's negated amounts are split negated
  const rz = rabatt < 0 ? -1n : 1n;
  const anteile = verteile(
    rz * BigInt(rabatt),
    saetze.map((x) => rz * (proSatz.get(x) ?? 0n)),
    saetze.indexOf(s.hauptsatz),
  ).map((a) => rz * a);
  const abschlaege: ERechnungDaten[] = saetze.flatMap((satz, i) => {
    const teil = Number(anteile[i] ?? 0n);
    return teil === 0 ? [] : [{ 'BT-92': bt(teil), 'BT-95': kategorie(satz), 'BT-96': prozent(satz), 'BT-97': rabattText, 'BT-98': '95' }];
  });
  const kosten: [number, string, string | undefined][] = [
    [n(b.frachtkosten), 'Frachtkosten', 'FC'],
    [n(b.nachnahme), 'Nachnahmegebühr', undefined],
    [n(b.versicherung), 'Versicherung', undefined],
  ];
  const zuschlaege: ERechnungDaten[] = kosten
    .filter(([c]) => c !== 0)
    .map(([c, grund, code]) => ({
      'BT-99': bt(c),
      'BT-102': kategorie(s.hauptsatz),
      'BT-103': prozent(s.hauptsatz),
      'BT-104': grund,
      'BT-105': code,
    }));

  const aufteilung = parseAufteilung(b.mwstAufteilung);
  const steuern: ERechnungDaten[] = aufteilung.map((r) => {
    const bf = befreiung(r.satz);
    return {
      'BT-116': bt(r.netto),
      'BT-117': bt(r.mwst),
      'BT-118': kategorie(r.satz),
      'BT-119': prozent(r.satz),
      'BT-120': bf.grund,
      'BT-121': bf.code,
    };
  });

  // the date of supply: the delivery notes' (the last), else the delivery date, else the invoice date
  const tage = lieferscheine.map((l) => l.belegdatum.slice(0, 10)).sort();
  const lieferdatum = tage[tage.length - 1] ?? b.liefertermin?.slice(0, 10) ?? b.belegdatum.slice(0, 10);
  const belegdatum = b.belegdatum.slice(0, 10);
  const ziel = ohneZahlung ? null : plusTage(belegdatum, zahlart ? n(zahlart.nettoTage) : 14);
  const brutto = vz * n(b.betragBrutto);
  let bedingungen = zahlungsbedingungen(b.belegart, belegdatum, brutto, b.waehrung ?? 'EUR', zahlart) ?? undefined;
  if (!ohneZahlung && zahlart && n(zahlart.skontoTage) > 0 && n(zahlart.skontoProzent) > 0 && brutto > 0)
    bedingungen = `${bedingungen ?? ''}\n#SKONTO#TAGE=${n(zahlart.skontoTage)}#PROZENT=${prozent(n(zahlart.skontoProzent))}#\n`;

  const mitLieferung = !!lieferadresse || fall.kategorie === 'K';
  const ort = lieferadresse ?? null;

  const daten: ERechnungDaten = {
    'BT-1': b.belegnummer,
    'BT-2': belegdatum,
    'BT-3': typCode,
    'BT-5': b.waehrung ?? 'EUR',
    'BT-9': ziel ?? undefined,
    'BT-10': kaeuferReferenz,
    'BT-13': txt(b.betreff),
    'BT-16': lieferscheine[0]?.belegnummer,
    'BT-20': bedingungen,
    'BT-23': xrechnung ? ERECHNUNG_SPEZIFIKATION.prozess : undefined,
    'BT-24': xrechnung ? ERECHNUNG_SPEZIFIKATION.xrechnung : ERECHNUNG_SPEZIFIKATION.en16931,
    'BT-25': rechnung?.belegnummer,
    'BT-26': rechnung?.belegdatum.slice(0, 10),
    'BT-27': txt(v?.lizenzName),
    'BT-31': ohneLeer(v?.ustId),
    'BT-32': txt(v?.steuernummer),
    'BT-33': txt(v?.registergericht),
    'BT-34': txt(v?.kontaktEmail) ?? txt(v?.email),
    'BT-35': txt(v?.strasse),
    'BT-37': txt(v?.ort),
    'BT-38': txt(v?.plz),
    'BT-40': (txt(v?.lkz) ?? 'DE').toUpperCase(),
    'BT-41': txt(v?.kontaktName),
    'BT-42': txt(v?.kontaktTelefon) ?? txt(v?.telefon),
    'BT-43': txt(v?.kontaktEmail) ?? txt(v?.email),
    'BT-44': kaeufer.name,
    'BT-46': adresse?.kundennummer ? String(adresse.kundennummer) : undefined,
    'BT-48': kaeuferUstId,
    'BT-49': kaeuferEmail,
    'BT-50': txt(kaeufer.strasse),
    'BT-52': txt(kaeufer.ort),
    'BT-53': txt(kaeufer.plz),
    'BT-55': kaeufer.lkz,
    'BT-70': mitLieferung ? (ort?.name1 ?? kaeufer.name) : undefined,
    'BT-72': lieferdatum,
    'BT-75': mitLieferung ? txt(ort ? ort.strasse : kaeufer.strasse) : undefined,
    'BT-77': mitLieferung ? txt(ort ? ort.ort : kaeufer.ort) : undefined,
    'BT-78': mitLieferung ? txt(ort ? ort.plz : kaeufer.plz) : undefined,
    'BT-80': mitLieferung ? ((ort ? ort.lkz : null) || kaeufer.lkz).toUpperCase() : undefined,
    'BT-81': ohneZahlung ? '1' : '58',
    'BT-83': ohneZahlung ? undefined : b.belegnummer,
    'BT-84': ohneZahlung ? undefined : ohneLeer(v?.iban),
    'BT-85': ohneZahlung ? undefined : txt(v?.lizenzName),
    'BT-86': ohneZahlung ? undefined : ohneLeer(v?.bic),
    'BT-106': bt(n(b.betragNetto)),
    'BT-107': rabatt ? bt(rabatt) : undefined,
    'BT-108': zuschlaege.length ? bt(kosten.reduce((x, [c]) => x + c, 0)) : undefined,
    'BT-109': bt(n(b.endbetragNetto)),
    'BT-110': bt(n(b.mwstBetrag)),
    'BT-112': betrag(brutto),
    'BT-115': betrag(brutto),
    'BG-20': abschlaege,
    'BG-21': zuschlaege,
    'BG-23': steuern,
    'BG-25': zeilen,
  };
  return { daten, fehlend: eindeutig(fehlend), gutschrift, belegnummer: b.belegnummer };
}

const eindeutig = (f: FehlendesBt[]) => f.filter((x, i) => f.findIndex((y) => y.bt === x.bt) === i);

function parseAufteilung(json: string | null): { satz: number; netto: number; mwst: number }[] {
  if (!json) return [];
  try {
    const rows = JSON.parse(json) as { satz?: unknown; netto?: unknown; mwst?: unknown }[];
    return Array.isArray(rows) ? rows.map((r) => ({ satz: n(r.satz), netto: n(r.netto), mwst: n(r.mwst) })) : [];
  } catch {
    return [];
  }
}

/** The 422 of a check: each missing BT with its German text (message, fieldErrors by BT id, messageParameters). */
export function fehlendFehler(was: string, fehlend: FehlendesBt[]): ApiError {
  const liste = fehlend.map((f) => `${f.bt} ${f.text}`).join('; ');
  return new ApiError(422, MessageCode.unprocessable, `${was}: es fehlen Pflichtangaben der E-Rechnung: ${liste}`, {
    fieldErrors: Object.fromEntries(fehlend.map((f) => [f.bt, [f.text]])),
    messageParameters: fehlend.map((f) => f.bt),
  });
}
