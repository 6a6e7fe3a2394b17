import type { ListExportQuery, ListQuery, ServiceAuftrag, ServiceMaterial, ServicePlanung } from '@vario/contract';
import { AUFTRAGSSTATUS, serviceAuftrag, serviceMaterial, servicePlanung } from '@vario/contract';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { Dialect } from '../../db/schema-helpers';
import { qty3 } from '../../lib/codecs';
import { notFound } from '../../lib/errors';
import { fieldTypes } from '../../lib/fields';
import { sendListExport } from '../../lib/list-export';
import { containsExpr, type ListSpec, runList } from '../../lib/list-query';
import { auftragOut, buchungOut, MENGEN, materialOut, mehraufwandOut, planungOut, schrittOut, zeitOut } from './service.out';
import type { Wer } from './service.wer';

/** Read models of the field service: planning items, tasks and material lines in the contract's shapes, scoped to who asks. */

const q = (t: string, c: string) => `"${t}"."${c}"`;

// ---------------------------------------------------------------- planning items

/**
 * Fields of other tables as scalar subqueries (not joins): the list's total and the window's skipping then read the
 * planning items' own covering indexes alone, and the subqueries run only for the rows of the window.
 */
const sub = (table: string, column: string, key: string) => `(select ${q(table, column)} from "${table}" where ${q(table, 'id')} = ${key})`;
const AUFTRAG_VON_PLANUNG = q('servicePlanungen', 'serviceAuftragId');
const PLANUNG_JOIN = {
  auftragsnummer: sub('serviceAuftraege', 'auftragsnummer', AUFTRAG_VON_PLANUNG),
  auftragsstatus: sub('serviceAuftraege', 'auftragsstatus', AUFTRAG_VON_PLANUNG),
  materialstatus: sub('serviceAuftraege', 'materialstatus', AUFTRAG_VON_PLANUNG),
  aufwandGeschaetzt: sub('serviceAuftraege', 'aufwandGeschaetzt', AUFTRAG_VON_PLANUNG),
  gebrauchteZeit: sub('serviceAuftraege', 'gebrauchteZeit', AUFTRAG_VON_PLANUNG),
  adresseName: sub('adressen', 'name1', sub('serviceAuftraege', 'adresseId', AUFTRAG_VON_PLANUNG)),
  technikerName: sub('techniker', 'bezeichnung', q('servicePlanungen', 'technikerId')),
};
const planungFields = fieldTypes(servicePlanung);
const planungSpec: ListSpec = {
  table: 'servicePlanungen',
  fields: planungFields,
  expressions: PLANUNG_JOIN,
  defaultOrder: ['beginnDatum'],
};
const PLANUNG_COLS = Object.keys(planungFields).filter((f) => !(f in PLANUNG_JOIN));

function planungBase(db: Db) {
  let qb = db
    .selectFrom('servicePlanungen')
    // biome-ignore lint/suspicious/noExplicitAny: columns named by the contract
    .select(PLANUNG_COLS.map((c) => `servicePlanungen.${c}`) as any);
  for (const [k, expr] of Object.entries(PLANUNG_JOIN)) qb = qb.select(sql.raw(expr).as(k));
  return qb;
}

/** Planning items a user reaches: a technician their own active ones; office users (Wer.alle) every one. */
function planungScope(db: Db, dialect: Dialect, wer: Wer, query: Pick<ListQuery, 'filter'>) {
  let base = planungBase(db);
  if (!wer.alle) base = base.where('servicePlanungen.technikerId', '=', wer.technikerId ?? -1).where('servicePlanungen.aktiv', '=', true);
  // the office sees the live items too unless its filter asks for `aktiv` itself (e.g. aktiv=false for the history)
  else if (!/(^|,)\s*aktiv\s*(=|!=|!null)/.test(query.filter ?? '')) {
    // SQLite: `+aktiv` keeps the planner on the begin index (with statistics it would skip-scan the technician index and sort)
    base = base.where(dialect === 'sqlite' ? sql`+${sql.ref('servicePlanungen.aktiv')}` : sql.ref('servicePlanungen.aktiv'), '=', true);
  }
  return base;
}

export async function listPlanungen(db: Db, dialect: Dialect, wer: Wer, query: ListQuery) {
  const res = await runList<ServicePlanung>(planungScope(db, dialect, wer, query), planungSpec, query, dialect);
  return { ...res, result: res.result.map(planungOut) };
}

/** The planning list as a CSV download (lib/list-export.ts): the same scope, filter, search and order as the list. */
export function exportPlanungen(db: Db, dialect: Dialect, wer: Wer, query: ListExportQuery, reply: FastifyReply) {
  return sendListExport(reply, query, { base: planungScope(db, dialect, wer, query), spec: planungSpec, dialect, name: 'Serviceplanung' });
}

export async function planungLesen(db: Db, id: number): Promise<ServicePlanung> {
  const row = await planungBase(db).where('servicePlanungen.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Planung');
  return planungOut(row as Record<string, unknown>);
}

export async function planungenDesAuftrags(db: Db, auftragId: number) {
  const rows = await planungBase(db).where('servicePlanungen.serviceAuftragId', '=', auftragId).orderBy('servicePlanungen.beginnDatum').execute();
  return rows.map((r) => planungOut(r as Record<string, unknown>));
}

/** The week calendar: planning items overlapping [von, bis] (Berlin days given as dates; items by their UTC times). */
export async function planungenImZeitraum(db: Db, wer: Wer, vonIso: string, bisIso: string, technikerId?: number) {
  let qb = planungBase(db)
    .where('servicePlanungen.beginnDatum', '<', bisIso)
    .where('servicePlanungen.endeDatum', '>=', vonIso)
    // a cancelled task takes no time in anyone's week (issue 20 item 7)
    .where(sql<boolean>`coalesce(${sql.raw(PLANUNG_JOIN.auftragsstatus)}, '') <> ${AUFTRAGSSTATUS.storniert}`);
  // the technician's week: their visits, also the finished ones (completed, phone-completed), not the rejected ones
  if (!wer.alle) qb = qb.where('servicePlanungen.technikerId', '=', wer.technikerId ?? -1).where('servicePlanungen.abgelehntDatum', 'is', null);
  else if (technikerId) qb = qb.where('servicePlanungen.technikerId', '=', technikerId);
  const rows = await qb.orderBy('servicePlanungen.beginnDatum').orderBy('servicePlanungen.id').limit(2000).execute();
  return rows.map((r) => planungOut(r as Record<string, unknown>));
}

// ---------------------------------------------------------------- tasks

const AUFTRAG_JOIN = {
  adresseName: sub('adressen', 'name1', q('serviceAuftraege', 'adresseId')),
  technikerName: sub('techniker', 'bezeichnung', q('serviceAuftraege', 'technikerId')),
};
const auftragFields = fieldTypes(serviceAuftrag);
const auftragSpec: ListSpec = {
  table: 'serviceAuftraege',
  fields: auftragFields,
  expressions: AUFTRAG_JOIN,
  defaultOrder: ['-id'],
  search: (eb, term, d) => eb.or(['auftragsnummer', 'bezeichnung', 'titel', 'extReferenz'].map((c) => containsExpr(eb.ref(`serviceAuftraege.${c}`), term, d))),
};
const AUFTRAG_COLS = Object.keys(auftragFields).filter((f) => !(f in AUFTRAG_JOIN));

function auftragBase(db: Db) {
  return (
    db
      .selectFrom('serviceAuftraege')
      // biome-ignore lint/suspicious/noExplicitAny: columns named by the contract
      .select(AUFTRAG_COLS.map((c) => `serviceAuftraege.${c}`) as any)
      .select(sql.raw<string | null>(AUFTRAG_JOIN.adresseName).as('adresseName'))
      .select(sql.raw<string | null>(AUFTRAG_JOIN.technikerName).as('technikerName'))
  );
}

export async function listAuftraege(db: Db, dialect: Dialect, wer: Wer, query: ListQuery) {
  let base = auftragBase(db);
  if (!wer.alle) base = base.where('serviceAuftraege.technikerId', '=', wer.technikerId ?? -1);
  const res = await runList<ServiceAuftrag>(base, auftragSpec, query, dialect);
  return { ...res, result: res.result.map((r) => auftragOut(r as Record<string, unknown>)) };
}

export async function auftragLesen(db: Db, id: number): Promise<ServiceAuftrag> {
  const row = await auftragBase(db).where('serviceAuftraege.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Serviceauftrag');
  return auftragOut(row as Record<string, unknown>);
}

// ---------------------------------------------------------------- material lines

const MATERIAL_JOIN = {
  artikelnummer: q('artikel', 'artikelnummer'),
  artikelbezeichnung: q('artikel', 'bezeichnung'),
  auftragsnummer: q('serviceAuftraege', 'auftragsnummer'),
  auftragsAdresse: q('adressen', 'name1'),
  standortPlz: q('serviceAuftraege', 'standortPlz'),
  standortOrt: q('serviceAuftraege', 'standortOrt'),
  technikerId: q('serviceAuftraege', 'technikerId'),
  istSeriennummernArtikel: q('artikel', 'istSeriennummernArtikel'),
  istChargenArtikel: q('artikel', 'istChargenArtikel'),
};
const materialFields = fieldTypes(serviceMaterial);
const materialSpec: ListSpec = {
  table: 'serviceMaterial',
  fields: materialFields,
  expressions: MATERIAL_JOIN,
  scales: Object.assign(Object.create(null), Object.fromEntries(MENGEN.map((m) => [m, qty3.scale]))),
  defaultOrder: ['id'],
};
/** The quantities are thousandths: exported as the list shows them (2,5 — not 2,500). */
const MATERIAL_CODECS = Object.fromEntries(MENGEN.map((m) => [m, qty3]));
const MATERIAL_COLS = [...Object.keys(materialFields).filter((f) => !(f in MATERIAL_JOIN)), 'empfangBezeichnung', 'empfangPlz', 'empfangOrt', 'empfangStrasse'];

function materialBase(db: Db) {
  let qb = db
    .selectFrom('serviceMaterial')
    .innerJoin('serviceAuftraege', 'serviceAuftraege.id', 'serviceMaterial.serviceAuftragId')
    .innerJoin('artikel', 'artikel.id', 'serviceMaterial.artikelId')
    .leftJoin('adressen', 'adressen.id', 'serviceAuftraege.adresseId')
    // biome-ignore lint/suspicious/noExplicitAny: columns named by the contract
    .select(MATERIAL_COLS.map((c) => `serviceMaterial.${c}`) as any);
  for (const [k, expr] of Object.entries(MATERIAL_JOIN)) qb = qb.select(sql.raw(expr).as(k));
  return qb;
}

function materialScope(db: Db, wer: Wer) {
  const base = materialBase(db);
  return wer.alle ? base : base.where('serviceAuftraege.technikerId', '=', wer.technikerId ?? -1);
}

export async function listMaterial(db: Db, dialect: Dialect, wer: Wer, query: ListQuery) {
  const res = await runList<Record<string, unknown>>(materialScope(db, wer), materialSpec, query, dialect);
  return { ...res, result: res.result.map(materialOut) };
}

/** The material lines as a CSV download: the same scope, filter, search and order as the list, quantities in German. */
export function exportMaterial(db: Db, dialect: Dialect, wer: Wer, query: ListExportQuery, reply: FastifyReply) {
  return sendListExport(reply, query, { base: materialScope(db, wer), spec: materialSpec, dialect, codecs: MATERIAL_CODECS, name: 'Material' });
}

export async function materialLesen(db: Db, id: number): Promise<ServiceMaterial> {
  const row = await materialBase(db).where('serviceMaterial.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Materialzeile');
  return materialOut(row as Record<string, unknown>);
}

export async function materialDesAuftrags(db: Db, auftragId: number) {
  const rows = await materialBase(db).where('serviceMaterial.serviceAuftragId', '=', auftragId).orderBy('serviceMaterial.id').execute();
  return rows.map((r) => materialOut(r as Record<string, unknown>));
}

// ---------------------------------------------------------------- the rest of a task

/** Additional work with its type's typ. */
const mehraufwandBase = (db: Db) =>
  db
    .selectFrom('serviceMehraufwaende')
    .innerJoin('serviceMehraufwandsarten', 'serviceMehraufwandsarten.id', 'serviceMehraufwaende.mehraufwandArtId')
    .selectAll('serviceMehraufwaende')
    .select('serviceMehraufwandsarten.typ');

export async function mehraufwaendeDesAuftrags(db: Db, auftragId: number) {
  const rows = await mehraufwandBase(db).where('serviceMehraufwaende.serviceAuftragId', '=', auftragId).orderBy('serviceMehraufwaende.id').execute();
  return rows.map(mehraufwandOut);
}

export async function mehraufwandLesen(db: Db, id: number) {
  return mehraufwandOut(await mehraufwandBase(db).where('serviceMehraufwaende.id', '=', id).executeTakeFirstOrThrow());
}

export async function auftragDetail(db: Db, id: number) {
  const auftrag = await auftragLesen(db, id);
  const [asset, adresse, planungen, material, buchungen, mehraufwaende, zeiten, schritte, korrekturen, sig] = await Promise.all([
    auftrag.assetId
      ? db
          .selectFrom('assets')
          .select(['id', 'assetnummer', 'bezeichnung', 'seriennummer', 'standortName', 'standortStrasse', 'standortPlz', 'standortOrt'])
          .where('id', '=', auftrag.assetId)
          .executeTakeFirst()
      : undefined,
    auftrag.adresseId
      ? db.selectFrom('adressen').select(['id', 'name1', 'strasse', 'plz', 'ort']).where('id', '=', auftrag.adresseId).executeTakeFirst()
      : undefined,
    planungenDesAuftrags(db, id),
    materialDesAuftrags(db, id),
    db.selectFrom('serviceMaterialBuchungen').selectAll().where('serviceAuftragId', '=', id).orderBy('id').execute(),
    mehraufwaendeDesAuftrags(db, id),
    db.selectFrom('serviceZeiten').selectAll().where('serviceAuftragId', '=', id).orderBy('id').execute(),
    db
      .selectFrom('serviceSchritte')
      .leftJoin('benutzer', 'benutzer.id', 'serviceSchritte.benutzerId')
      .selectAll('serviceSchritte')
      .select('benutzer.name as benutzerName')
      .where('serviceSchritte.serviceAuftragId', '=', id)
      .orderBy('serviceSchritte.id')
      .execute(),
    db
      .selectFrom('serviceAnkunftKorrekturen')
      .leftJoin('benutzer', 'benutzer.id', 'serviceAnkunftKorrekturen.benutzerId')
      .select([
        'serviceAnkunftKorrekturen.id',
        'serviceAnkunftKorrekturen.planungId',
        'serviceAnkunftKorrekturen.alt',
        'serviceAnkunftKorrekturen.neu',
        'serviceAnkunftKorrekturen.grund',
        'serviceAnkunftKorrekturen.benutzerId',
        'serviceAnkunftKorrekturen.geaendertAm',
        'benutzer.name as benutzerName',
      ])
      .where('serviceAnkunftKorrekturen.serviceAuftragId', '=', id)
      .orderBy('serviceAnkunftKorrekturen.id')
      .execute(),
    db.selectFrom('serviceAuftraege').select('unterschriftDaten').where('id', '=', id).executeTakeFirst(),
  ]);
  return {
    ...auftrag,
    asset: asset ?? null,
    adresse: adresse ?? null,
    planungen,
    material,
    materialbuchungen: buchungen.map(buchungOut),
    mehraufwaende,
    zeiten: zeiten.map(zeitOut),
    schritte: schritte.map(schrittOut),
    ankunftKorrekturen: korrekturen,
    hatUnterschrift: Boolean(sig?.unterschriftDaten),
  };
}
