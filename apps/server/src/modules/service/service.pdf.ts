import { seriennummernVon } from '@vario/contract';
import type { Db } from '../../db/index';
import { money2 } from '../../lib/codecs';
import { formatBetrag, formatDatum, formatMenge, formatZahl, formatZeitpunkt } from '../../lib/format-de';
import { briefkopf } from '../belege/belege.dokumente.service';
import type { TabellenZeile } from '../belege/belege.pdf';
import { renderPdf } from '../belege/belege.pdf-pool';
import { mehraufwaendeDesAuftrags } from './service.read';

/** The journey log's kind of the office's completion without the customer's signature. */
export const ABSCHLUSS_OHNE_UNTERSCHRIFT = 'abschlussOhneUnterschrift';

/**
 * The completion report of a service task, through the shared business-document renderer (belege.pdf.ts: letterhead,
 * DIN 5008 window address, table with repeated header, page numbers, signature): the customer's address in the window,
 * the order, site and asset beside it, one table with every visit — each trip (travel start, arrival with its
 * distance), its work periods and how it ended (suspended, end of duty, completed), a suspended task's later visits
 * after it — the total time and distance, the material booked with serial and batch numbers and the additional work,
 * then the customer's signature with name and time, or the office's statement that it was completed without it and why.
 * The visits come from the journey log (suspending clears the planning item's travel, arrival and distance; the log
 * keeps each with its real time). Rendered once at completion (reproducible bytes: the completion time is the PDF's
 * creation date) and stored with its SHA-256.
 */

const BUCHUNGSART: Record<string, string> = {
  eingebaut: 'eingebaut',
  doa: 'DOA',
  gutteilretoure: 'Gutteilretoure',
  defektVerkauft: 'Defekt verkauft',
  defektEingelagert: 'Defekt eingelagert',
};
/** The journey log's steps a visit shows, with their names on the report (time recordings come from the recordings). */
const EINSATZ_SCHRITTE: Record<string, string> = {
  reisebeginn: 'Reisebeginn',
  ankunft: 'Ankunft',
  zurueckstellen: 'Zurückgestellt',
  dienstende: 'Dienstende',
  telefonischErledigt: 'Telefonisch erledigt',
  zurueckgeben: 'Zurückgegeben',
  abschluss: 'Abschluss',
  [ABSCHLUSS_OHNE_UNTERSCHRIFT]: 'Abschluss durch das Büro',
};
export const OHNE_UNTERSCHRIFT = 'ohne Unterschrift des Kunden';
const dauer = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')} h`;
const teile = (...xs: (string | null | undefined)[]) => xs.filter((x) => x?.trim()).join(' ');
const km = (n: number) => `${formatZahl(n)} km`;

interface Schritt {
  art: string;
  zeitpunkt: string;
  text: string | null;
  strecke: number | null;
}
interface Zeit {
  art: string;
  von: string;
  bis: string | null;
  minuten: number | null;
  bemerkung: string | null;
}
/** A visit: from one travel start to the next (steps before the first travel start belong to the first visit). */
interface Einsatz {
  beginn: string | null;
  schritte: Schritt[];
  zeiten: Zeit[];
}

/** The visits of a task from its journey log and its time recordings, in the order they happened. */
export function einsaetzeVon(schritte: readonly Schritt[], zeiten: readonly Zeit[]): Einsatz[] {
  const sortiert = [...schritte].filter((x) => x.art in EINSATZ_SCHRITTE).sort((x, y) => x.zeitpunkt.localeCompare(y.zeitpunkt));
  const einsaetze: Einsatz[] = [];
  for (const x of sortiert) {
    if (x.art === 'reisebeginn' || einsaetze.length === 0) einsaetze.push({ beginn: x.art === 'reisebeginn' ? x.zeitpunkt : null, schritte: [], zeiten: [] });
    einsaetze.at(-1)!.schritte.push(x);
  }
  for (const z of [...zeiten].sort((x, y) => x.von.localeCompare(y.von))) {
    // the last visit that began at or before the recording; a recording before every visit goes to the first
    const e = einsaetze.findLast((v) => v.beginn !== null && v.beginn <= z.von) ?? einsaetze[0];
    if (e) e.zeiten.push(z);
    else einsaetze.push({ beginn: null, schritte: [], zeiten: [z] });
  }
  return einsaetze;
}

export async function renderAbschlussbericht(db: Db, auftragId: number): Promise<{ pdf: Buffer; sha256: string }> {
  const a = await db.selectFrom('serviceAuftraege').selectAll().where('id', '=', auftragId).executeTakeFirstOrThrow();
  const [adresse, asset, schritte, zeiten, buchungen, mehr, techniker, arten, kopf] = await Promise.all([
    a.adresseId
      ? db.selectFrom('adressen').select(['name1', 'strasse', 'plz', 'ort', 'kundennummer']).where('id', '=', a.adresseId).executeTakeFirst()
      : undefined,
    a.assetId ? db.selectFrom('assets').select(['assetnummer', 'bezeichnung', 'seriennummer']).where('id', '=', a.assetId).executeTakeFirst() : undefined,
    db
      .selectFrom('serviceSchritte')
      .select(['art', 'zeitpunkt', 'text', 'strecke'])
      .where('serviceAuftragId', '=', auftragId)
      .orderBy('zeitpunkt')
      .orderBy('id')
      .execute(),
    db.selectFrom('serviceZeiten').selectAll().where('serviceAuftragId', '=', auftragId).orderBy('von').execute(),
    db
      .selectFrom('serviceMaterialBuchungen')
      .innerJoin('artikel', 'artikel.id', 'serviceMaterialBuchungen.artikelId')
      .select([
        'serviceMaterialBuchungen.art',
        'serviceMaterialBuchungen.menge',
        'serviceMaterialBuchungen.seriennr',
        'serviceMaterialBuchungen.chargennr',
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
  const einsaetze = einsaetzeVon(
    schritte.map((x) => ({ ...x, strecke: x.strecke === null ? null : Number(x.strecke) })),
    zeiten.map((z) => ({ ...z, minuten: z.minuten === null ? null : Number(z.minuten) })),
  );
  const summeMinuten = zeiten.reduce((s, z) => s + Number(z.minuten ?? 0), 0);
  const summeKm = schritte.reduce((s, x) => s + (x.art === 'ankunft' ? Number(x.strecke ?? 0) : 0), 0);

  const zeilen: TabellenZeile[] = [];
  const gruppe = (titel: string) => zeilen.push({ text: { titel } });
  einsaetze.forEach((e, i) => {
    gruppe(teile(`Einsatz ${i + 1}`, e.beginn ? `am ${formatDatum(e.beginn)}` : null));
    // the visit's steps and work periods in the order they happened
    const eintraege: { zeit: string; zeile: TabellenZeile }[] = [
      ...e.schritte.map((x) => ({
        zeit: x.zeitpunkt,
        zeile: {
          zellen: {
            art: EINSATZ_SCHRITTE[x.art] ?? x.art,
            text: formatZeitpunkt(x.zeitpunkt),
            menge: x.art === 'ankunft' && x.strecke !== null ? km(x.strecke) : '',
          },
          detail: x.art === 'ankunft' || !x.text ? null : x.text,
        },
      })),
      ...e.zeiten.map((z) => ({
        zeit: z.von,
        zeile: {
          zellen: {
            art: z.art === 'A' ? 'Arbeitszeit' : 'Servicezeit',
            text: `${formatZeitpunkt(z.von)} – ${z.bis ? formatZeitpunkt(z.bis) : 'läuft'}`,
            menge: dauer(z.minuten ?? 0),
          },
          detail: z.bemerkung,
        },
      })),
    ];
    for (const x of eintraege.sort((p, q) => p.zeit.localeCompare(q.zeit))) zeilen.push(x.zeile);
  });
  gruppe('Gesamt');
  zeilen.push({
    zellen: {
      art: 'Arbeitszeit',
      text: `Arbeitszeit gesamt (${einsaetze.length} ${einsaetze.length === 1 ? 'Einsatz' : 'Einsätze'})`,
      menge: dauer(summeMinuten),
    },
  });
  zeilen.push({ zellen: { art: 'Strecke', text: 'Strecke gesamt', menge: km(summeKm) } });
  if (buchungen.length) {
    gruppe('Material');
    for (const b of buchungen) {
      const nummern = seriennummernVon(b.seriennr);
      zeilen.push({
        zellen: { art: BUCHUNGSART[b.art] ?? b.art, text: `${b.artikelnummer} ${b.bezeichnung}`, menge: formatMenge(b.menge) },
        detail:
          [
            nummern.length ? `${nummern.length === 1 ? 'Seriennummer' : 'Seriennummern'} ${nummern.join(', ')}` : null,
            b.chargennr ? `Charge ${b.chargennr}` : null,
          ]
            .filter(Boolean)
            .join(' · ') || null,
      });
    }
  }
  if (mehr.length) {
    gruppe('Mehraufwand');
    for (const m of mehr) {
      const wert = m.vonZeitpunkt ? `${formatZeitpunkt(m.vonZeitpunkt)} – ${formatZeitpunkt(m.bisZeitpunkt)}` : '';
      const menge = m.kosten !== null ? formatBetrag(money2.toDb(m.kosten)) : m.strecke !== null ? km(m.strecke) : '';
      zeilen.push({ zellen: { art: 'Mehraufwand', text: teile(artName.get(m.mehraufwandArtId), wert), menge }, detail: m.bemerkung });
    }
  }
  const ohneUnterschrift = !a.unterschriftDaten && a.ohneUnterschriftGrund !== null;

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
      { label: 'Arbeitszeit', wert: dauer(summeMinuten) },
      { label: 'Strecke', wert: km(summeKm) },
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
    schlusstexte: ohneUnterschrift
      ? [
          'Die oben aufgeführten Leistungen wurden erbracht.',
          `Der Auftrag wurde vom Büro ${OHNE_UNTERSCHRIFT} abgeschlossen. Grund: ${a.ohneUnterschriftGrund}`,
        ]
      : ['Die oben aufgeführten Leistungen wurden erbracht. Mit seiner Unterschrift bestätigt der Kunde die Arbeiten und das eingesetzte Material.'],
    unterschrift: a.unterschriftDaten
      ? { bild: Buffer.from(a.unterschriftDaten, 'base64'), beschriftung: 'Unterschrift Kunde', unterzeichner: a.unterschriftName, zeitpunkt: a.unterschriftAm }
      : null,
    info: { titel: `Abschlussbericht ${a.auftragsnummer}`, erstelltAm: a.abgeschlossenAm ? new Date(a.abgeschlossenAm) : undefined },
  });
}
