import {
  auftragsMaterialstatus,
  bestaetigenGrenzen,
  buchungsgrenzen,
  type Grenzen,
  MATERIAL_MENGENFELD,
  type Materialbuchungsart,
  type Materialmengen,
  MessageCode,
  materialstatusVon,
  mengeFehler,
  type NachweisFehler,
  nachweisFehler,
  seriennummernVon,
  uebersteigtUmlagerung,
  verbraucht,
} from '@vario/contract';
import type { Db } from '../../db/index';
import { nowIso } from '../../lib/clock';
import { qty3 } from '../../lib/codecs';
import { ApiError, badRequest, notFound, unprocessable } from '../../lib/errors';
import { formatMenge } from '../../lib/format-de';
import { type Bewegung, buche } from '../lager/lager.service';
import { assertOffen, auftragFuer, type Daten, fehler, forUpdate, journeyPruefen, type Schritt, schrittLoggen, UNGUELTIG } from './service.basis';
import { buchungOut, MENGEN } from './service.out';
import { schrittZeit } from './service.zeit';
import { assertNachAnkunft } from './service.zeiterfassung';

/**
 * Material of a task (SVC-012..014, SVC-022/023, SVC-051..054): the technician's bookings on the transfer lines
 * through the stock journal and the confirmation of received material. The amount rules, the bounds, the kind →
 * quantity field map and the material status are the contract's (service-regeln.ts, thousandths).
 */

export type Buchungsart = Materialbuchungsart;

export async function materialZeile(trx: Db, id: number) {
  return forUpdate(trx, trx.selectFrom('serviceMaterial').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** A line's quantities as numbers (thousandths; PostgreSQL may answer bigint columns as text). */
export function mengenVon(m: Partial<Record<(typeof MENGEN)[number], number | string | bigint | null>>): Materialmengen {
  const out: Record<string, number> = {};
  for (const k of MENGEN) out[k] = Number(m[k] ?? 0);
  return out as unknown as Materialmengen;
}

/** Re-derives the line's material status and the task's (its least advanced line's). */
export async function materialstatusNeu(trx: Db, materialId: number) {
  const m = await trx.selectFrom('serviceMaterial').selectAll().where('id', '=', materialId).executeTakeFirstOrThrow();
  const status = materialstatusVon(mengenVon(m));
  if (status !== m.materialstatus) await trx.updateTable('serviceMaterial').set({ materialstatus: status }).where('id', '=', m.id).execute();
  const all = await trx.selectFrom('serviceMaterial').select('materialstatus').where('serviceAuftragId', '=', m.serviceAuftragId).execute();
  await trx
    .updateTable('serviceAuftraege')
    .set({ materialstatus: auftragsMaterialstatus(all.map((r) => r.materialstatus)) })
    .where('id', '=', m.serviceAuftragId)
    .execute();
}

/** Amount rules of the material dialogs (SVC-051..053), the amount in pieces; answers thousandths. */
export function pruefeMenge(menge: number, g: Grenzen) {
  let v: number;
  try {
    v = qty3.toDb(menge);
  } catch {
    throw fehler('menge', UNGUELTIG);
  }
  const f = mengeFehler(v, g);
  if (f === 'ungueltig') throw fehler('menge', UNGUELTIG);
  if (f === 'zuGross')
    throw new ApiError(400, MessageCode.validation, 'zu groß', { fieldErrors: { menge: ['zu groß'] }, messageParameters: [String(qty3.fromDb(g.max))] });
  if (f === 'zuKlein')
    throw new ApiError(400, MessageCode.validation, 'zu klein', { fieldErrors: { menge: ['zu klein'] }, messageParameters: [String(qty3.fromDb(g.min))] });
  return v;
}

/**
 * Serial and batch numbers (issue 19 item 16, the contract's nachweisFehler): an article managed by serial number
 * names one serial number per piece (whole pieces), one managed by batch number its batch. A 400 whose field errors
 * name the article.
 */
async function pruefeNachweis(trx: Db, artikelId: number, menge: number, seriennr?: string | null, chargennr?: string | null) {
  const art = await trx
    .selectFrom('artikel')
    .select(['artikelnummer', 'bezeichnung', 'istSeriennummernArtikel', 'istChargenArtikel'])
    .where('id', '=', artikelId)
    .executeTakeFirstOrThrow();
  const fehlerListe = nachweisFehler(
    { istSeriennummernArtikel: Boolean(art.istSeriennummernArtikel), istChargenArtikel: Boolean(art.istChargenArtikel) },
    menge,
    seriennr,
    chargennr,
  );
  const felder = Object.entries(fehlerListe) as [string, NachweisFehler][];
  if (!felder.length) return;
  const name = `${art.artikelnummer} ${art.bezeichnung}`.trim();
  const texte: Record<NachweisFehler, string> = {
    seriennrFehlt: `Der Artikel ${name} wird mit Seriennummer geführt: bitte je Stück eine Seriennummer angeben`,
    seriennrAnzahl: `Der Artikel ${name} wird mit Seriennummer geführt: für ${formatMenge(Math.abs(menge))} Stück ${formatMenge(Math.abs(menge))} Seriennummern angeben (angegeben: ${seriennummernVon(seriennr).length})`,
    seriennrDoppelt: `Der Artikel ${name}: jede Seriennummer nur einmal angeben`,
    ganzeStueck: `Der Artikel ${name} wird mit Seriennummer geführt und nur in ganzen Stück gebucht`,
    chargennrFehlt: `Der Artikel ${name} wird mit Chargennummer geführt: bitte die Chargennummer angeben`,
  };
  const fieldErrors = Object.fromEntries(felder.map(([feld, f]) => [feld, [texte[f]]]));
  throw badRequest(texte[felder[0]![1]], fieldErrors);
}

async function lagerDesTechnikers(trx: Db, technikerId: number | null) {
  const t = technikerId === null ? undefined : await trx.selectFrom('techniker').selectAll().where('id', '=', technikerId).executeTakeFirst();
  if (!t) throw unprocessable('Dem Auftrag ist kein Techniker zugeordnet');
  return t;
}
function lagerPflicht(id: number | null, was: string): number {
  if (id === null) throw unprocessable(`Dem Techniker ist kein ${was} zugeordnet`);
  return id;
}

/** The material step's context: the line of the task, the technician's planning item on site (SVC-022). */
async function materialKontext(trx: Db, s: Schritt, auftragId: number, materialId: number) {
  const a = await auftragFuer(trx, s.wer, auftragId);
  assertOffen(a);
  const m = await materialZeile(trx, materialId);
  if (!m || m.serviceAuftragId !== a.id) throw notFound('Materialzeile');
  const p = await trx
    .selectFrom('servicePlanungen')
    .selectAll()
    .where('serviceAuftragId', '=', a.id)
    .where('technikerId', '=', a.technikerId ?? -1)
    .where('aktiv', '=', true)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  journeyPruefen('materialBuchung', p);
  return { a, m, p: p as NonNullable<typeof p> };
}

export interface MaterialErgebnis {
  buchungId: number;
  materialId: number;
  warnungen: string[];
}

/**
 * A material booking (SVC-014, 022, 023, 051..053): the amount rules, the stock movements through the journal, the
 * line's quantity and status. Stock: installed — out of the technician's good-parts store to the customer; DOA — from
 * the good-parts store into the DOA store; good-part return — from the good-parts store back to the line's source
 * store; faulty stored — the removed faulty part into the faulty store; faulty sold — the removed faulty part through
 * the faulty store (in and out: it is sold on). A negative amount reverses. Short stock is a 422 (nothing written).
 */
export async function materialBuchen(
  trx: Db,
  s: Schritt,
  auftragId: number,
  materialId: number,
  art: Buchungsart,
  d: { menge: number; seriennr?: string | null; chargennr?: string | null; zeitpunkt?: string },
): Promise<MaterialErgebnis> {
  const { a, m, p } = await materialKontext(trx, s, auftragId, materialId);
  const t = schrittZeit(d.zeitpunkt);
  assertNachAnkunft(p, t, 'zeitpunkt');
  const mengen = mengenVon(m);
  const menge = pruefeMenge(d.menge, buchungsgrenzen(mengen, art));
  await pruefeNachweis(trx, m.artikelId, menge, d.seriennr, d.chargennr);
  const tech = await lagerDesTechnikers(trx, p.technikerId);
  const text = `Serviceauftrag ${a.auftragsnummer}`;
  const base = { artikelId: m.artikelId, feld: 'bestand' as const, benutzerId: s.wer.id, text };
  const moves: Bewegung[] = [];
  const gut = () => lagerPflicht(tech.gutteileLagerId, 'Gutteilelager');
  const warnungen: string[] = [];
  switch (art) {
    case 'eingebaut':
      moves.push({ ...base, lagerId: gut(), menge: -menge, art: 'SVC_EINBAU' });
      break;
    case 'doa':
      moves.push({ ...base, lagerId: gut(), menge: -menge, art: 'SVC_DOA' });
      moves.push({ ...base, lagerId: lagerPflicht(tech.doateileLagerId, 'DOA-Lager'), menge, art: 'SVC_DOA' });
      break;
    case 'gutteilretoure':
      if (m.quelleLagerId === null) throw unprocessable('Die Materialzeile hat kein Herkunftslager für die Rückbuchung');
      moves.push({ ...base, lagerId: gut(), menge: -menge, art: 'SVC_RETOURE' });
      moves.push({ ...base, lagerId: m.quelleLagerId, lagerplatzId: m.quelleLagerplatzId, menge, art: 'SVC_RETOURE' });
      break;
    case 'defektEingelagert':
      moves.push({ ...base, lagerId: lagerPflicht(tech.defektteileLagerId, 'Defektteilelager'), menge, art: 'SVC_DEFEKT_EIN' });
      break;
    case 'defektVerkauft': {
      const lager = lagerPflicht(tech.defektteileLagerId, 'Defektteilelager');
      const betrag = Math.abs(menge);
      const sign = menge > 0 ? 1 : -1;
      // in and out again (sold on): the journal shows the part passing through the faulty store
      moves.push({ ...base, lagerId: lager, menge: betrag, art: 'SVC_DEFEKT_VERKAUF', text: `${text}: ${sign > 0 ? 'Ausbau' : 'Korrektur'}` });
      moves.push({ ...base, lagerId: lager, menge: -betrag, art: 'SVC_DEFEKT_VERKAUF', text: `${text}: ${sign > 0 ? 'Verkauf' : 'Korrektur'}` });
      break;
    }
  }
  // negative amounts reverse: the stock flows back the other way
  if (menge < 0 && art !== 'defektVerkauft') moves.reverse();
  if (uebersteigtUmlagerung(mengen, art, menge)) {
    warnungen.push(
      `Material noch nicht umgelagert: umgelagert ${formatMenge(mengen.mengeUmgelagert ?? 0)}, gebucht ${formatMenge(verbraucht(mengen) + menge)} ${m.mengeneinheit} — gebucht aus dem Bestand des Gutteilelagers`,
    );
  }
  await buche(trx, moves);
  const feld = MATERIAL_MENGENFELD[art];
  await trx
    .updateTable('serviceMaterial')
    .set((eb) => ({ [feld]: eb(feld, '+', menge) }))
    .where('id', '=', m.id)
    .execute();
  await materialstatusNeu(trx, m.id);
  const { id: buchungId } = await trx
    .insertInto('serviceMaterialBuchungen')
    .values({
      serviceAuftragId: a.id,
      materialId: m.id,
      planungId: p.id,
      artikelId: m.artikelId,
      art,
      menge,
      seriennr: d.seriennr?.trim() || null,
      chargennr: d.chargennr?.trim() || null,
      zeitpunkt: t,
      technikerId: p.technikerId,
      benutzerId: s.wer.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('serviceAuftraege').set({ geaendertAm: nowIso() }).where('id', '=', a.id).execute();
  await schrittLoggen(trx, s, a.id, p.id, art === 'gutteilretoure' ? 'rueckbuchung' : 'materialBuchung', t, `${art} ${formatMenge(menge)} ${m.mengeneinheit}`);
  return { buchungId, materialId: m.id, warnungen };
}

export async function buchungLesen(db: Db, id: number) {
  return buchungOut(await db.selectFrom('serviceMaterialBuchungen').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Confirm received material: 0 < menge ≤ transferred − confirmed ('zu groß'). */
export async function materialBestaetigen(trx: Db, s: Schritt, materialId: number, d: Daten<'materialBestaetigen'>) {
  const m = await materialZeile(trx, materialId);
  if (!m) throw notFound('Materialzeile');
  const a = await auftragFuer(trx, s.wer, m.serviceAuftragId);
  assertOffen(a);
  const menge = pruefeMenge(d.menge, bestaetigenGrenzen(mengenVon(m)));
  const t = schrittZeit(d.zeitpunkt);
  await trx
    .updateTable('serviceMaterial')
    .set((eb) => ({ mengeBestaetigt: eb('mengeBestaetigt', '+', menge) }))
    .where('id', '=', m.id)
    .execute();
  await materialstatusNeu(trx, m.id);
  await schrittLoggen(trx, s, a.id, null, 'materialBestaetigen', t, `${formatMenge(menge)} ${m.mengeneinheit} bestätigt`);
  return m.id;
}
