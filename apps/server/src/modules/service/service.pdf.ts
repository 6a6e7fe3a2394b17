import type { Db } from '../../db/index';
import { money2 } from '../../lib/codecs';
import { formatBetrag, formatMenge, formatZahl, formatZeitpunkt } from '../../lib/format-de';
import { briefkopf } from '../belege/belege.dokumente.service';
import type { TabellenZeile } from '../belege/belege.pdf';
import { renderPdf } from '../belege/belege.pdf-pool';
import { mehraufwaendeDesAuftrags } from './service.read';

/**
 * The completion report of a service task, through the shared business-document renderer (belege.pdf.ts: letterhead,
 * DIN 5008 window address, table with repeated header, page numbers, signature): the customer's address in the window,
 * the order, site and asset beside it, one table with the visits (travel start, arrival, distance), the time
 * recordings, the material booked and the additional work, then the customer's signature with name and time.
 * Rendered once at completion (reproducible bytes: the completion time is the PDF's creation date) and stored with its SHA-256.
 */

const BUCHUNGSART: Record<string, string> = {
  eingebaut: 'eingebaut',
  doa: 'DOA',
  gutteilretoure: 'Gutteilretoure',
  defektVerkauft: 'Defekt verkauft',
  defektEingelagert: 'Defekt eingelagert',
};
const dauer = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')} h`;
const teile = (...xs: (string | null | undefined)[]) => xs.filter((x) => x?.trim()).join(' ');

export async function renderAbschlussbericht(db: Db, auftragId: number): Promise<{ pdf: Buffer; sha256: string }> {
  const a = await db.selectFrom('serviceAuftraege').selectAll().where('id', '=', auftragId).executeTakeFirstOrThrow();
  const [adresse, asset, planungen, zeiten, buchungen, mehr, techniker, arten, kopf] = await Promise.all([
    a.adresseId
      ? db.selectFrom('adressen').select(['name1', 'strasse', 'plz', 'ort', 'kundennummer']).where('id', '=', a.adresseId).executeTakeFirst()
      : undefined,
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
    a.technikerId ? db.selectFrom('techniker').select('bezeichnung').where('id', '=', a.technikerId).executeTakeFirst() : undefined,
    db.selectFrom('serviceMehraufwandsarten').selectAll().execute(),
    briefkopf(db),
  ]);
  const artName = new Map(arten.map((x) => [x.id, x.bezeichnung]));
  const summe = zeiten.reduce((s, z) => s + (z.minuten ?? 0), 0);

  const zeilen: TabellenZeile[] = [];
  const gruppe = (titel: string) => zeilen.push({ text: { titel } });
  gruppe('Einsätze');
  for (const p of planungen) {
    zeilen.push({
      zellen: {
        art: 'Einsatz',
        text: `Reisebeginn ${formatZeitpunkt(p.reisebeginnDatum) || '–'}, Ankunft ${formatZeitpunkt(p.vorOrtDatum) || '–'}`,
        menge: p.strecke === null ? '' : `${formatZahl(p.strecke)} km`,
      },
      detail: `geplant ${formatZeitpunkt(p.beginnDatum)}`,
    });
  }
  gruppe(`Arbeitszeiten (gesamt ${dauer(summe)})`);
  for (const z of zeiten) {
    zeilen.push({
      zellen: {
        art: z.art === 'A' ? 'Zeit' : 'Servicezeit',
        text: `${formatZeitpunkt(z.von)} – ${z.bis ? formatZeitpunkt(z.bis) : 'läuft'}`,
        menge: dauer(z.minuten ?? 0),
      },
      detail: z.bemerkung,
    });
  }
  if (buchungen.length) {
    gruppe('Material');
    for (const b of buchungen) {
      zeilen.push({
        zellen: { art: BUCHUNGSART[b.art] ?? b.art, text: `${b.artikelnummer} ${b.bezeichnung}`, menge: formatMenge(b.menge) },
        detail: b.seriennr ? `Seriennummer ${b.seriennr}` : null,
      });
    }
  }
  if (mehr.length) {
    gruppe('Mehraufwand');
    for (const m of mehr) {
      const wert = m.vonZeitpunkt ? `${formatZeitpunkt(m.vonZeitpunkt)} – ${formatZeitpunkt(m.bisZeitpunkt)}` : '';
      const menge = m.kosten !== null ? formatBetrag(money2.toDb(m.kosten)) : m.strecke !== null ? `${formatZahl(m.strecke)} km` : '';
      zeilen.push({ zellen: { art: 'Mehraufwand', text: teile(artName.get(m.mehraufwandArtId), wert), menge }, detail: m.bemerkung });
    }
  }

  // rendered in the PDF worker pool (stored with the task, so not kept in the pool's cache)
  return renderPdf({
    briefkopf: kopf,
    empfaenger: adresse
      ? [adresse.name1, adresse.strasse ?? '', teile(adresse.plz, adresse.ort)].filter(Boolean)
      : [a.standortName ?? '', a.standortStrasse ?? '', teile(a.standortPlz, a.standortOrt)].filter(Boolean),
    titel: 'Abschlussbericht',
    titelZusatz: a.auftragsnummer,
    kopfdaten: [
      { label: 'Auftrag', wert: a.auftragsnummer },
      { label: 'Abgeschlossen', wert: formatZeitpunkt(a.abgeschlossenAm) },
      ...(adresse?.kundennummer ? [{ label: 'Kunden-Nr.', wert: String(adresse.kundennummer) }] : []),
      ...(a.extReferenz ? [{ label: 'Ihre Referenz', wert: a.extReferenz }] : []),
      ...(techniker ? [{ label: 'Techniker', wert: techniker.bezeichnung }] : []),
    ],
    einleitung: [
      teile(a.bezeichnung, a.titel ? `– ${a.titel}` : null),
      teile('Standort:', a.standortName, a.standortStrasse, teile(a.standortPlz, a.standortOrt)),
      asset ? teile('Asset:', asset.assetnummer, asset.bezeichnung, asset.seriennummer ? `(SN ${asset.seriennummer})` : null) : null,
      a.auftragsbeschreibung,
    ]
      .filter(Boolean)
      .join('\n'),
    spalten: [
      { key: 'art', titel: 'Art', breite: 32 },
      { key: 'text', titel: 'Leistung' },
      { key: 'menge', titel: 'Menge/Dauer', breite: 30, ausrichtung: 'right' },
    ],
    zeilen,
    textSpalte: 'text',
    schlusstexte: ['Die oben aufgeführten Leistungen wurden erbracht. Mit seiner Unterschrift bestätigt der Kunde die Arbeiten und das eingesetzte Material.'],
    unterschrift: a.unterschriftDaten
      ? { bild: Buffer.from(a.unterschriftDaten, 'base64'), beschriftung: 'Unterschrift Kunde', unterzeichner: a.unterschriftName, zeitpunkt: a.unterschriftAm }
      : null,
    info: { titel: `Abschlussbericht ${a.auftragsnummer}`, erstelltAm: a.abgeschlossenAm ? new Date(a.abgeschlossenAm) : undefined },
  });
}
