import { createHash } from 'node:crypto';
import { type Belegart, belegartVon } from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { checkImage, validateImage } from '../../lib/images';
import type { Actor } from '../../lib/locks';
import { percentOfCents } from '../../lib/money';
import { ablehnung, belegName, loadKopf, pruefeFremdUndSperre, pruefeZustand } from './belege.core';
import { addHistory } from './belege.history';
import {
  type Briefkopf,
  formatBetrag,
  formatDatum,
  formatMenge,
  formatPreis4,
  formatProzent,
  type GeschaeftsdokumentModel,
  renderGeschaeftsdokument,
  type SummenZeile,
  type TabellenSpalte,
  type TabellenZeile,
} from './belege.pdf';

/**
 * Sales documents on paper (issue 11 item 3): the PDF of a document, printing (status 1 → 2), the signature.
 *
 * Rules, decided here:
 * - The PDF can be read in every status (BEK_SEHEN); each rendering keeps the SHA-256, time and size of the bytes it
 *   served with the document (`belegDokumente`). The bytes are reproducible: the same document gives the same file.
 * - Printing (`druckeBeleg`) follows the documents' one editing rule (`assertEditable` of belege.service.ts): status 1
 *   or 2 only (booked, adopted, resolved or cancelled documents: 422 — their PDF stays available for preview and
 *   download), another user's document only with BEK_FREMDBEARB (403), a lock another user holds answers 423. It renders, keeps the hash, moves 1 → 2 and writes history row D in one transaction.
 * - A signature may be captured or replaced in every status — a delivery note is typically signed on delivery, after
 *   booking — except on a cancelled document or on a cancellation itself (422). It must be a real PNG (by its bytes,
 *   fully decodable, at most 40 megapixels and 1 MiB); it writes history row Q and appears on the next PDF.
 */

/** Who acts: the user and the sent lock token (`X-Lock-Token`). */
export interface DokumentActor extends Actor {
  lockToken?: string;
}

export const UNTERSCHRIFT_MAX_BYTES = 1024 * 1024;

/** The PDF texts of the document's type (its descriptor's `pdf`); an unknown type prints as "Beleg". */
const OHNE_TYP = {
  titel: 'Beleg',
  nummer: 'Beleg-Nr.',
  einleitung: '',
  schlusstext: null,
  zahlungsbedingungen: false,
  summe: 'Gesamtbetrag',
  preise: true,
  liefertermin: true,
  empfaenger: 'adresse',
  unterschrift: 'Unterschrift',
} as const satisfies Belegart['pdf'];
const typText = (belegart: string): Belegart['pdf'] => belegartVon(belegart)?.pdf ?? OHNE_TYP;

const n = (v: unknown) => Number(v ?? 0);
const filled = (xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x && x.trim() !== '');
const plusTage = (datum: string, tage: number) => {
  const d = new Date(`${datum.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + tage);
  return d.toISOString().slice(0, 10);
};

/** The letterhead from the system info (name = licence holder; address, contact, tax and bank columns of migration 0009). */
export async function briefkopf(trx: Db): Promise<Briefkopf> {
  const i = await trx.selectFrom('systemInfo').selectAll().where('id', '=', 1).executeTakeFirst();
  const name = i?.lizenzName ?? '';
  const ort = filled([i?.plz, i?.ort]).join(' ');
  return {
    name,
    zeilen: filled([i?.strasse, ort, i?.telefon ? `Tel. ${i.telefon}` : null, i?.email, i?.internet]),
    absenderzeile: filled([name, i?.strasse, ort]).join(' · '),
    fussspalten: [
      filled([name, i?.strasse, ort]),
      filled([i?.telefon ? `Telefon ${i.telefon}` : null, i?.email, i?.internet]),
      filled([
        i?.geschaeftsfuehrer ? `Geschäftsführung: ${i.geschaeftsfuehrer}` : null,
        i?.registergericht,
        i?.ustId ? `USt-IdNr. ${i.ustId}` : null,
        i?.steuernummer ? `Steuernummer ${i.steuernummer}` : null,
      ]),
      filled([i?.bank, i?.iban ? `IBAN ${i.iban}` : null, i?.bic ? `BIC ${i.bic}` : null]),
    ],
  };
}

async function landName(trx: Db, lkz: string | null | undefined): Promise<string | null> {
  if (!lkz || ['D', 'DE', 'DEU'].includes(lkz.toUpperCase())) return null;
  const row = await trx.selectFrom('landeskennzeichen').select('land').where('lkz', '=', lkz).executeTakeFirst();
  return (row?.land ?? lkz).toUpperCase();
}

/** Reads a document and everything its PDF shows; 404 when it does not exist. */
async function ladeBelegFuerPdf(trx: Db, belegId: number) {
  const b = await trx
    .selectFrom('belege')
    .leftJoin('benutzer', 'benutzer.id', 'belege.benutzerId')
    .selectAll('belege')
    .select(['benutzer.name as benutzerName'])
    .where('belege.id', '=', belegId)
    .executeTakeFirst();
  if (!b) throw notFound('Beleg');
  const [adresse, positionen, dokument] = await Promise.all([
    trx.selectFrom('adressen').selectAll().where('id', '=', b.adresseId).executeTakeFirst(),
    trx.selectFrom('belegPositionen').selectAll().where('belegId', '=', belegId).orderBy('position').orderBy('id').execute(),
    trx.selectFrom('belegDokumente').selectAll().where('belegId', '=', belegId).executeTakeFirst(),
  ]);
  // the descriptor says where it goes: invoices and credit notes to the billing address, delivery notes to the delivery address, when the document has one
  const empfaenger = typText(b.belegart).empfaenger;
  const zusatzId = empfaenger === 'rechnungsadresse' ? b.rechnungsadresseId : empfaenger === 'lieferadresse' ? b.lieferadresseId : null;
  const zusatz = zusatzId ? await trx.selectFrom('zusatzadressen').selectAll().where('id', '=', zusatzId).executeTakeFirst() : undefined;
  const zahlartId = b.zahlart ?? adresse?.zahlart ?? null;
  const zahlart = zahlartId ? await trx.selectFrom('zahlungsarten').selectAll().where('id', '=', zahlartId).executeTakeFirst() : undefined;
  const storno = b.stornoVonId ? await trx.selectFrom('belege').select('belegnummer').where('id', '=', b.stornoVonId).executeTakeFirst() : undefined;
  return { b, adresse, zusatz, positionen, dokument, zahlart, storno };
}

type Geladen = Awaited<ReturnType<typeof ladeBelegFuerPdf>>;

/** The renderer model of a sales document (BEL-018/022/023): exported for tests and for other documents to copy from. */
export async function belegPdfModel(trx: Db, belegId: number): Promise<GeschaeftsdokumentModel> {
  return modelAus(trx, await ladeBelegFuerPdf(trx, belegId));
}

async function modelAus(trx: Db, g: Geladen): Promise<GeschaeftsdokumentModel> {
  const { b, adresse, zusatz, positionen, dokument, zahlart, storno } = g;
  const t = typText(b.belegart);
  const waehrung = b.waehrung ?? 'EUR';
  const ohnePreise = !t.preise;

  const empfaenger = zusatz
    ? filled([zusatz.name1, zusatz.name2, zusatz.strasse, filled([zusatz.plz, zusatz.ort]).join(' '), await landName(trx, zusatz.lkz)])
    : filled([
        adresse?.name1 ?? b.adresseName,
        adresse?.name2,
        adresse?.name3,
        adresse?.strasse,
        filled([adresse?.plz, adresse?.ort]).join(' '),
        await landName(trx, adresse?.lkz),
      ]);

  const kopfdaten = [
    { label: t.nummer, wert: b.belegnummer },
    { label: 'Datum', wert: formatDatum(b.belegdatum) },
    ...(adresse ? [{ label: 'Kunden-Nr.', wert: String(adresse.kundennummer ?? adresse.adressnummer) }] : []),
    ...(b.betreff ? [{ label: 'Ihre Bestellung', wert: b.betreff }] : []),
    ...(b.auftragsDatum ? [{ label: 'Bestelldatum', wert: formatDatum(b.auftragsDatum) }] : []),
    ...(b.liefertermin && t.liefertermin ? [{ label: b.fixtermin ? 'Fixtermin' : 'Liefertermin', wert: formatDatum(b.liefertermin) }] : []),
    ...(b.projekt ? [{ label: 'Projekt', wert: b.projekt }] : []),
    ...(b.benutzerName ? [{ label: 'Bearbeiter', wert: b.benutzerName }] : []),
    ...(b.storniertAm ? [{ label: 'Status', wert: `storniert am ${formatDatum(b.storniertAm)}` }] : []),
  ];

  const artikelzeilen = positionen.filter((p) => p.positionsArt !== 'T');
  const mitRabatt = !ohnePreise && artikelzeilen.some((p) => n(p.rabatt1) !== 0 || n(p.rabatt2) !== 0);
  const saetze = new Set(artikelzeilen.map((p) => n(p.mwstSatz)));
  const mitUst = !ohnePreise && saetze.size > 1;
  const spalten: TabellenSpalte[] = [
    { key: 'pos', titel: 'Pos.', breite: 10, ausrichtung: 'right' },
    { key: 'artikelnummer', titel: 'Art.-Nr.', breite: 24 },
    { key: 'bezeichnung', titel: 'Bezeichnung' },
    { key: 'menge', titel: 'Menge', breite: 21, ausrichtung: 'right' },
    ...(ohnePreise
      ? []
      : [
          { key: 'einzelpreis', titel: 'Einzelpreis', breite: 23, ausrichtung: 'right' as const },
          ...(mitRabatt ? [{ key: 'rabatt', titel: 'Rabatt', breite: 17, ausrichtung: 'right' as const }] : []),
          ...(mitUst ? [{ key: 'ust', titel: 'USt', breite: 11, ausrichtung: 'right' as const }] : []),
          { key: 'gesamt', titel: 'Gesamt', breite: 25, ausrichtung: 'right' as const },
        ]),
  ];
  const zeilen: TabellenZeile[] = positionen.map((p) => {
    if (p.positionsArt === 'T') return { zellen: { pos: String(p.position) }, text: { titel: p.bezeichnung, text: p.beschreibung } };
    const rabatte = [n(p.rabatt1), n(p.rabatt2)].filter((r) => r !== 0).map(formatProzent);
    return {
      zellen: {
        pos: String(p.position),
        artikelnummer: p.artikelnummer,
        bezeichnung: p.bezeichnung,
        menge: filled([formatMenge(n(p.menge)), p.mengeneinheit]).join(' '),
        einzelpreis: formatPreis4(n(p.einzelpreis), waehrung),
        rabatt: rabatte.join(' + '),
        ust: formatProzent(n(p.mwstSatz)),
        gesamt: formatBetrag(n(p.gesamtpreis), waehrung),
      },
      detail: p.beschreibung,
    };
  });

  const summen: SummenZeile[] = [];
  if (!ohnePreise) {
    const netto = n(b.betragNetto);
    const endNetto = n(b.endbetragNetto);
    const kopf: SummenZeile[] = [];
    for (const r of [1, 2] as const) {
      const wert = n(r === 1 ? b.rabatt1Wert : b.rabatt2Wert);
      if (wert === 0) continue;
      const prozent = r === 1 ? b.rabatt1Prozent : b.rabatt2Prozent;
      const text = r === 1 ? b.rabatt1Text : b.rabatt2Text;
      kopf.push({ label: text || (prozent ? `Rabatt ${formatProzent(prozent)}` : 'Rabatt'), cents: -wert });
    }
    if (n(b.frachtkosten)) kopf.push({ label: 'Frachtkosten', cents: n(b.frachtkosten) });
    if (n(b.nachnahme)) kopf.push({ label: 'Nachnahme', cents: n(b.nachnahme) });
    if (n(b.versicherung)) kopf.push({ label: 'Versicherung', cents: n(b.versicherung) });
    if (kopf.length) summen.push({ label: 'Summe Positionen', cents: netto }, ...kopf);
    summen.push({ label: 'Nettobetrag', cents: endNetto, linieDavor: kopf.length > 0 });
    for (const z of parseMwst(b.mwstAufteilung)) {
      summen.push({ label: `zzgl. ${formatProzent(z.satz)} USt auf ${formatBetrag(z.netto, waehrung)}`, cents: z.mwst });
    }
    summen.push({ label: t.summe, cents: n(b.betragBrutto), betont: true, linieDavor: true });
  }

  const schlusstexte: string[] = [];
  if (storno) schlusstexte.push(`Dieser Beleg storniert ${storno.belegnummer}.`);
  if (b.storniertAm) schlusstexte.push(`Dieser Beleg wurde am ${formatDatum(b.storniertAm)} storniert.`);
  const terms = zahlungsbedingungen(b.belegart, b.belegdatum, n(b.betragBrutto), waehrung, zahlart);
  if (terms) schlusstexte.push(terms);
  if (b.fusstext) schlusstexte.push(b.fusstext);

  const erstelltAm =
    [b.geaendertAm, dokument?.unterschriftAm]
      .filter((x): x is string => !!x)
      .sort()
      .pop() ?? b.angelegtAm;
  return {
    briefkopf: await briefkopf(trx),
    empfaenger,
    titel: t.titel,
    titelZusatz: b.belegnummer,
    kopfdaten,
    einleitung: b.kopftext ?? t.einleitung,
    spalten,
    zeilen,
    textSpalte: 'bezeichnung',
    summen,
    schlusstexte,
    unterschrift: dokument?.unterschrift
      ? {
          bild: Buffer.from(dokument.unterschrift),
          beschriftung: t.unterschrift,
          unterzeichner: dokument.unterschriftName,
          zeitpunkt: dokument.unterschriftAm,
        }
      : null,
    stempel: b.storniertAm ? 'STORNIERT' : null,
    info: { titel: `${t.titel} ${b.belegnummer}`, betreff: `${t.titel} ${b.belegnummer}`, erstelltAm: new Date(erstelltAm) },
  };
}

function parseMwst(json: string | null): { satz: number; netto: number; mwst: number }[] {
  if (!json) return [];
  try {
    const rows = JSON.parse(json) as { satz?: unknown; netto?: unknown; mwst?: unknown }[];
    return Array.isArray(rows) ? rows.map((r) => ({ satz: n(r.satz), netto: n(r.netto), mwst: n(r.mwst) })) : [];
  } catch {
    return [];
  }
}

/**
 * The closing line of the type (its descriptor): payment terms of an invoice (the address's or the document's payment
 * type, else 14 days net), the fixed closing text of others (offers, credit notes). `code` is a belegart or belegtyp.
 */
export function zahlungsbedingungen(
  code: string,
  belegdatum: string,
  bruttoCents: number,
  waehrung: string,
  zahlart: { bezeichnung: string; nettoTage: number; skontoTage: number; skontoProzent: number } | undefined,
): string | null {
  const t = typText(code);
  if (!t.zahlungsbedingungen) return t.schlusstext;
  const netto = zahlart ? n(zahlart.nettoTage) : 14;
  const text = [netto > 0 ? `Zahlbar bis zum ${formatDatum(plusTage(belegdatum, netto))} ohne Abzug (${netto} Tage netto).` : 'Zahlbar sofort ohne Abzug.'];
  if (zahlart && n(zahlart.skontoTage) > 0 && n(zahlart.skontoProzent) > 0 && bruttoCents > 0) {
    const skonto = percentOfCents(bruttoCents, n(zahlart.skontoProzent));
    text.unshift(
      `Bei Zahlung bis zum ${formatDatum(plusTage(belegdatum, n(zahlart.skontoTage)))} gewähren wir ${formatProzent(n(zahlart.skontoProzent))} Skonto (${formatBetrag(skonto, waehrung)}), Zahlbetrag ${formatBetrag(bruttoCents - skonto, waehrung)}.`,
    );
  }
  return text.join(' ');
}

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Renders the document's PDF and keeps its SHA-256, time and size with the document (in the caller's transaction). */
export async function renderBelegPdf(trx: Db, belegId: number): Promise<{ pdf: Buffer; sha256: string; erstelltAm: string; belegnummer: string }> {
  const g = await ladeBelegFuerPdf(trx, belegId);
  const pdf = await renderGeschaeftsdokument(await modelAus(trx, g));
  const sha256 = sha256Hex(pdf);
  const erstelltAm = nowIso();
  await trx
    .insertInto('belegDokumente')
    .values({ belegId, pdfSha256: sha256, pdfErstelltAm: erstelltAm, pdfGroesse: pdf.length })
    .onConflict((oc) => oc.column('belegId').doUpdateSet({ pdfSha256: sha256, pdfErstelltAm: erstelltAm, pdfGroesse: pdf.length }))
    .execute();
  return { pdf, sha256, erstelltAm, belegnummer: g.b.belegnummer };
}

const istStorniert = (b: { storniertAm: string | null; stornoVonId: number | null }) => b.storniertAm !== null || b.stornoVonId !== null;

/** Print (status 1 → 2, history row D) with the PDF's hash kept; see the rules above. */
export async function druckeBeleg(trx: Db, actor: DokumentActor, belegId: number) {
  const b = await loadKopf(trx, belegId, true);
  if (istStorniert(b)) throw ablehnung('drucken', `${belegName(b)} ist storniert und kann nicht gedruckt werden; die PDF-Vorschau bleibt verfügbar`);
  // the status table's `drucken`: status 1 or 2 (422), own document or BEK_FREMDBEARB (403), no other user's lock (423)
  pruefeZustand(
    'drucken',
    b,
    () => `${belegName(b)} ist nicht mehr bearbeitbar: nur Belege im Status 1 (gespeichert) oder 2 (gedruckt) können geändert werden`,
  );
  await pruefeFremdUndSperre(trx, actor, 'drucken', b, actor.lockToken);
  const { sha256, erstelltAm, pdf } = await renderBelegPdf(trx, belegId);
  if (b.belegstatus === 1) {
    const res = await trx
      .updateTable('belege')
      .set({ belegstatus: 2, geaendertAm: nowIso() })
      .where('id', '=', b.id)
      .where('belegstatus', '=', 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('Der Beleg wurde gerade von jemand anderem geändert; bitte neu laden');
  }
  await addHistory(trx, b.id, 'D', b.belegstatus === 1 ? 'gedruckt (Status 1 → 2)' : 'erneut gedruckt', actor, 2);
  return { id: b.id, belegnummer: b.belegnummer, belegstatus: 2, pdfSha256: sha256, pdfErstelltAm: erstelltAm, pdfGroesse: pdf.length };
}

/** Checks the signature is a real PNG within the limits: 400 on `daten` otherwise (413 for more than 1 MiB). */
export async function pruefeUnterschrift(png: Buffer): Promise<void> {
  if (png.length === 0) throw badRequest('Die Unterschrift ist leer', { daten: ['Die Unterschrift ist leer'] });
  if (png.length > UNTERSCHRIFT_MAX_BYTES) {
    throw badRequest('Die Unterschrift ist zu groß (höchstens 1 MB)', { daten: ['Die Unterschrift ist zu groß (höchstens 1 MB)'] });
  }
  const { mimeType } = await checkImage(png);
  if (mimeType !== 'image/png') throw badRequest('Die Unterschrift muss ein PNG-Bild sein', { daten: ['Die Unterschrift muss ein PNG-Bild sein'] });
  await validateImage(png);
}

/** Stores (or replaces) the signature (history row Q); the PNG must have been checked with `pruefeUnterschrift`. */
export async function setzeUnterschrift(trx: Db, actor: DokumentActor, belegId: number, png: Buffer, name: string | null) {
  const b = await loadKopf(trx, belegId, true);
  const storniert = `${belegName(b)} ist storniert und kann nicht mehr unterschrieben werden`;
  if (istStorniert(b)) throw ablehnung('unterschreiben', storniert);
  pruefeZustand('unterschreiben', b, () => storniert);
  await pruefeFremdUndSperre(trx, actor, 'unterschreiben', b, actor.lockToken);
  const am = nowIso();
  const set = { unterschrift: png, unterschriftName: name, unterschriftAm: am, unterschriftBenutzerId: actor.id };
  await trx
    .insertInto('belegDokumente')
    .values({ belegId, ...set })
    .onConflict((oc) => oc.column('belegId').doUpdateSet(set))
    .execute();
  await addHistory(trx, b.id, 'Q', name ? `Unterschrift erfasst (${name})` : 'Unterschrift erfasst', actor);
  const stored = await leseUnterschrift(trx, belegId);
  if (!stored) throw notFound('Unterschrift');
  return stored;
}

/** The signature of a document, or null; 404 when the document does not exist. */
export async function leseUnterschrift(db: Db, belegId: number) {
  const beleg = await db.selectFrom('belege').select('id').where('id', '=', belegId).executeTakeFirst();
  if (!beleg) throw notFound('Beleg');
  const row = await db
    .selectFrom('belegDokumente')
    .leftJoin('benutzer', 'benutzer.id', 'belegDokumente.unterschriftBenutzerId')
    .select(['belegDokumente.unterschrift', 'belegDokumente.unterschriftName', 'belegDokumente.unterschriftAm', 'benutzer.kuerzel'])
    .where('belegDokumente.belegId', '=', belegId)
    .executeTakeFirst();
  if (!row?.unterschrift || !row.unterschriftAm) return null;
  return {
    belegId,
    daten: Buffer.from(row.unterschrift).toString('base64'),
    name: row.unterschriftName,
    unterschriebenAm: row.unterschriftAm,
    erfasstVon: row.kuerzel ?? null,
  };
}
