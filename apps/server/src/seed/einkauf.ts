import { BELEGARTEN } from '@vario/contract';
import { berlinTag } from '../lib/berlin-time';
import { formatBetrag, formatDatum, formatMenge, formatPreis4, formatProzent } from '../lib/format-de';
import { documentTotals, lineNet } from '../lib/money';
import { briefkopf } from '../modules/belege/belege.dokumente.service';
import { renderGeschaeftsdokument } from '../modules/belege/belege.pdf';
import { legeEinkaufsbelegAn } from '../modules/einkauf/einkauf.service';
import type { Seeder } from './context';

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

/**
 * Demo purchase documents (view only, BEL-048): supplier invoices and delivery documents of the demo suppliers, each
 * with its files — the supplier's invoice as a real PDF drawn by the document renderer (the check document, 'J') and,
 * for some, the delivery document ('N'). Also the demo company's letterhead.
 */
export const einkaufSeeder: Seeder = {
  name: 'einkauf',
  table: 'einkaufBelege',
  demoOnly: true,
  async run({ db, faker, scale }) {
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

    let nr = 0;
    for (const l of lieferanten) {
      for (let k = 0; k < 2; k++) {
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
        await legeEinkaufsbelegAn(
          db,
          {
            belegart: BELEGARTEN.eingangsrechnung.belegart,
            belegnummer,
            belegdatum,
            adresseId: l.id,
            lieferantName: l.name1,
            betreff: `Lieferung ${formatDatum(belegdatum)}`,
            betragNetto: totals.net,
            betragBrutto: totals.gross,
          },
          dateien,
        );
      }
    }
  },
};
