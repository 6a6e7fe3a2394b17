import {
  DEAL_BOARD_KARTEN,
  DEAL_PHASEN,
  DEAL_STATUS,
  DEAL_SUMME_BELEGARTEN,
  type Deal,
  dealRechte,
  type ListQuery,
  NUTZUNGSPARAMETER,
  VERKAUF_BELEGART_LISTE,
} from '@vario/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import { heute } from '../../lib/berlin-time';
import { logChange } from '../../lib/change-log';
import { decode, encode, money2 } from '../../lib/codecs';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { applyConditions, invalidateCounts, parseFilter } from '../../lib/list-query';
import { type Actor, assertWritable } from '../../lib/locks';
import { type Ctx, getRecord, listRecords, listSpec } from '../../lib/resource';
import { may } from '../../lib/rights';
import { flag } from '../webapp/referenz.service';
import { dealsResource } from './deals.resource';

/** Deal rules beside the resource helpers (DEAL-009/010, DEAL-014, the board, won/lost, the next-contact reminder); every write takes the transaction first. */

const LOCK = 'DEALS';
/** The text that marks the reminder a deal keeps for its next contact (other reminders on the deal stay untouched). */
export const KONTAKT_BEMERKUNG = 'Nächster Kontakt';

/** The whole area answers 403 while the usage parameter deals is off (RIGHT-022/023). */
export async function requireDealsOn(ctx: Ctx, db?: Db) {
  const p = NUTZUNGSPARAMETER.deals;
  if (!flag(await ctx.parameter(p.name, db), p.vorgabe)) throw forbidden(p.name);
}

interface DealKopf {
  id: number;
  status: number;
  phase: number;
  adresseId: number;
  titel: string;
  naechsterKontakt: string | null;
  zustaendigerBenutzer: number | null;
}

/** The deal's head in the write's transaction, row-locked on PostgreSQL (parallel writes of one deal queue up). */
export async function loadDeal(trx: Db, ctx: Ctx, id: number): Promise<DealKopf> {
  let q = trx.selectFrom('deals').select(['id', 'status', 'phase', 'adresseId', 'titel', 'naechsterKontakt', 'zustaendigerBenutzer']).where('id', '=', id);
  if (ctx.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Deal');
  return row;
}

/** DEAL-009/010: the right to change the deal in its status. */
export async function requireEditRight(trx: Db, actor: Actor, status: number) {
  const recht = dealRechte(status).aendern;
  if (!(await may(trx, actor, recht))) throw forbidden(recht);
}

/** DEAL-010: a won or lost deal is never deleted; documents or activities keep a deal (409). */
export async function beforeDealDelete(trx: Db, before: Record<string, unknown>) {
  const id = before.id as number;
  if (dealRechte(before.status as number).loeschen === null) throw conflict('Ein gewonnener oder verlorener Deal kann nicht gelöscht werden');
  const beleg = await trx.selectFrom('belege').select('belegnummer').where('dealId', '=', id).limit(1).executeTakeFirst();
  if (beleg) throw conflict(`Dem Deal sind Belege zugeordnet (${beleg.belegnummer}); er kann nicht gelöscht werden`);
  const akt = await trx.selectFrom('aktivitaeten').select('id').where('dealId', '=', id).limit(1).executeTakeFirst();
  if (akt) throw conflict('Der Deal hat Aktivitäten; er kann nicht gelöscht werden');
  await trx.deleteFrom('erinnerungen').where('tabelle', '=', LOCK).where('tabelleId', '=', id).execute();
}

/**
 * The next-contact reminder of a deal: one reminder (tabelle DEALS, tabelleId = deal) for the responsible user at
 * `naechsterKontakt` — created, moved (date, user, title) or, without a date or user, removed; in the caller's transaction.
 */
export async function syncKontaktErinnerung(trx: Db, actor: Actor, dealId: number) {
  const d = await trx.selectFrom('deals').select(['titel', 'naechsterKontakt', 'zustaendigerBenutzer']).where('id', '=', dealId).executeTakeFirstOrThrow();
  const mine = await trx
    .selectFrom('erinnerungen')
    .select(['id', 'benutzerId', 'erinnerungDatum', 'bemerkung'])
    .where('tabelle', '=', LOCK)
    .where('tabelleId', '=', dealId)
    .where('bemerkung', 'like', `${KONTAKT_BEMERKUNG}%`)
    .orderBy('id')
    .execute();
  const [keep, ...extra] = mine;
  if (extra.length)
    await trx
      .deleteFrom('erinnerungen')
      .where(
        'id',
        'in',
        extra.map((e) => e.id),
      )
      .execute();
  if (!d.naechsterKontakt || !d.zustaendigerBenutzer) {
    if (keep) await trx.deleteFrom('erinnerungen').where('id', '=', keep.id).execute();
    return;
  }
  const bemerkung = `${KONTAKT_BEMERKUNG}: ${d.titel}`.slice(0, 2000);
  const values = { benutzerId: d.zustaendigerBenutzer, erinnerungDatum: d.naechsterKontakt, bemerkung };
  if (!keep) {
    await trx
      .insertInto('erinnerungen')
      .values({ ...values, tabelle: LOCK, tabelleId: dealId, erstelltVon: actor.id })
      .execute();
  } else if (keep.benutzerId !== values.benutzerId || keep.erinnerungDatum !== values.erinnerungDatum || keep.bemerkung !== bemerkung) {
    await trx.updateTable('erinnerungen').set(values).where('id', '=', keep.id).execute();
  }
}

/** Whether a write touched what the reminder follows. */
export const touchesKontakt = (data: Record<string, unknown>) => ['naechsterKontakt', 'zustaendigerBenutzer', 'titel'].some((k) => data[k] !== undefined);

async function changed(trx: Db, actor: Actor, id: number, felder: string[], bemerkung?: string) {
  await logChange(trx, { tabelle: LOCK, datensatzId: id, aktion: 'AENDERN', benutzerId: actor.id, felder, bemerkung });
  invalidateCounts('deals', trx);
}

/** Board move (keyboard or mouse): an open deal only (409 otherwise), as one conditional statement. */
export async function moveDealPhase(trx: Db, ctx: Ctx, actor: Actor, id: number, phase: number, lockToken?: string): Promise<Deal> {
  const d = await loadDeal(trx, ctx, id);
  await assertWritable(trx, actor, LOCK, id, lockToken);
  const res = await trx
    .updateTable('deals')
    .set({ phase, geaendertAm: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', DEAL_STATUS.offen)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw conflict('Nur ein offener Deal wechselt die Phase', { phase: ['Der Deal ist nicht mehr offen'] });
  if (d.phase !== phase) await changed(trx, actor, id, ['phase']);
  return getRecord(trx, dealsResource, id, actor) as Promise<Deal>;
}

/** The reached sum winning proposes: booked, not cancelled documents of the first type of DEAL_SUMME_BELEGARTEN the deal has. */
export async function gewinnVorschlag(db: Db, id: number) {
  const rows = await db
    .selectFrom('belege')
    .select(['belegart', (eb) => eb.fn.sum<number>('endbetragNetto').as('summe')])
    .where('dealId', '=', id)
    .where('gebuchtAm', 'is not', null)
    .where('storniertAm', 'is', null)
    .where('belegart', 'in', [...DEAL_SUMME_BELEGARTEN])
    .groupBy('belegart')
    .execute();
  const art = DEAL_SUMME_BELEGARTEN.find((a) => rows.some((r) => r.belegart === a)) ?? null;
  const cents = Number(rows.find((r) => r.belegart === art)?.summe ?? 0);
  return { datum: heute(), summe: decode(money2, cents), belegart: art };
}

async function closeDeal(trx: Db, ctx: Ctx, actor: Actor, id: number, lockToken: string | undefined, set: Record<string, unknown>, felder: string[]) {
  const d = await loadDeal(trx, ctx, id);
  if (d.status !== DEAL_STATUS.offen) throw conflict('Der Deal ist bereits abgeschlossen', { status: ['Der Deal ist nicht mehr offen'] });
  await assertWritable(trx, actor, LOCK, id, lockToken);
  await trx
    .updateTable('deals')
    .set({ ...set, geaendertAm: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  await changed(trx, actor, id, felder);
  return getRecord(trx, dealsResource, id, actor) as Promise<Deal>;
}

/** Won: status 1, reached date (default today) and reached sum (default the booked documents' proposal). */
export async function winDeal(trx: Db, ctx: Ctx, actor: Actor, id: number, data: { datum?: string; summe?: number }, lockToken?: string) {
  const vorschlag = data.summe === undefined ? await gewinnVorschlag(trx, id) : null;
  const summe = data.summe ?? vorschlag?.summe ?? 0;
  const set = {
    status: DEAL_STATUS.gewonnen,
    investitionsdatumErreicht: data.datum ?? heute(),
    investitionssummeErreicht: encode(money2, summe),
    verlustgrund: null,
  };
  return closeDeal(trx, ctx, actor, id, lockToken, set, ['status', 'investitionsdatumErreicht', 'investitionssummeErreicht']);
}

/** Lost: status 2 with a reason of the configurable list (422 on grund otherwise). */
export async function loseDeal(trx: Db, ctx: Ctx, actor: Actor, id: number, grund: string, lockToken?: string) {
  const row = await trx.selectFrom('dealVerlustgruende').select('bezeichnung').where('bezeichnung', '=', grund).executeTakeFirst();
  if (!row) throw unprocessable('Bitte einen Grund aus der Liste wählen', { grund: ['Diesen Grund gibt es nicht'] });
  return closeDeal(trx, ctx, actor, id, lockToken, { status: DEAL_STATUS.verloren, verlustgrund: row.bezeichnung }, ['status', 'verlustgrund']);
}

const belegZeile = (r: {
  id: number;
  adresseId: number;
  belegart: string;
  belegstatus: number;
  belegnummer: string;
  endbetragNetto: number;
  belegdatum: string;
  gebuchtAm: string | null;
  storniertAm: string | null;
}) => ({
  id: r.id,
  adresseId: r.adresseId,
  belegart: r.belegart,
  belegstatus: r.belegstatus,
  belegnummer: r.belegnummer,
  endbetragNetto: decode(money2, r.endbetragNetto),
  belegdatum: r.belegdatum,
  gebucht: r.gebuchtAm !== null,
  storniert: r.storniertAm !== null,
});
const BELEG_SPALTEN = ['id', 'adresseId', 'belegart', 'belegstatus', 'belegnummer', 'endbetragNetto', 'belegdatum', 'gebuchtAm', 'storniertAm'] as const;

/** DEAL-005: the deal's documents, newest first. */
export async function dealBelege(db: Db, id: number) {
  if (!(await db.selectFrom('deals').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Deal');
  const rows = await db.selectFrom('belege').select(BELEG_SPALTEN).where('dealId', '=', id).orderBy('id', 'desc').limit(500).execute();
  return rows.map(belegZeile);
}

/** DEAL-014: a sales document of the deal's address joins the deal (422 on belegId otherwise), in one transaction. */
export async function assignBeleg(trx: Db, ctx: Ctx, actor: Actor, id: number, belegId: number, lockToken?: string) {
  const d = await loadDeal(trx, ctx, id);
  await requireEditRight(trx, actor, d.status);
  await assertWritable(trx, actor, LOCK, id, lockToken);
  const b = await trx.selectFrom('belege').select(BELEG_SPALTEN).select('dealId').where('id', '=', belegId).executeTakeFirst();
  if (!b || !VERKAUF_BELEGART_LISTE.some((a) => a.belegart === b.belegart)) {
    throw unprocessable('Diesen Verkaufsbeleg gibt es nicht', { belegId: ['Diesen Verkaufsbeleg gibt es nicht'] });
  }
  if (b.adresseId !== d.adresseId)
    throw unprocessable('Der Beleg gehört zu einer anderen Adresse als der Deal', { belegId: ['Der Beleg gehört zu einer anderen Adresse'] });
  if (b.dealId !== id) {
    await trx.updateTable('belege').set({ dealId: id }).where('id', '=', belegId).execute();
    await logChange(trx, { tabelle: 'BEK', datensatzId: belegId, aktion: 'AENDERN', benutzerId: actor.id, felder: ['dealId'] });
    await changed(trx, actor, id, [`beleg.${belegId}`]);
    invalidateCounts('belege', trx);
  }
  return belegZeile(b);
}

/**
 * The phase board (issue 22 item 4): per phase of the open, not archived deals (filtered and searched like the list)
 * the count, the planned sum and the sum weighted by chance — for the whole board the four rows the triggers of
 * migration 0032 keep, for a filtered or searched one a GROUP BY over a covering index (the weighting per deal in
 * integer cents, rounded half up, the same formula as the triggers) — and the first cards by next contact (those without one after, newest first).
 */
export async function dealBoard(ctx: Ctx, actor: Actor, q: Pick<ListQuery, 'filter' | 'search'> & { karten?: number }) {
  const spec = listSpec(dealsResource);
  const term = q.search?.trim();
  type Summen = { phase: number; anzahl: number | string; summe: number | string; gewichtet: number | string };
  let rows: Summen[];
  if (!term && !q.filter?.trim()) {
    // the whole board: the sums the triggers of migration 0032 keep in every deal write's transaction
    rows = await ctx.db.selectFrom('dealPhasenSummen').select(['phase', 'anzahl', 'summe', 'gewichtet']).execute();
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the resource's base query
    let base: any = applyConditions(dealsResource.query!(ctx.db), spec, parseFilter(q.filter, spec.fields, spec.scales), ctx.dialect);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    if (term) base = base.where((eb: any) => spec.search?.(eb, term, ctx.dialect) as Expression<SqlBool>);
    rows = (await base
      .where('deals.status', '=', DEAL_STATUS.offen)
      .where('deals.archived', '=', false)
      .select([
        'deals.phase as phase',
        sql<number>`count(*)`.as('anzahl'),
        sql<number>`coalesce(sum(coalesce("deals"."investitionssummeGeplant", 0)), 0)`.as('summe'),
        sql<number>`coalesce(sum((coalesce("deals"."investitionssummeGeplant", 0) * "deals"."chance" + 50) / 100), 0)`.as('gewichtet'),
      ])
      .groupBy('deals.phase')
      .execute()) as Summen[];
  }
  const n = q.karten ?? DEAL_BOARD_KARTEN;
  const extra = q.filter?.trim() ? `,${q.filter}` : '';
  const spalten = await Promise.all(
    DEAL_PHASEN.map(async (phase) => {
      const agg = rows.find((r) => Number(r.phase) === phase);
      const filter = `status=${DEAL_STATUS.offen},archived=false,phase=${phase}${extra}`;
      const mitTermin =
        n > 0
          ? await listRecords(ctx, dealsResource, { filter: `${filter},naechsterKontakt!null`, orderBy: 'naechsterKontakt,id', limit: n, search: term }, actor)
          : null;
      let karten = mitTermin?.result ?? [];
      let mehr = !!mitTermin?.hasMoreData;
      if (n > 0 && karten.length < n) {
        const ohne = await listRecords(
          ctx,
          dealsResource,
          { filter: `${filter},naechsterKontakt=null`, orderBy: '-id', limit: n - karten.length, search: term },
          actor,
        );
        karten = [...karten, ...ohne.result];
        mehr = ohne.hasMoreData;
      }
      const anzahl = Number(agg?.anzahl ?? 0);
      return {
        phase,
        anzahl,
        summeGeplant: decode(money2, Number(agg?.summe ?? 0)),
        summeGewichtet: decode(money2, Number(agg?.gewichtet ?? 0)),
        karten,
        mehr: mehr || (n === 0 && anzahl > 0),
      };
    }),
  );
  return { spalten };
}
