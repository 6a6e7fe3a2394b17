import { BELEGARTEN, ERV_CHECKPUNKTE, ERV_RECHTE, type ErvCheckliste } from '@vario/contract';
import type { Db } from '../db/index';
import { berlinTag, plusTage } from '../lib/berlin-time';
import { nowIso } from '../lib/clock';
import { formatBetrag, formatDatum, formatMenge, formatPreis4, formatProzent } from '../lib/format-de';
import type { Actor } from '../lib/locks';
import { documentTotals, lineNet } from '../lib/money';
import { briefkopf } from '../modules/belege/belege.dokumente.service';
import { renderGeschaeftsdokument } from '../modules/belege/belege.pdf';
import { ablehnen, freigeben, legeEingangsrechnungAn, speichereCheckliste, weiterleiten } from '../modules/einkauf/eingangsrechnungen.service';
import { insertChunked, type Seeder } from './context';

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
        const pdf = await renderGeschaeftsdokument({
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
        });
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
        const ziel = ZIELE[(nr - 1) % ZIELE.length] as Ziel;
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
          skonto: [
            { faellig: plusTage(belegdatum, 10), prozent: 300 },
            { faellig: plusTage(belegdatum, 20), prozent: 200 },
          ].slice(0, nr % 3),
          zahlungsart: nr % 4 === 0 ? 'Lastschrift' : 'Überweisung',
          hinweis: nr % 5 === 0 ? 'Preis weicht von der Bestellung ab' : null,
          dateien,
        });
        await fuehreBis(db, admin, id, ziel, benutzer);
      }
    }

    // beyond the demo set (SEED_SCALE, e.g. 1m): bulk invoices in a spread of statuses, so the list is measured at a million
    const rest = Math.max(0, scale - nr);
    if (rest > 0) {
      const now = nowIso();
      const stati = [0, 10, 19, 20, 29, 30, 39, 40, 49, 91, 99];
      await insertChunked(
        ctx,
        'einkaufBelege',
        rest,
        (i) => {
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
  },
};
