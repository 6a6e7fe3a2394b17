import { createHash } from 'node:crypto';
import {
  ERECHNUNG_FORMAT_INFO,
  ERECHNUNG_FORMATE,
  type ERECHNUNG_PRUEFUNG_WERTE,
  type ERechnungFormat,
  type ERechnungLieferformat,
  FACTURX,
} from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import { typName } from '../belege/belege.core';
import { addHistory } from '../belege/belege.history';
import { ladeBelegFuerPdf, modelAus } from '../belege/belege.pdf-model';
import { renderPdf } from '../belege/belege.pdf-pool';
import { type FehlendesBt, fehlendFehler, istERechnungsBeleg, modellAus } from './erechnung.modell';
import { schreibeERechnung } from './erechnung.xml';

/**
 * Delivering e-invoices (issue 24 items 1, 3, 4):
 * - `liefereERechnung`: the first delivery of a booked invoice or credit note in a format builds it (XML from the
 *   mapping table; ZUGFeRD: the document's PDF as PDF/A-3b with the CII embedded) and stores the bytes with their
 *   SHA-256 and a history row R; every later delivery answers the stored bytes (GoBD: never rendered again). Two
 *   first deliveries at once store one (unique document + format); both answer the stored one.
 * - `pruefeVorBuchung`: booking an invoice or credit note for a customer who receives e-invoices checks the mandatory
 *   business terms of the customer's format first; ERECHNUNG.PRUEFUNG decides whether a missing one refuses the
 *   booking (422 listing each BT) or is answered as a warning (and written to the history).
 */

export interface Lieferung {
  daten: Buffer;
  sha256: string;
  dateiname: string;
  mime: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function gespeichert(db: Db, belegId: number, format: ERechnungLieferformat, belegnummer: string): Promise<Lieferung | undefined> {
  const row = await db
    .selectFrom('belegERechnungen')
    .select(['daten', 'sha256'])
    .where('belegId', '=', belegId)
    .where('format', '=', format)
    .executeTakeFirst();
  if (!row) return undefined;
  const info = ERECHNUNG_FORMAT_INFO[format];
  const art = format === 'zugferd' ? '' : `-${info.syntax}`;
  return { daten: Buffer.from(row.daten), sha256: row.sha256, dateiname: `${belegnummer}${art}.${info.endung}`, mime: info.mime };
}

/** The Factur-X XMP: its extension schema (PDF/A needs every non-standard property declared) and the values. */
export function facturXmp(): string {
  const eigenschaft = (name: string, beschreibung: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${beschreibung}</pdfaProperty:description>
              </rdf:li>`;
  return `
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FACTURX.namensraum}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>${FACTURX.prefix}</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${eigenschaft('DocumentFileName', 'name of the embedded XML invoice file')}${eigenschaft('DocumentType', 'INVOICE')}${eigenschaft('Version', 'The actual version of the Factur-X XML schema')}${eigenschaft('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description xmlns:${FACTURX.prefix}="${FACTURX.namensraum}" rdf:about="">
          <${FACTURX.prefix}:DocumentType>INVOICE</${FACTURX.prefix}:DocumentType>
          <${FACTURX.prefix}:DocumentFileName>${FACTURX.dateiname}</${FACTURX.prefix}:DocumentFileName>
          <${FACTURX.prefix}:Version>${FACTURX.version}</${FACTURX.prefix}:Version>
          <${FACTURX.prefix}:ConformanceLevel>${FACTURX.profil}</${FACTURX.prefix}:ConformanceLevel>
        </rdf:Description>`;
}

/** The e-invoice of a booked invoice or credit note in the format: stored on first delivery, the same bytes after. */
export async function liefereERechnung(db: Db, actor: Pick<Actor, 'id'>, belegId: number, format: ERechnungLieferformat): Promise<Lieferung> {
  const kopf = await db.selectFrom('belege').select(['belegnummer']).where('id', '=', belegId).executeTakeFirst();
  if (kopf) {
    const da = await gespeichert(db, belegId, format, kopf.belegnummer);
    if (da) return da;
  }
  const info = ERECHNUNG_FORMAT_INFO[format];
  // the model is read in one transaction; the PDF renders in the worker pool outside it
  const v = await db.transaction().execute(async (trx) => {
    const g = await ladeBelegFuerPdf(trx, belegId);
    const name = `${typName(g.b.belegart)} ${g.b.belegnummer}`;
    if (!istERechnungsBeleg(g.b.belegart)) throw unprocessable(`${name} ist keine Rechnung, Gutschrift oder Stornorechnung; nur diese gibt es als E-Rechnung`);
    if (!g.b.gebuchtAm) throw unprocessable(`${name} ist nicht gebucht; eine E-Rechnung gibt es erst für den gebuchten Beleg`);
    const m = await modellAus(trx, g, format);
    if (m.fehlend.length) throw fehlendFehler(`Die E-Rechnung (${info.name}) zu ${name} kann nicht erstellt werden`, m.fehlend);
    const xml = schreibeERechnung(m.daten, info.syntax, { gutschrift: m.gutschrift });
    const pdf = format === 'zugferd' ? await modelAus(trx, g) : null;
    return { xml, pdf, name, belegnummer: g.b.belegnummer };
  });
  let daten: Buffer;
  if (v.pdf) {
    v.pdf.pdfA3 = { dateiname: FACTURX.dateiname, mime: 'text/xml', inhalt: v.xml, beschreibung: 'Factur-X/ZUGFeRD-Rechnung (EN 16931)', xmp: facturXmp() };
    daten = (await renderPdf(v.pdf)).pdf;
  } else daten = Buffer.from(v.xml, 'utf8');
  const hash = sha256(daten);
  await db.transaction().execute(async (trx) => {
    const neu = await trx
      .insertInto('belegERechnungen')
      .values({ belegId, format, daten, sha256: hash, groesse: daten.length, benutzerId: actor.id, erstelltAm: nowIso() })
      .onConflict((oc) => oc.columns(['belegId', 'format']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (neu) await addHistory(trx, belegId, 'R', `E-Rechnung ${info.name} erstellt (SHA-256 ${hash})`, actor);
  });
  return (await gespeichert(db, belegId, format, v.belegnummer)) as Lieferung;
}

/** The e-invoices delivered for a document (without their bytes). */
export async function lieferungen(db: Db, belegId: number) {
  const rows = await db
    .selectFrom('belegERechnungen')
    .select(['format', 'sha256', 'groesse', 'erstelltAm'])
    .where('belegId', '=', belegId)
    .orderBy('erstelltAm')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, format: r.format as ERechnungLieferformat, groesse: Number(r.groesse) }));
}

export type Pruefmodus = (typeof ERECHNUNG_PRUEFUNG_WERTE)[number];
export const pruefmodus = (wert: string | null | undefined): Pruefmodus => (wert === 'warnen' ? 'warnen' : 'ablehnen');

/**
 * The pre-booking check (in the booking's transaction): for an invoice or credit note whose customer receives
 * e-invoices, the mandatory business terms of the customer's format. `ablehnen`: a missing one is a 422 listing each
 * BT; `warnen`: answered as warnings and written to the history (R).
 */
export async function pruefeVorBuchung(
  trx: Db,
  actor: Pick<Actor, 'id'>,
  b: { id: number; belegart: string; belegnummer: string; adresseId: number },
  modus: Pruefmodus,
): Promise<FehlendesBt[]> {
  if (!istERechnungsBeleg(b.belegart)) return [];
  const adresse = await trx.selectFrom('adressen').select('erechnungFormat').where('id', '=', b.adresseId).executeTakeFirst();
  const format = (ERECHNUNG_FORMATE as readonly string[]).includes(adresse?.erechnungFormat ?? '') ? (adresse?.erechnungFormat as ERechnungFormat) : 'keine';
  if (format === 'keine') return [];
  const m = await modellAus(trx, await ladeBelegFuerPdf(trx, b.id), format);
  if (!m.fehlend.length) return [];
  const name = `${typName(b.belegart)} ${b.belegnummer}`;
  const formatName = ERECHNUNG_FORMAT_INFO[format].name;
  if (modus === 'ablehnen') throw fehlendFehler(`${name} kann nicht gebucht werden; der Kunde erhält E-Rechnungen (${formatName})`, m.fehlend);
  await addHistory(trx, b.id, 'R', `E-Rechnung ${formatName} unvollständig: ${m.fehlend.map((f) => `${f.bt} ${f.text}`).join('; ')}`, actor);
  return m.fehlend;
}
