import {
  materialstatusVon,
  AUFTRAGSSTATUS as ST,
  type serviceAuftragAenderung,
  type serviceAuftragEingabe,
  type serviceMaterialEingabe,
  type servicePlanungAenderung,
  type servicePlanungEingabe,
  umlagernGrenzen,
} from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { qty3 } from '../../lib/codecs';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { assertRef } from '../../lib/refs';
import { type Bewegung, buche } from '../lager/lager.service';
import { drawNumber } from '../system/nummernkreise.service';
import { assertAktiv, assertDispo, assertOffen, auftragFuer, fehler, jetzt, planungFuer, setStatus, UNGUELTIG } from './service.basis';
import { materialstatusNeu, materialZeile, mengenVon, pruefeMenge } from './service.material';
import type { Wer } from './service.wer';
import { zeitDesEinsatzesStoppen, zeitenDesAuftragsBeenden } from './service.zeiterfassung';

/**
 * Office planning (needs SVC_DISPO or an administrator): orders, planning items (plan, move, reassign), cancelling,
 * material lines and their transfer into the receiving store.
 */

/** Office: a new order; its number drawn from the range AUFTRAG; site copied from the asset or address when not given. */
export async function auftragAnlegen(trx: Db, wer: Wer, d: z.output<typeof serviceAuftragEingabe>) {
  assertDispo(wer);
  await assertRef(trx, 'adressen', d.adresseId, 'adresseId');
  await assertRef(trx, 'assets', d.assetId, 'assetId');
  await assertRef(trx, 'serviceAuftragsarten', d.auftragsartId, 'auftragsartId');
  await assertRef(trx, 'serviceAbrechnungsarten', d.abrechnungsartId, 'abrechnungsartId');
  const standort = await standortVon(trx, d);
  const { text } = await drawNumber(trx, 'AUFTRAG');
  const { id } = await trx
    .insertInto('serviceAuftraege')
    .values({
      ...leer(d),
      ...standort,
      auftragsnummer: text,
      auftragsstatus: ST.neu,
      materialstatus: null,
      bezeichnung: d.bezeichnung,
      technikerId: null,
      angelegtAm: jetzt(),
      geaendertAm: jetzt(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logChange(trx, { tabelle: 'SVA', datensatzId: id, aktion: 'NEU', benutzerId: wer.id });
  return id;
}

function leer(d: Partial<z.output<typeof serviceAuftragEingabe>>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) if (v !== undefined) out[k] = typeof v === 'string' ? v.trim() || null : v;
  return out as Partial<Record<string, string | number | null>>;
}

async function standortVon(trx: Db, d: Partial<z.output<typeof serviceAuftragEingabe>>) {
  if (d.standortOrt || d.standortPlz || d.standortStrasse) return {};
  if (d.assetId) {
    const as = await trx.selectFrom('assets').selectAll().where('id', '=', d.assetId).executeTakeFirst();
    if (as?.standortOrt)
      return { standortName: as.standortName, standortStrasse: as.standortStrasse, standortPlz: as.standortPlz, standortOrt: as.standortOrt };
  }
  if (d.adresseId) {
    const ad = await trx.selectFrom('adressen').select(['name1', 'strasse', 'plz', 'ort']).where('id', '=', d.adresseId).executeTakeFirst();
    if (ad) return { standortName: ad.name1, standortStrasse: ad.strasse, standortPlz: ad.plz, standortOrt: ad.ort };
  }
  return {};
}

/** Office: change an order; status 90 cancels it (its planning items end; queued steps then answer a conflict). */
export async function auftragAendern(trx: Db, wer: Wer, id: number, d: z.output<typeof serviceAuftragAenderung>) {
  assertDispo(wer);
  const a = await auftragFuer(trx, wer, id);
  await assertRef(trx, 'adressen', d.adresseId, 'adresseId');
  await assertRef(trx, 'assets', d.assetId, 'assetId');
  await assertRef(trx, 'serviceAuftragsarten', d.auftragsartId, 'auftragsartId');
  await assertRef(trx, 'serviceAbrechnungsarten', d.abrechnungsartId, 'abrechnungsartId');
  if (
    d.auftragsstatus &&
    !(await trx.selectFrom('serviceStatus').select('status').where('art', '=', 'A').where('status', '=', d.auftragsstatus).executeTakeFirst())
  ) {
    throw fehler('auftragsstatus', `Unbekannter Auftragsstatus: ${d.auftragsstatus}`);
  }
  if (a.auftragsstatus === ST.abgeschlossen && Object.keys(d).length) throw conflict(`Der Auftrag ${a.auftragsnummer} ist bereits abgeschlossen`);
  // completing locks the task: only with the customer's signature (the technician's completion) or, without it, through
  // the office's completion with a reason (POST …/abschluss-ohne-unterschrift) — both set the date and the report
  if (d.auftragsstatus === ST.abgeschlossen)
    throw conflict(
      `Der Auftrag ${a.auftragsnummer} wird mit der Unterschrift des Kunden abgeschlossen oder über „Ohne Unterschrift abschließen“ mit einem Grund`,
    );
  const set = leer(d);
  if (Object.keys(set).length)
    await trx
      .updateTable('serviceAuftraege')
      .set({ ...set, geaendertAm: jetzt() })
      .where('id', '=', a.id)
      .execute();
  if (d.auftragsstatus === ST.storniert) {
    const t = jetzt();
    await zeitenDesAuftragsBeenden(trx, a.id, t, true);
    await trx.updateTable('servicePlanungen').set({ aktiv: false, erledigtDatum: t }).where('serviceAuftragId', '=', a.id).where('aktiv', '=', true).execute();
  }
  await logChange(trx, { tabelle: 'SVA', datensatzId: a.id, aktion: 'AENDERN', benutzerId: wer.id, felder: Object.keys(set) });
  return a.id;
}

async function planungskopie(trx: Db, auftragId: number) {
  const a = await trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', auftragId).executeTakeFirstOrThrow();
  const as = a.assetId ? await trx.selectFrom('assets').select(['assetnummer', 'bezeichnung']).where('id', '=', a.assetId).executeTakeFirst() : undefined;
  return {
    a,
    kopie: {
      titel: a.titel ?? a.bezeichnung,
      plz: a.standortPlz,
      ort: a.standortOrt,
      strasse: a.standortStrasse,
      assetBezeichnung: as?.bezeichnung ?? null,
      assetNr: as?.assetnummer ?? null,
      auftragsbeschreibung: a.auftragsbeschreibung,
    },
  };
}

/** Office: plan a visit (the task is assigned to the technician; status 01, or 02 when planned as accepted). */
export async function planungAnlegen(trx: Db, wer: Wer, d: z.output<typeof servicePlanungEingabe>) {
  assertDispo(wer);
  await auftragFuer(trx, wer, d.serviceAuftragId);
  await assertRef(trx, 'techniker', d.technikerId, 'technikerId');
  const beginn = new Date(d.beginnDatum).toISOString();
  const ende = new Date(d.endeDatum).toISOString();
  if (ende <= beginn) throw fehler('endeDatum', 'Das Ende muss nach dem Beginn liegen');
  const { a, kopie } = await planungskopie(trx, d.serviceAuftragId);
  assertOffen(a);
  const offen = await trx.selectFrom('servicePlanungen').select('id').where('serviceAuftragId', '=', a.id).where('aktiv', '=', true).executeTakeFirst();
  if (offen) throw conflict(`Der Auftrag ${a.auftragsnummer} ist bereits eingeplant (Einsatz ${offen.id})`);
  const { id } = await trx
    .insertInto('servicePlanungen')
    .values({
      ...kopie,
      serviceAuftragId: a.id,
      technikerId: d.technikerId,
      beginnDatum: beginn,
      endeDatum: ende,
      angenommenDatum: d.angenommen ? jetzt() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setStatus(trx, a.id, d.angenommen ? ST.angenommen : ST.disponiert, { technikerId: d.technikerId });
  await logChange(trx, { tabelle: 'SVP', datensatzId: id, aktion: 'NEU', benutzerId: wer.id });
  return id;
}

/** Office: move or reassign; a reassigned item is open again for the new technician (its journey cleared, running time stopped). */
export async function planungAendern(trx: Db, wer: Wer, id: number, d: z.output<typeof servicePlanungAenderung>) {
  assertDispo(wer);
  const p = await planungFuer(trx, wer, id);
  assertAktiv(p);
  if (p.serviceAuftragId !== null)
    assertOffen(await trx.selectFrom('serviceAuftraege').selectAll().where('id', '=', p.serviceAuftragId).executeTakeFirstOrThrow());
  await assertRef(trx, 'techniker', d.technikerId, 'technikerId');
  const set: Record<string, unknown> = {};
  if (d.beginnDatum) set.beginnDatum = new Date(d.beginnDatum).toISOString();
  if (d.endeDatum) set.endeDatum = new Date(d.endeDatum).toISOString();
  if (((set.endeDatum as string) ?? p.endeDatum) <= ((set.beginnDatum as string) ?? p.beginnDatum))
    throw fehler('endeDatum', 'Das Ende muss nach dem Beginn liegen');
  if (d.technikerId !== undefined && d.technikerId !== p.technikerId) {
    await zeitDesEinsatzesStoppen(trx, p, jetzt());
    Object.assign(set, { technikerId: d.technikerId, angenommenDatum: null, reisebeginnDatum: null, vorOrtDatum: null, strecke: null });
    if (p.serviceAuftragId !== null) await setStatus(trx, p.serviceAuftragId, ST.disponiert, { technikerId: d.technikerId });
  }
  if (Object.keys(set).length) await trx.updateTable('servicePlanungen').set(set).where('id', '=', p.id).execute();
  await logChange(trx, { tabelle: 'SVP', datensatzId: p.id, aktion: 'AENDERN', benutzerId: wer.id, felder: Object.keys(set) });
  return p.id;
}

/**
 * The storage place of a material line's store: a store that keeps storage places needs one of its places, a store
 * without places takes none (a 400 naming the line's field, not the stock journal's).
 */
async function lagerplatzFuer(trx: Db, lagerId: number | null, platzId: number | null, feld: 'quelleLagerplatzId' | 'empfangLagerplatzId') {
  const lager = lagerId === null ? undefined : await trx.selectFrom('lager').select(['hatLagerplaetze']).where('id', '=', lagerId).executeTakeFirst();
  if (!lager?.hatLagerplaetze) {
    if (platzId !== null) throw fehler(feld, lagerId === null ? 'Ohne Lager kein Lagerplatz' : 'Das Lager führt keine Lagerplätze');
    return null;
  }
  if (platzId === null) throw fehler(feld, 'Das Lager führt Lagerplätze: bitte einen Lagerplatz wählen');
  const p = await trx
    .selectFrom('lagerplaetze')
    .select('id')
    .where('id', '=', platzId)
    .where('lagerId', '=', lagerId as number)
    .executeTakeFirst();
  if (!p) throw fehler(feld, `Unbekannter Lagerplatz in diesem Lager: ${platzId}`);
  return platzId;
}

/** Office: a material line; the quantity is reserved in the source store; receiving store default the technician's good parts. */
export async function materialAnlegen(trx: Db, wer: Wer, auftragId: number, d: z.output<typeof serviceMaterialEingabe>) {
  assertDispo(wer);
  const a = await auftragFuer(trx, wer, auftragId);
  assertOffen(a);
  const art = await trx.selectFrom('artikel').select(['id', 'artikelart', 'mengeneinheit']).where('id', '=', d.artikelId).executeTakeFirst();
  if (!art) throw fehler('artikelId', `Unbekannter Artikel: ${d.artikelId}`);
  if (art.artikelart !== '1') throw fehler('artikelId', 'Nur Lagerartikel (Artikelart 1) können umgelagert werden', 422);
  await assertRef(trx, 'lager', d.quelleLagerId, 'quelleLagerId');
  await assertRef(trx, 'lager', d.empfangLagerId, 'empfangLagerId');
  let empfangId = d.empfangLagerId ?? null;
  if (empfangId === null && a.technikerId !== null) {
    empfangId = (await trx.selectFrom('techniker').select('gutteileLagerId').where('id', '=', a.technikerId).executeTakeFirst())?.gutteileLagerId ?? null;
  }
  const quellePlatz = await lagerplatzFuer(trx, d.quelleLagerId ?? null, d.quelleLagerplatzId ?? null, 'quelleLagerplatzId');
  const empfangPlatz = await lagerplatzFuer(trx, empfangId, d.empfangLagerplatzId ?? null, 'empfangLagerplatzId');
  const empfang = empfangId === null ? undefined : await trx.selectFrom('lager').select(['bezeichnung']).where('id', '=', empfangId).executeTakeFirst();
  const kunde = d.umlagerungTyp === 3;
  let menge: number;
  try {
    menge = qty3.toDb(d.menge);
  } catch {
    throw fehler('menge', UNGUELTIG);
  }
  const reserviert = d.quelleLagerId ? menge : 0;
  const werte = {
    serviceAuftragId: a.id,
    artikelId: art.id,
    sctyp: d.sctyp?.trim() || null,
    umlagerungTyp: d.umlagerungTyp ?? null,
    quelleLagerId: d.quelleLagerId ?? null,
    quelleLagerplatzId: quellePlatz,
    empfangLagerId: empfangId,
    empfangLagerplatzId: empfangPlatz,
    empfangBezeichnung: kunde ? (a.standortName ?? empfang?.bezeichnung ?? null) : (empfang?.bezeichnung ?? null),
    empfangPlz: kunde ? a.standortPlz : null,
    empfangOrt: kunde ? a.standortOrt : null,
    empfangStrasse: kunde ? a.standortStrasse : null,
    mengeneinheit: art.mengeneinheit || 'Stk',
    menge,
    mengeReserviert: reserviert,
    mengeNichtGeliefert: d.mengeNichtGeliefert ? qty3.toDb(d.mengeNichtGeliefert) : 0,
  };
  const { id } = await trx
    .insertInto('serviceMaterial')
    .values({ ...werte, materialstatus: materialstatusVon(werte) })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (reserviert && d.quelleLagerId) {
    await buche(trx, [
      {
        artikelId: art.id,
        lagerId: d.quelleLagerId,
        lagerplatzId: quellePlatz,
        feld: 'reserviert',
        menge: reserviert,
        art: 'SVC_RESERVIERUNG',
        text: `Serviceauftrag ${a.auftragsnummer}`,
        benutzerId: wer.id,
      },
    ]);
  }
  await materialstatusNeu(trx, id);
  await logChange(trx, { tabelle: 'SVM', datensatzId: id, aktion: 'NEU', benutzerId: wer.id });
  return id;
}

/** Office: transfer (part of) a line from its source into its receiving store (stock journal); the reservation is released. */
export async function materialUmlagern(trx: Db, wer: Wer, materialId: number, mengeStk: number) {
  assertDispo(wer);
  const m = await materialZeile(trx, materialId);
  if (!m) throw notFound('Materialzeile');
  const a = await auftragFuer(trx, wer, m.serviceAuftragId);
  assertOffen(a);
  if (m.quelleLagerId === null || m.empfangLagerId === null) throw unprocessable('Die Materialzeile braucht ein Herkunfts- und ein Empfangslager');
  const menge = pruefeMenge(mengeStk, umlagernGrenzen(mengenVon(m)));
  const frei = Math.min(menge, Number(m.mengeReserviert));
  const base = { artikelId: m.artikelId, benutzerId: wer.id, text: `Serviceauftrag ${a.auftragsnummer}`, art: 'SVC_UMLAGERUNG' };
  const moves: Bewegung[] = [
    { ...base, lagerId: m.quelleLagerId, lagerplatzId: m.quelleLagerplatzId, feld: 'bestand', menge: -menge },
    { ...base, lagerId: m.empfangLagerId, lagerplatzId: m.empfangLagerplatzId, feld: 'bestand', menge },
  ];
  if (frei) moves.push({ ...base, lagerId: m.quelleLagerId, lagerplatzId: m.quelleLagerplatzId, feld: 'reserviert', menge: -frei });
  await buche(trx, moves);
  await trx
    .updateTable('serviceMaterial')
    .set((eb) => ({ mengeUmgelagert: eb('mengeUmgelagert', '+', menge), mengeReserviert: eb('mengeReserviert', '-', frei) }))
    .where('id', '=', m.id)
    .execute();
  await materialstatusNeu(trx, m.id);
  await logChange(trx, { tabelle: 'SVM', datensatzId: m.id, aktion: 'AENDERN', benutzerId: wer.id, felder: ['mengeUmgelagert'] });
  return m.id;
}
