import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/index';
import { money2, qty3 } from '../../lib/codecs';
import { mehraufwaendeDesAuftrags } from './service.read';
import { tagVon, uhrzeitVon } from './service.zeit';

/**
 * The completion report of a service task (PDF, A4): header with the order and the site, the visits with travel
 * start and arrival, the time recordings, the material booked, the additional work and the customer's signature with
 * the signer's name and time. Rendered once at completion and stored with its SHA-256.
 */

const BUCHUNGSART: Record<string, string> = {
  eingebaut: 'eingebaut',
  doa: 'DOA',
  gutteilretoure: 'Gutteilretoure',
  defektVerkauft: 'Defekt verkauft',
  defektEingelagert: 'Defekt eingelagert',
};
const zeit = (iso: string | null) => (iso ? `${tagVon(iso).split('-').reverse().join('.')} ${uhrzeitVon(iso)}` : '–');
const stk = (v: number) => String(qty3.fromDb(v)).replace('.', ',');
const eur = (v: number) => `${money2.fromDb(v).toFixed(2).replace('.', ',')} €`;
const minuten = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')} h`;

export async function renderAbschlussbericht(db: Db, auftragId: number): Promise<{ pdf: Buffer; sha256: string }> {
  const a = await db.selectFrom('serviceAuftraege').selectAll().where('id', '=', auftragId).executeTakeFirstOrThrow();
  const [adresse, asset, planungen, zeiten, buchungen, mehr, info, techniker] = await Promise.all([
    a.adresseId ? db.selectFrom('adressen').select(['name1', 'strasse', 'plz', 'ort']).where('id', '=', a.adresseId).executeTakeFirst() : undefined,
    a.assetId ? db.selectFrom('assets').select(['assetnummer', 'bezeichnung', 'seriennummer']).where('id', '=', a.assetId).executeTakeFirst() : undefined,
    db.selectFrom('servicePlanungen').selectAll().where('serviceAuftragId', '=', auftragId).orderBy('beginnDatum').execute(),
    db.selectFrom('serviceZeiten').selectAll().where('serviceAuftragId', '=', auftragId).orderBy('von').execute(),
    db
      .selectFrom('serviceMaterialBuchungen')
      .innerJoin('artikel', 'artikel.id', 'serviceMaterialBuchungen.artikelId')
      .select([
        'serviceMaterialBuchungen.art',
        'serviceMaterialBuchungen.menge',
        'serviceMaterialBuchungen.seriennr',
        'artikel.artikelnummer',
        'artikel.bezeichnung',
      ])
      .where('serviceMaterialBuchungen.serviceAuftragId', '=', auftragId)
      .orderBy('serviceMaterialBuchungen.id')
      .execute(),
    mehraufwaendeDesAuftrags(db, auftragId),
    db.selectFrom('systemInfo').select('lizenzName').executeTakeFirst(),
    a.technikerId ? db.selectFrom('techniker').select('bezeichnung').where('id', '=', a.technikerId).executeTakeFirst() : undefined,
  ]);
  const arten = new Map((await db.selectFrom('serviceMehraufwandsarten').selectAll().execute()).map((x) => [x.id, x.bezeichnung]));

  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    info: { Title: `Abschlussbericht ${a.auftragsnummer}`, Author: info?.lizenzName ?? '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555')
    .text(info?.lizenzName ?? '', left, 40, { width, align: 'right' });
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(16).text(`Abschlussbericht ${a.auftragsnummer}`, left, 70);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const zeile = (label: string, wert: string | null | undefined) => {
    if (!wert) return;
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(wert);
  };
  zeile('Auftrag', [a.bezeichnung, a.titel].filter(Boolean).join(' – '));
  zeile('Kunde', adresse ? [adresse.name1, adresse.strasse, [adresse.plz, adresse.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null);
  zeile('Standort', [a.standortName, a.standortStrasse, [a.standortPlz, a.standortOrt].filter(Boolean).join(' ')].filter(Boolean).join(', '));
  zeile('Asset', asset ? `${asset.assetnummer} ${asset.bezeichnung}${asset.seriennummer ? ` (SN ${asset.seriennummer})` : ''}` : null);
  zeile('Techniker', techniker?.bezeichnung);
  zeile('Externe Referenz', a.extReferenz);
  zeile('Beschreibung', a.auftragsbeschreibung);
  zeile('Abgeschlossen', zeit(a.abgeschlossenAm));

  const abschnitt = (titel: string, rows: string[][], spalten: number[]) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(titel, left);
    doc.font('Helvetica').fontSize(9);
    if (!rows.length) {
      doc.text('–');
      return;
    }
    for (const r of rows) {
      if (doc.y > doc.page.height - 160) doc.addPage();
      const y = doc.y;
      let x = left;
      let h = 0;
      r.forEach((cell, i) => {
        const w = (spalten[i] ?? 0.2) * width;
        doc.text(cell, x, y, { width: w - 4 });
        h = Math.max(h, doc.y - y);
        x += w;
      });
      doc.x = left;
      doc.y = y + h + 2;
    }
  };
  abschnitt(
    'Einsätze',
    planungen.map((p) => [
      zeit(p.beginnDatum),
      `Reisebeginn ${zeit(p.reisebeginnDatum)}`,
      `Ankunft ${zeit(p.vorOrtDatum)}`,
      p.strecke === null ? '' : `${p.strecke} km`,
    ]),
    [0.25, 0.3, 0.3, 0.15],
  );
  const summe = zeiten.reduce((s, z) => s + (z.minuten ?? 0), 0);
  abschnitt(
    `Arbeitszeiten (gesamt ${minuten(summe)})`,
    zeiten.map((z) => [zeit(z.von), z.bis ? zeit(z.bis) : 'läuft', minuten(z.minuten ?? 0), z.art === 'A' ? 'automatisch' : 'manuell']),
    [0.3, 0.3, 0.2, 0.2],
  );
  abschnitt(
    'Material',
    buchungen.map((b) => [b.artikelnummer, b.bezeichnung, `${stk(b.menge)}`, BUCHUNGSART[b.art] ?? b.art, b.seriennr ? `SN ${b.seriennr}` : '']),
    [0.18, 0.37, 0.1, 0.17, 0.18],
  );
  abschnitt(
    'Mehraufwand',
    mehr.map((m) => [
      arten.get(m.mehraufwandArtId) ?? '',
      m.vonZeitpunkt ? `${zeit(m.vonZeitpunkt)} – ${zeit(m.bisZeitpunkt)}` : m.kosten !== null ? eur(money2.toDb(m.kosten)) : `${m.strecke} km`,
      m.bemerkung ?? '',
    ]),
    [0.3, 0.35, 0.35],
  );

  if (doc.y > doc.page.height - 200) doc.addPage();
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(11).text('Unterschrift des Kunden', left);
  if (a.unterschriftDaten) {
    const y = doc.y + 4;
    doc.image(Buffer.from(a.unterschriftDaten, 'base64'), left, y, { fit: [220, 90] });
    doc.y = y + 94;
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + 240, doc.y)
    .stroke();
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(9)
    .text(`${a.unterschriftName ?? ''}, ${zeit(a.unterschriftAm)}`, left);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // the footer lies below the bottom margin: without the margin pdfkit does not open a new page for it
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor('#555')
      .text(`Seite ${i + 1} von ${range.count}`, left, doc.page.height - 40, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  await done;
  const pdf = Buffer.concat(chunks);
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
