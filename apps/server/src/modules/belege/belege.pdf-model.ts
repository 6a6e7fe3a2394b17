import { BELEGARTEN, type Belegart, belegartVon } from '@vario/contract';
import type { Db } from '../../db/index';
import { plusTage } from '../../lib/berlin-time';
import { notFound } from '../../lib/errors';
import { formatBetrag, formatDatum, formatMenge, formatPreis4, formatProzent } from '../../lib/format-de';
import { percentOfCents } from '../../lib/money';
import { stornoBezug, typName } from './belege.core';
import type { Briefkopf, GeschaeftsdokumentModel, SummenZeile, TabellenSpalte, TabellenZeile } from './belege.pdf';

/**
 * The PDF model of a sales document (issue 11 item 3): what its PDF shows, read from the document and its type's
 * descriptor (`pdf`: title, number label, introduction, closing text, prices or not, recipient, signature caption).
 */

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
  leistungsdatum: false,
  empfaenger: 'adresse',
  unterschrift: 'Unterschrift',
} as const satisfies Belegart['pdf'];
const typText = (belegart: string): Belegart['pdf'] => belegartVon(belegart)?.pdf ?? OHNE_TYP;

const n = (v: unknown) => Number(v ?? 0);
const filled = (xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x && x.trim() !== '');

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

export async function landName(trx: Db, lkz: string | null | undefined): Promise<string | null> {
  if (!lkz || ['D', 'DE', 'DEU'].includes(lkz.toUpperCase())) return null;
  const row = await trx.selectFrom('landeskennzeichen').select('land').where('lkz', '=', lkz).executeTakeFirst();
  return (row?.land ?? lkz).toUpperCase();
}

/** Reads a document and everything its PDF shows; 404 when it does not exist. */
export async function ladeBelegFuerPdf(trx: Db, belegId: number) {
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
  // GoBD: a cancellation document names what it cancels, a cancelled document the cancellation document
  const bezug = b.stornoVonId || b.storniertAm ? await stornoBezug(trx, b) : null;
  const bezugDatum = bezug ? await trx.selectFrom('belege').select('belegdatum').where('id', '=', bezug.id).executeTakeFirst() : undefined;
  const storno = bezug && b.stornoVonId ? { ...bezug, belegdatum: bezugDatum?.belegdatum ?? '' } : undefined;
  const storniertDurch = bezug && !b.stornoVonId ? { ...bezug, belegdatum: bezugDatum?.belegdatum ?? '' } : undefined;
  // the delivery notes it was made from (its source and its positions' sources whose type moves stock out): their
  // numbers and dates are the invoice's delivery reference and date of supply
  const lieferscheine = typText(b.belegart).leistungsdatum ? await lieferscheineVon(trx, b.vorgaengerId, positionen) : [];
  return { b, adresse, zusatz, positionen, dokument, zahlart, storno, storniertDurch, lieferscheine };
}

export type Geladen = Awaited<ReturnType<typeof ladeBelegFuerPdf>>;

async function lieferscheineVon(trx: Db, vorgaengerId: number | null, positionen: { quellePositionId: number | null }[]) {
  const ids = new Set<number>(vorgaengerId ? [vorgaengerId] : []);
  const quellPositionen = positionen.map((p) => p.quellePositionId).filter((x): x is number => x !== null);
  for (let i = 0; i < quellPositionen.length; i += 500) {
    const rows = await trx
      .selectFrom('belegPositionen')
      .select('belegId')
      .where('id', 'in', quellPositionen.slice(i, i + 500))
      .execute();
    for (const r of rows) ids.add(r.belegId);
  }
  if (!ids.size) return [];
  const quellen = await trx
    .selectFrom('belege')
    .select(['id', 'belegart', 'belegnummer', 'belegdatum'])
    .where('id', 'in', [...ids])
    .orderBy('belegdatum')
    .orderBy('id')
    .execute();
  return quellen.filter((q) => belegartVon(q.belegart)?.effekte.lager === 'aus');
}

/**
 * The date of supply (§ 14 (4) Nr. 6 UStG): the delivery notes' dates (one, or the range), else the delivery date,
 * else "entspricht Rechnungsdatum".
 */
export function leistungsdatumText(lieferscheine: { belegdatum: string }[], liefertermin: string | null): string {
  const tage = [...new Set(lieferscheine.map((l) => l.belegdatum.slice(0, 10)))].sort();
  if (tage.length === 1) return formatDatum(tage[0] as string);
  if (tage.length > 1) return `${formatDatum(tage[0] as string)} bis ${formatDatum(tage[tage.length - 1] as string)}`;
  if (liefertermin) return formatDatum(liefertermin);
  return 'entspricht Rechnungsdatum';
}

/** The renderer model of a sales document (BEL-018/022/023): exported for tests and for other documents to copy from. */
export async function belegPdfModel(trx: Db, belegId: number): Promise<GeschaeftsdokumentModel> {
  return modelAus(trx, await ladeBelegFuerPdf(trx, belegId));
}

export async function modelAus(trx: Db, g: Geladen): Promise<GeschaeftsdokumentModel> {
  const { b, adresse, zusatz, positionen, dokument, zahlart, storno, storniertDurch, lieferscheine } = g;
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
    ...(t.leistungsdatum ? [{ label: 'Leistungsdatum', wert: leistungsdatumText(lieferscheine, b.liefertermin) }] : []),
    ...(lieferscheine.length ? [{ label: BELEGARTEN.lieferschein.pdf.nummer, wert: lieferscheine.map((l) => l.belegnummer).join(', ') }] : []),
    ...(b.projekt ? [{ label: 'Projekt', wert: b.projekt }] : []),
    ...(b.benutzerName ? [{ label: 'Bearbeiter', wert: b.benutzerName }] : []),
    ...(storno ? [{ label: 'Storno zu', wert: `${typName(storno.belegart)} ${storno.belegnummer} vom ${formatDatum(storno.belegdatum)}` }] : []),
    ...(b.storniertAm ? [{ label: 'Status', wert: `storniert am ${formatDatum(b.storniertAm)}` }] : []),
    ...(storniertDurch ? [{ label: 'Storniert durch', wert: `${typName(storniertDurch.belegart)} ${storniertDurch.belegnummer}` }] : []),
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
  if (storno)
    schlusstexte.push(
      `Storno zu ${typName(storno.belegart)} ${storno.belegnummer} vom ${formatDatum(storno.belegdatum)}: dieser Beleg hebt ihn vollständig auf.`,
    );
  if (b.storniertAm)
    schlusstexte.push(
      `Dieser Beleg wurde am ${formatDatum(b.storniertAm)} storniert${storniertDurch ? ` durch ${typName(storniertDurch.belegart)} ${storniertDurch.belegnummer}` : ''}.`,
    );
  // an invoice's payment terms, then the foot text: the document's own (its type's default since it was made; "" none),
  // or — for a document from before the defaults were stored (null) — its type's closing text
  const terms = t.zahlungsbedingungen ? zahlungsbedingungen(b.belegart, b.belegdatum, n(b.betragBrutto), waehrung, zahlart) : null;
  if (terms) schlusstexte.push(terms);
  const fuss = b.fusstext ?? t.schlusstext;
  if (fuss) schlusstexte.push(fuss);

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
  zahlart: { bezeichnung: string; nettoTage: number; skontoTage: number; skontoProzent: number; verfahren?: string | null } | undefined,
): string | null {
  const t = typText(code);
  if (!t.zahlungsbedingungen) return t.schlusstext;
  // the payment type's method decides the wording (issue 19 item 10): a direct debit is collected, not paid
  if (zahlart?.verfahren === 'LASTSCHRIFT') {
    const am = n(zahlart.nettoTage) > 0 ? ` zum ${formatDatum(plusTage(belegdatum, n(zahlart.nettoTage)))}` : '';
    return `Der Rechnungsbetrag von ${formatBetrag(bruttoCents, waehrung)} wird${am} per Lastschrift von Ihrem Konto eingezogen. Bitte sorgen Sie für ausreichende Deckung.`;
  }
  if (zahlart?.verfahren === 'VORKASSE') return `Zahlbar per Vorkasse: bitte überweisen Sie ${formatBetrag(bruttoCents, waehrung)} vor der Lieferung.`;
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
