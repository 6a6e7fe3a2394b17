import { BELEGARTEN, ERECHNUNG_SPEZIFIKATION, ERV_CHECKPUNKTE, ERV_RECHTE, type ErvCheckliste, einheitCode, FACTURX } from '@vario/contract';
import type { Db } from '../db/index';
import { berlinTag, plusTage } from '../lib/berlin-time';
import { nowIso } from '../lib/clock';
import { formatBetrag, formatDatum, formatMenge, formatPreis4, formatProzent } from '../lib/format-de';
import type { Actor } from '../lib/locks';
import { documentTotals, lineNet } from '../lib/money';
import { briefkopf } from '../modules/belege/belege.dokumente.service';
import { type GeschaeftsdokumentModel, renderGeschaeftsdokument } from '../modules/belege/belege.pdf';
import { ablehnen, freigeben, legeEingangsrechnungAn, speichereCheckliste, weiterleiten } from '../modules/einkauf/eingangsrechnungen.service';
import { legeAusERechnungAn, pruefeERechnung } from '../modules/einkauf/erechnung-eingang.service';
import { dezimal } from '../modules/erechnung/erechnung.modell';
import { facturXmp } from '../modules/erechnung/erechnung.service';
import { type ERechnungDaten, schreibeERechnung } from '../modules/erechnung/erechnung.xml';
import { insertChunked, type SeedContext, type Seeder } from './context';

/** Letterhead of the demo company (system info, migration 0009): printed on every document. */
const DEMO_BRIEFKOPF = {
  strasse: 'Hafenstraße 12',
  plz: '24103',
  ort: 'Kiel',
  telefon: '0431 987650',
  email: 'info@muster-handel.de',
  internet: 'www.muster-handel.de',
  ustId: 'DE 287 654 321',
  steuernummer: '20 294 12345',
  bank: 'Förde Sparkasse',
  iban: 'DE68 2105 0170 0012 3456 78',
  bic: 'NOLADE21KIE',
  geschaeftsfuehrer: 'Jana Muster',
  registergericht: 'Amtsgericht Kiel HRB 12345',
  // the e-invoice seller contact (BG-6, migration 0036)
  lkz: 'DE',
  kontaktName: 'Jana Muster',
  kontaktTelefon: '0431 987650',
  kontaktEmail: 'rechnung@muster-handel.de',
};

/** Where a demo invoice's verification ends: a status reached by approving, or rejected at a status, or passed on there. */
type Ziel = { bis: number } | { ablehnenBei: number } | { weiterBei: number };
const ZIELE: Ziel[] = [
  { bis: 0 },
  { bis: 10 },
  { bis: 19 },
  { bis: 20 },
  { bis: 29 },
  { bis: 30 },
  { bis: 39 },
  { bis: 40 },
  { bis: 49 },
  { bis: 99 },
  { ablehnenBei: 10 },
  { weiterBei: 20 },
  { ablehnenBei: 30 },
  { weiterBei: 0 },
];
const ALLES: ErvCheckliste = Object.fromEntries(ERV_CHECKPUNKTE.map((p) => [p, p !== 'kleinbetrag'])) as ErvCheckliste;

/** Walks a new invoice through the verification services to its demo status (each step in its history). */
async function fuehreBis(db: Db, admin: Actor, id: number, ziel: Ziel, benutzer: number[]) {
  const halt = 'bis' in ziel ? ziel.bis : 'ablehnenBei' in ziel ? ziel.ablehnenBei : ziel.weiterBei;
  let status = 0;
  while (status !== halt) {
    if (status === 10) await speichereCheckliste(db, admin, id, ALLES);
    await freigeben(db, admin, id, undefined, false);
    status = Number((await db.selectFrom('einkaufBelege').select('statusErpruefung').where('id', '=', id).executeTakeFirstOrThrow()).statusErpruefung);
  }
  if ('ablehnenBei' in ziel) await ablehnen(db, admin, id, 'Rechnung passt nicht zur Bestellung');
  if ('weiterBei' in ziel && benutzer.length) await weiterleiten(db, admin, id, benutzer[id % benutzer.length] as number, 'Bitte prüfen');
}

/**
 * Demo purchase documents (view only, BEL-048): supplier invoices and delivery documents of the demo suppliers, each
 * with its files — the supplier's invoice as a real PDF drawn by the document renderer (the check document, 'J') and,
 * for some, the delivery document ('N'). The invoices are recorded through `legeEingangsrechnungAn` with lines, due dates
 * and cash-discount terms and walked through the verification services to a spread of statuses (every resting status
 * of ERV_WORKFLOW at the smallest scale: opened, each stage opened and granted, closed granted, rejected, passed on).
 * Also the demo company's letterhead.
 */
export const einkaufSeeder: Seeder = {
  name: 'einkauf',
  table: 'einkaufBelege',
  demoOnly: true,
  async run(ctx) {
    const { db, faker, scale } = ctx;
    await db.updateTable('systemInfo').set(DEMO_BRIEFKOPF).where('id', '=', 1).execute();
    const wir = await briefkopf(db);
    const lieferanten = await db
      .selectFrom('adressen')
      .select(['id', 'name1', 'name2', 'strasse', 'plz', 'ort', 'telefon', 'email'])
      .where('istLieferant', '=', true)
      .orderBy('id')
      .limit(Math.max(3, Math.min(12, Math.ceil(scale / 100))))
      .execute();
    const artikel = await db
      .selectFrom('artikel')
      .select(['artikelnummer', 'bezeichnung', 'vknetto', 'ek', 'mwstsatz', 'mengeneinheit'])
      .where('artikelart', '=', '1')
      .orderBy('id')
      .limit(200)
      .execute();
    if (!lieferanten.length || !artikel.length) return;
    const adminRow = await db.selectFrom('benutzer').select(['id', 'name']).where('istAdmin', '=', true).orderBy('id').executeTakeFirst();
    if (!adminRow) return;
    const admin: Actor = { id: adminRow.id, name: adminRow.name, istAdmin: true };
    // the office verifies incoming invoices: the project rights ERV_* are granted to it (denied for everyone else)
    const buero = await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirst();
    if (buero)
      await db
        .insertInto('rechte')
        .values(Object.values(ERV_RECHTE).map((recht) => ({ benutzerId: buero.id, recht, genehmigt: true })))
        .execute();
    const benutzer = (await db.selectFrom('benutzer').select('id').where('gesperrt', '=', false).where('id', '>', 0).orderBy('id').execute()).map((b) => b.id);

    let nr = 0;
    for (const l of lieferanten) {
      for (let k = 0; k < 4; k++) {
        nr++;
        const belegdatum = berlinTag(faker.date.between({ from: '2025-10-01T00:00:00Z', to: '2026-11-20T00:00:00Z' }));
        const belegnummer = `ER-${2026}-${String(4000 + nr).padStart(5, '0')}`;
        const zeilen = Array.from({ length: faker.number.int({ min: 2, max: 9 }) }, () => {
          const a = faker.helpers.arrayElement(artikel);
          const menge = faker.number.int({ min: 1, max: 40 }) * 1000;
          // the supplier charges the article's purchase price (1/10,000)
          const ek = Number(a.ek ?? a.vknetto);
          return { a, menge, ek, netto: lineNet(ek, menge), satz: Number(a.mwstsatz) };
        });
        const totals = documentTotals(zeilen.map((z) => ({ netCents: z.netto, ratePercent2: z.satz })));
        const ort = [l.plz, l.ort].filter(Boolean).join(' ');
        const modell: GeschaeftsdokumentModel = {
          briefkopf: {
            name: l.name1,
            zeilen: [l.strasse, ort, l.telefon ? `Tel. ${l.telefon}` : null, l.email].filter((x): x is string => !!x),
            absenderzeile: [l.name1, l.strasse, ort].filter(Boolean).join(' · '),
            fussspalten: [
              [l.name1, l.strasse ?? '', ort],
              [l.telefon ?? '', l.email ?? ''],
            ],
          },
          empfaenger: [wir.name, 'Einkauf', ...wir.absenderzeile.split(' · ').slice(1)],
          titel: 'Rechnung',
          titelZusatz: belegnummer,
          kopfdaten: [
            { label: 'Rechnungs-Nr.', wert: belegnummer },
            { label: 'Datum', wert: formatDatum(belegdatum) },
          ],
          einleitung: 'Sehr geehrte Damen und Herren,\nfür unsere Lieferung berechnen wir Ihnen:',
          spalten: [
            { key: 'pos', titel: 'Pos.', breite: 10, ausrichtung: 'right' },
            { key: 'nr', titel: 'Art.-Nr.', breite: 26 },
            { key: 'bez', titel: 'Bezeichnung' },
            { key: 'menge', titel: 'Menge', breite: 20, ausrichtung: 'right' },
            { key: 'ep', titel: 'Einzelpreis', breite: 24, ausrichtung: 'right' },
            { key: 'gp', titel: 'Gesamt', breite: 26, ausrichtung: 'right' },
          ],
          zeilen: zeilen.map((z, i) => ({
            zellen: {
              pos: String(i + 1),
              nr: z.a.artikelnummer,
              bez: z.a.bezeichnung,
              menge: [formatMenge(z.menge), z.a.mengeneinheit].filter(Boolean).join(' '),
              ep: formatPreis4(z.ek),
              gp: formatBetrag(z.netto),
            },
          })),
          summen: [
            { label: 'Nettobetrag', cents: totals.net },
            ...totals.perRate.map((r) => ({ label: `zzgl. ${formatProzent(r.ratePercent2)} USt auf ${formatBetrag(r.net)}`, cents: r.vat })),
            { label: 'Gesamtbetrag', cents: totals.gross, betont: true, linieDavor: true },
          ],
          schlusstexte: ['Zahlbar innerhalb von 30 Tagen ohne Abzug.'],
          info: { erstelltAm: new Date(`${belegdatum}T08:00:00Z`) },
        };
        const skonto = [
          { faellig: plusTage(belegdatum, 10), prozent: 300, tage: 10 },
          { faellig: plusTage(belegdatum, 20), prozent: 200, tage: 20 },
        ].slice(0, nr % 3);
        const ziel = ZIELE[(nr - 1) % ZIELE.length] as Ziel;
        // the first three invoices arrive as e-invoices (XRechnung CII, XRechnung UBL, ZUGFeRD PDF) and are taken in
        // through the intake service: read through the mapping table, the supplier found by name and postcode
        const eFormat = (['xrechnung-cii', 'xrechnung-ubl', 'zugferd'] as const)[nr - 1];
        if (eFormat) {
          const daten = erechnungDaten(l, wir, DEMO_BRIEFKOPF, { belegnummer, belegdatum, zeilen, totals, skonto, xrechnung: eFormat !== 'zugferd' });
          const xml = schreibeERechnung(daten, eFormat === 'xrechnung-ubl' ? 'ubl' : 'cii');
          const bytes =
            eFormat === 'zugferd'
              ? await renderGeschaeftsdokument({
                  ...modell,
                  pdfA3: {
                    dateiname: FACTURX.dateiname,
                    mime: 'text/xml',
                    inhalt: xml,
                    beschreibung: 'Factur-X/ZUGFeRD-Rechnung (EN 16931)',
                    xmp: facturXmp(),
                  },
                })
              : Buffer.from(xml, 'utf8');
          const geprueft = await pruefeERechnung(`${belegnummer}.${eFormat === 'zugferd' ? 'pdf' : 'xml'}`, bytes, { schematron: false });
          const { id } = await legeAusERechnungAn(db, admin, geprueft, false);
          await fuehreBis(db, admin, id, ziel, benutzer);
          continue;
        }
        const pdf = await renderGeschaeftsdokument(modell);
        const dateien = [{ dateiname: `${belegnummer}.pdf`, daten: pdf, mimeType: 'application/pdf', pruefDokument: true }];
        if (k === 0) {
          const ls = await renderGeschaeftsdokument({
            briefkopf: { name: l.name1, zeilen: [], absenderzeile: [l.name1, l.strasse, ort].filter(Boolean).join(' · '), fussspalten: [] },
            empfaenger: [wir.name, 'Wareneingang', ...wir.absenderzeile.split(' · ').slice(1)],
            titel: 'Lieferschein',
            titelZusatz: `LS-${belegnummer.slice(3)}`,
            kopfdaten: [{ label: 'Datum', wert: formatDatum(belegdatum) }],
            spalten: [
              { key: 'pos', titel: 'Pos.', breite: 10, ausrichtung: 'right' },
              { key: 'nr', titel: 'Art.-Nr.', breite: 30 },
              { key: 'bez', titel: 'Bezeichnung' },
              { key: 'menge', titel: 'Menge', breite: 24, ausrichtung: 'right' },
            ],
            zeilen: zeilen.map((z, i) => ({ zellen: { pos: String(i + 1), nr: z.a.artikelnummer, bez: z.a.bezeichnung, menge: formatMenge(z.menge) } })),
            info: { erstelltAm: new Date(`${belegdatum}T07:00:00Z`) },
          });
          dateien.push({ dateiname: `Lieferschein ${belegnummer}.pdf`, daten: ls, mimeType: 'application/pdf', pruefDokument: false });
        }
        const id = await legeEingangsrechnungAn(db, admin, {
          adresseId: l.id,
          lieferantName: l.name1,
          belegnummer,
          belegdatum,
          zeilen: zeilen.map((z) => ({
            artikelnummer: z.a.artikelnummer,
            bezeichnung: z.a.bezeichnung,
            menge: z.menge,
            mengeneinheit: z.a.mengeneinheit,
            einzelpreis: z.ek,
            mwstsatz: z.satz,
          })),
          nettoFaellig: plusTage(belegdatum, 30),
          valuta: belegdatum,
          skonto: skonto.map(({ faellig, prozent }) => ({ faellig, prozent })),
          zahlungsart: nr % 4 === 0 ? 'Lastschrift' : 'Überweisung',
          hinweis: nr % 5 === 0 ? 'Preis weicht von der Bestellung ab' : null,
          dateien,
        });
        await fuehreBis(db, admin, id, ziel, benutzer);
      }
    }

    // beyond the demo set (SEED_SCALE, e.g. 1m): bulk invoices in a spread of statuses, so the list is measured at a million
    await massenEingangsrechnungen(ctx, Math.max(0, scale - nr), lieferanten, benutzer);
  },
};

interface Lieferant {
  id: number;
  name1: string;
  strasse: string | null;
  plz: string | null;
  ort: string | null;
  telefon: string | null;
  email: string | null;
}

/**
 * The EN 16931 model of a demo supplier's invoice to us (the supplier is the seller, the demo company the buyer), for
 * the writer of the mapping table. The supplier's tax number is made from its id (the demo addresses carry none).
 */
function erechnungDaten(
  l: Lieferant,
  wir: { name: string },
  brief: typeof DEMO_BRIEFKOPF,
  r: {
    belegnummer: string;
    belegdatum: string;
    zeilen: { a: { artikelnummer: string; bezeichnung: string; mengeneinheit: string | null }; menge: number; ek: number; netto: number; satz: number }[];
    totals: ReturnType<typeof documentTotals>;
    skonto: { tage: number; prozent: number }[];
    xrechnung: boolean;
  },
): ERechnungDaten {
  const betrag = (c: number) => dezimal(c, 2);
  const ust = r.totals.perRate.reduce((s, x) => s + x.vat, 0);
  const skonto = r.skonto.map((x) => `#SKONTO#TAGE=${x.tage}#PROZENT=${dezimal(x.prozent, 2)}#`).join('\n');
  return {
    'BT-1': r.belegnummer,
    'BT-2': r.belegdatum,
    'BT-3': '380',
    'BT-5': 'EUR',
    'BT-9': plusTage(r.belegdatum, 30),
    'BT-10': r.xrechnung ? 'Einkauf' : undefined,
    'BT-20': `Zahlbar innerhalb von 30 Tagen ohne Abzug.${skonto ? `\n${skonto}\n` : ''}`,
    'BT-23': r.xrechnung ? ERECHNUNG_SPEZIFIKATION.prozess : undefined,
    'BT-24': r.xrechnung ? ERECHNUNG_SPEZIFIKATION.xrechnung : ERECHNUNG_SPEZIFIKATION.en16931,
    'BT-27': l.name1,
    'BT-32': `${20 + (l.id % 70)} ${100 + (l.id % 900)} ${String(10_000 + l.id).slice(-5)}`,
    'BT-34': l.email ?? undefined,
    'BT-35': l.strasse ?? undefined,
    'BT-37': l.ort ?? undefined,
    'BT-38': l.plz ?? undefined,
    'BT-40': 'DE',
    'BT-41': r.xrechnung ? 'Buchhaltung' : undefined,
    'BT-42': l.telefon ?? undefined,
    'BT-43': l.email ?? undefined,
    'BT-44': wir.name,
    'BT-48': brief.ustId.replace(/\s+/g, ''),
    'BT-49': brief.email,
    'BT-50': brief.strasse,
    'BT-52': brief.ort,
    'BT-53': brief.plz,
    'BT-55': 'DE',
    'BT-72': r.belegdatum,
    'BT-81': '58',
    'BT-83': r.belegnummer,
    'BT-106': betrag(r.totals.net),
    'BT-109': betrag(r.totals.net),
    'BT-110': betrag(ust),
    'BT-112': betrag(r.totals.gross),
    'BT-115': betrag(r.totals.gross),
    'BG-23': r.totals.perRate.map((x) => ({
      'BT-116': betrag(x.net),
      'BT-117': betrag(x.vat),
      'BT-118': x.ratePercent2 > 0 ? 'S' : 'Z',
      'BT-119': dezimal(x.ratePercent2, 2),
    })),
    'BG-25': r.zeilen.map((z, i) => ({
      'BT-126': String(i + 1),
      'BT-129': dezimal(z.menge, 3),
      'BT-130': einheitCode(z.a.mengeneinheit),
      'BT-131': betrag(z.netto),
      'BT-146': dezimal(z.ek, 4),
      'BT-151': z.satz > 0 ? 'S' : 'Z',
      'BT-152': dezimal(z.satz, 2),
      'BT-153': z.a.bezeichnung,
      'BT-155': z.a.artikelnummer,
    })),
  };
}

/**
 * Bulk incoming invoices beyond the demo set (SEED_SCALE=1m: a million rows in the verification list, in a spread of
 * statuses, some passed on, some with a note and cash discount), numbered ER-M-0000001 … from `ab` + 1.
 */
export async function massenEingangsrechnungen(
  ctx: SeedContext,
  anzahl: number,
  lieferanten: { id: number; name1: string }[],
  benutzer: number[],
  ab = 0,
): Promise<void> {
  if (anzahl <= 0 || !lieferanten.length) return;
  const now = nowIso();
  const stati = [0, 10, 19, 20, 29, 30, 39, 40, 49, 91, 99];
  await insertChunked(
    ctx,
    'einkaufBelege',
    anzahl,
    (j) => {
      const i = ab + j;
      const l = lieferanten[i % lieferanten.length] as (typeof lieferanten)[number];
      const tag = plusTage('2024-01-01', i % 1000);
      const netto = 1000 + ((i * 7919) % 500_000);
      return {
        belegart: BELEGARTEN.eingangsrechnung.belegart,
        belegnummer: `ER-M-${String(i + 1).padStart(7, '0')}`,
        belegdatum: tag,
        adresseId: l.id,
        lieferantName: l.name1,
        betreff: null,
        betragNetto: netto,
        betragBrutto: netto + Math.trunc((netto * 19) / 100),
        angelegtAm: now,
        statusErpruefung: stati[i % stati.length],
        anBenutzerId: i % 7 === 0 ? (benutzer[i % benutzer.length] ?? null) : null,
        hinweis: i % 13 === 0 ? 'Preis weicht von der Bestellung ab' : null,
        zahlungsart: i % 4 === 0 ? 'Lastschrift' : 'Überweisung',
        valuta: tag,
        nettoFaellig: plusTage(tag, 30),
        skontoFaellig1: i % 3 === 0 ? null : plusTage(tag, 10),
        skontoProzent1: i % 3 === 0 ? null : 200,
        geaendertAm: now,
      };
    },
    'eingangsrechnungen',
  );
}
