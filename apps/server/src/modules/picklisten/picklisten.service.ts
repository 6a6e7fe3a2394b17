import {
  BEWEGUNG_KOMMISSIONIERUNG,
  belegartVon,
  PICK_ENTSPERREN_RECHT,
  PICKLISTE_TABELLE,
  type PickBestaetigung,
  type Pickliste,
  type PicklisteMitArtikeln,
  type PicklisteWagen,
} from '@vario/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { dialectOf } from '../../db/schema-helpers';
import { logChange } from '../../lib/change-log';
import { nowIso } from '../../lib/clock';
import { qty3 } from '../../lib/codecs';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { formatMenge } from '../../lib/format-de';
import { type Actor, assertWritable, type LockSession, type LockTable, takeLock } from '../../lib/locks';
import { buche, sperreBestand, standardLager } from '../lager/lager.service';

/**
 * Digital picklists (PICK-001…011, issue 25 items 5–6): made from booked orders, opened under the record lock (PKL),
 * picked by scanning place and article; each confirmation moves stock through the journal (`buche`).
 */

/** The head query of the index and the detail: warehouse, order number, the live lock's holder and the line counts. */
function kopfQuery(db: Db) {
  const jetzt = nowIso();
  return db
    .selectFrom('picklisten as p')
    .innerJoin('lager as l', 'l.id', 'p.lagerId')
    .innerJoin('belege as b', 'b.id', 'p.belegId')
    .leftJoin('sperren as s', (j) => j.onRef('s.datensatzId', '=', 'p.id').on('s.tabelle', '=', PICKLISTE_TABELLE).on('s.gueltigBis', '>', jetzt))
    .leftJoin('benutzer as u', 'u.id', 's.benutzerId')
    .select((eb) => [
      'p.id as lfdNr',
      'p.wagenNr',
      'l.kurzbezeichnung as lagerNr',
      'p.lagerId',
      'l.lagerkreisId',
      'p.angelegtAm',
      'u.name as gesperrtVonBenutzer',
      's.erstelltAm as gesperrtSeit',
      'p.belegId',
      'b.belegnummer',
      'p.erledigtAm',
      eb.selectFrom('picklistenPositionen as pp').whereRef('pp.picklisteId', '=', 'p.id').select(eb.fn.countAll<number>().as('n')).as('positionen'),
      eb
        .selectFrom('picklistenPositionen as pp')
        .whereRef('pp.picklisteId', '=', 'p.id')
        .whereRef('pp.gepickt', '<', 'pp.menge')
        .select(eb.fn.countAll<number>().as('n'))
        .as('offenePositionen'),
    ]);
}
type KopfRow = Awaited<ReturnType<ReturnType<typeof kopfQuery>['executeTakeFirstOrThrow']>>;

const kopfOut = (r: KopfRow): Pickliste => ({
  ...r,
  belegnummer: r.belegnummer ?? '',
  gesperrtVonBenutzer: r.gesperrtVonBenutzer ?? null,
  gesperrtSeit: r.gesperrtSeit ?? null,
  positionen: Number(r.positionen ?? 0),
  offenePositionen: Number(r.offenePositionen ?? 0),
});

/** PICK-010: the open lists of a warehouse or of every warehouse of a storage region, oldest first. */
export async function picklisten(db: Db, q: { lagerId?: number; lagerkreisId?: number }): Promise<Pickliste[]> {
  if ((q.lagerId === undefined) === (q.lagerkreisId === undefined)) {
    const text = 'Bitte genau eines von lagerId oder lagerkreisId angeben';
    throw badRequest(text, { lagerId: [text], lagerkreisId: [text] });
  }
  let query = kopfQuery(db).where('p.erledigtAm', 'is', null);
  query = q.lagerId !== undefined ? query.where('p.lagerId', '=', q.lagerId) : query.where('l.lagerkreisId', '=', q.lagerkreisId as number);
  const rows = await query.orderBy('p.id').limit(1000).execute();
  return rows.map(kopfOut);
}

async function kopf(db: Db, lfdNr: number): Promise<Pickliste> {
  const r = await kopfQuery(db).where('p.id', '=', lfdNr).executeTakeFirst();
  if (!r) throw notFound('Pickliste');
  return kopfOut(r);
}

async function mitArtikeln(db: Db, lfdNr: number): Promise<PicklisteMitArtikeln> {
  const head = await kopf(db, lfdNr);
  const rows = await db
    .selectFrom('picklistenPositionen as pp')
    .innerJoin('artikel as a', 'a.id', 'pp.artikelId')
    .leftJoin('lagerplaetze as lp', 'lp.id', 'pp.lagerplatzId')
    .select([
      'pp.id',
      'pp.artikelId',
      'a.artikelnummer',
      'a.bezeichnung',
      'a.ean',
      'pp.lagerplatzId',
      'lp.location',
      'lp.kistennummer',
      'pp.menge',
      'pp.gepickt',
    ])
    .where('pp.picklisteId', '=', lfdNr)
    .orderBy('lp.location')
    .orderBy('a.artikelnummer')
    .orderBy('pp.id')
    .execute();
  return {
    ...head,
    artikel: rows.map((r) => {
      const menge = Number(r.menge);
      const gepickt = Number(r.gepickt);
      return {
        ...r,
        location: r.location ?? null,
        kistennummer: r.kistennummer ?? null,
        menge: qty3.fromDb(menge),
        gepickt: qty3.fromDb(gepickt),
        offen: qty3.fromDb(menge - gepickt),
        rueckstand: gepickt > 0 && gepickt < menge,
      };
    }),
  };
}

/** PICK-011: opening a list takes its record lock for the caller (another holder: 423 naming them). */
export async function oeffnen(db: Db, who: LockSession, lfdNr: number, lockTables: Readonly<Record<string, LockTable>>) {
  await kopf(db, lfdNr);
  await takeLock(db, who, PICKLISTE_TABELLE, lfdNr, async () => true, lockTables);
  return mitArtikeln(db, lfdNr);
}

/**
 * PICK-009/011 with unlock=1: releases the list's lock. Idempotent (an unlocked list answers unchanged); another user's
 * lock needs PICK_ENTSPERREN (403); the release is logged.
 */
export async function entsperren(trx: Db, who: Actor, lfdNr: number, may: (recht: string) => Promise<boolean>) {
  await kopf(trx, lfdNr);
  const lock = await trx
    .selectFrom('sperren')
    .select(['id', 'benutzerId', 'gueltigBis'])
    .where('tabelle', '=', PICKLISTE_TABELLE)
    .where('datensatzId', '=', lfdNr)
    .executeTakeFirst();
  if (lock && lock.gueltigBis > nowIso()) {
    if (lock.benutzerId !== who.id && !(await may(PICK_ENTSPERREN_RECHT))) throw forbidden(PICK_ENTSPERREN_RECHT);
    await trx.deleteFrom('sperren').where('id', '=', lock.id).execute();
    await logChange(trx, { tabelle: PICKLISTE_TABELLE, datensatzId: lfdNr, aktion: 'AENDERN', benutzerId: who.id, bemerkung: 'Pickliste entsperrt' });
  } else if (lock) {
    await trx.deleteFrom('sperren').where('id', '=', lock.id).execute();
  }
  return mitArtikeln(trx, lfdNr);
}

/**
 * Makes the picklists of a booked order: per warehouse a list, per article and storage place a line with the open
 * quantity (ordered less delivered). The place is the one holding most of the article in that warehouse, else its
 * first place; a warehouse without places has lines without one.
 */
export async function erzeugen(trx: Db, who: Actor, belegId: number): Promise<Pickliste[]> {
  const b = await trx.selectFrom('belege').select(['id', 'belegart', 'belegnummer', 'gebuchtAm', 'storniertAm']).where('id', '=', belegId).executeTakeFirst();
  if (!b) throw notFound('Beleg');
  if (!belegartVon(b.belegart)?.pickliste)
    throw conflict(`Aus ${b.belegnummer} werden keine Picklisten erstellt (nur aus Aufträgen)`, { belegId: ['Kein Auftrag'] });
  if (!b.gebuchtAm || b.storniertAm) throw conflict(`${b.belegnummer} ist nicht gebucht`, { belegId: ['Nur aus gebuchten Aufträgen'] });
  // serialises two calls for the same order (PostgreSQL); SQLite's writers are serial already
  if (dialectOf(trx) === 'postgres') await trx.selectFrom('belege').select('id').where('id', '=', belegId).forUpdate().execute();
  const vorhanden = await trx.selectFrom('picklisten').select('id').where('belegId', '=', belegId).executeTakeFirst();
  if (vorhanden) throw conflict(`Für ${b.belegnummer} gibt es bereits Picklisten`, { belegId: ['Picklisten bestehen bereits'] });
  const zeilen = await trx
    .selectFrom('belegPositionen as bp')
    .innerJoin('artikel as a', 'a.id', 'bp.artikelId')
    .select(['bp.artikelId', 'bp.lagId', 'bp.menge', 'bp.mengeGeliefert'])
    .where('bp.belegId', '=', belegId)
    .where('bp.positionsArt', '=', 'A')
    .where('a.artikelart', '=', '1')
    .execute();
  const offen = zeilen.filter((z) => Number(z.menge) - Number(z.mengeGeliefert) > 0);
  if (!offen.length) throw unprocessable(`${b.belegnummer} hat nichts zu kommissionieren`, { belegId: ['Keine offenen Lagerartikel'] });
  const standard = offen.some((z) => !z.lagId) ? await standardLager(trx) : 0;
  if (standard === null) throw unprocessable('Es ist kein Lager angelegt');
  const jeLager = new Map<number, Map<number, number>>();
  for (const z of offen) {
    const lagerId = z.lagId ?? (standard as number);
    const m = jeLager.get(lagerId) ?? new Map<number, number>();
    m.set(z.artikelId as number, (m.get(z.artikelId as number) ?? 0) + Number(z.menge) - Number(z.mengeGeliefert));
    jeLager.set(lagerId, m);
  }
  const jetzt = nowIso();
  const ids: number[] = [];
  for (const [lagerId, artikel] of [...jeLager].sort((x, y) => x[0] - y[0])) {
    const lager = await trx.selectFrom('lager').select(['id', 'hatLagerplaetze']).where('id', '=', lagerId).executeTakeFirstOrThrow();
    const { id } = await trx.insertInto('picklisten').values({ belegId, lagerId, wagenNr: null, angelegtAm: jetzt }).returning('id').executeTakeFirstOrThrow();
    ids.push(id);
    for (const [artikelId, menge] of artikel) {
      const lagerplatzId = lager.hatLagerplaetze ? await platzFuer(trx, artikelId, lagerId) : null;
      await trx.insertInto('picklistenPositionen').values({ picklisteId: id, artikelId, lagerplatzId, menge }).execute();
    }
    await logChange(trx, { tabelle: PICKLISTE_TABELLE, datensatzId: id, aktion: 'NEU', benutzerId: who.id, bemerkung: `Aus ${b.belegnummer}` });
  }
  return Promise.all(ids.map((id) => kopf(trx, id)));
}

async function platzFuer(trx: Db, artikelId: number, lagerId: number): Promise<number | null> {
  const best = await trx
    .selectFrom('lagerplatzBestaende as lpb')
    .innerJoin('lagerplaetze as lp', 'lp.id', 'lpb.lagerplatzId')
    .select('lp.id')
    .where('lpb.artikelId', '=', artikelId)
    .where('lp.lagerId', '=', lagerId)
    .where('lpb.bestand', '>', 0)
    .orderBy('lpb.bestand', 'desc')
    .orderBy('lp.location')
    .executeTakeFirst();
  if (best) return best.id;
  const first = await trx.selectFrom('lagerplaetze').select('id').where('lagerId', '=', lagerId).orderBy('location').executeTakeFirst();
  return first?.id ?? null;
}

const gleich = (a: string | null | undefined, b: string) => !!a && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Confirms a pick in the caller's transaction: the caller holds the list's lock; the scanned place and article are the
 * line's; the quantity is at most what is open. The line, the confirmation row and the stock issue are written together.
 */
/** The list the caller holds open (423 while another user holds it, 409 when nobody does). */
async function gehalteneListe(trx: Db, who: Actor, lfdNr: number) {
  const liste = await trx.selectFrom('picklisten').select(['id', 'belegId', 'lagerId', 'erledigtAm', 'wagenNr']).where('id', '=', lfdNr).executeTakeFirst();
  if (!liste) throw notFound('Pickliste');
  await assertWritable(trx, who, PICKLISTE_TABELLE, liste.id);
  const eigene = await trx
    .selectFrom('sperren')
    .select('id')
    .where('tabelle', '=', PICKLISTE_TABELLE)
    .where('datensatzId', '=', liste.id)
    .where('benutzerId', '=', who.id)
    .where('gueltigBis', '>', nowIso())
    .executeTakeFirst();
  if (!eigene) throw conflict('Bitte die Pickliste zuerst öffnen');
  return liste;
}

/** Sets or clears the picking cart of a list the caller holds open; the change is logged. */
export async function wagenSetzen(trx: Db, who: Actor, d: PicklisteWagen): Promise<PicklisteMitArtikeln> {
  const liste = await gehalteneListe(trx, who, d.lfdNr);
  if (liste.erledigtAm) throw conflict('Die Pickliste ist bereits erledigt');
  if (liste.wagenNr !== d.wagenNr) {
    await trx.updateTable('picklisten').set({ wagenNr: d.wagenNr }).where('id', '=', liste.id).execute();
    const bemerkung = d.wagenNr ? `Wagen ${d.wagenNr}` : 'Wagen entfernt';
    await logChange(trx, { tabelle: PICKLISTE_TABELLE, datensatzId: liste.id, aktion: 'AENDERN', benutzerId: who.id, bemerkung });
  }
  return mitArtikeln(trx, liste.id);
}

export async function bestaetigen(trx: Db, who: Actor, d: PickBestaetigung): Promise<PicklisteMitArtikeln> {
  const liste = await gehalteneListe(trx, who, d.lfdNr);
  const pos0 = await trx
    .selectFrom('picklistenPositionen')
    .select(['id', 'artikelId'])
    .where('id', '=', d.positionId)
    .where('picklisteId', '=', liste.id)
    .executeTakeFirst();
  if (!pos0) throw notFound('Picklistenposition');
  // the article's stock lock first (the same order as every booking), then the line: parallel confirmations queue here
  await sperreBestand(trx, [pos0.artikelId]);
  let q = trx
    .selectFrom('picklistenPositionen as pp')
    .innerJoin('artikel as a', 'a.id', 'pp.artikelId')
    .leftJoin('lagerplaetze as lp', 'lp.id', 'pp.lagerplatzId')
    .select(['pp.id', 'pp.artikelId', 'pp.lagerplatzId', 'pp.menge', 'pp.gepickt', 'a.artikelnummer', 'a.ean', 'lp.location'])
    .where('pp.id', '=', pos0.id);
  if (dialectOf(trx) === 'postgres') q = q.forUpdate('pp');
  const pos = await q.executeTakeFirstOrThrow();
  if (pos.location && !gleich(pos.location, d.lagerplatz ?? '')) {
    const text = `Falscher Lagerplatz: erwartet ${pos.location}`;
    throw unprocessable(text, { lagerplatz: [text] });
  }
  if (!gleich(pos.artikelnummer, d.artikel) && !gleich(pos.ean, d.artikel)) {
    const text = `Falscher Artikel: erwartet ${pos.artikelnummer}`;
    throw unprocessable(text, { artikel: [text] });
  }
  const menge = qty3.toDb(d.menge);
  const offen = Number(pos.menge) - Number(pos.gepickt);
  if (menge > offen) {
    const text = `Mehr als offen: offen sind ${formatMenge(offen)}`;
    throw unprocessable(text, { menge: [text] });
  }
  const [bewegungId] = await buche(trx, [
    {
      artikelId: pos.artikelId,
      lagerId: liste.lagerId,
      lagerplatzId: pos.lagerplatzId,
      feld: 'bestand',
      menge: -menge,
      art: BEWEGUNG_KOMMISSIONIERUNG,
      text: `Pickliste ${liste.id}`,
      belegId: liste.belegId,
      benutzerId: who.id,
    },
  ]);
  const jetzt = nowIso();
  await trx
    .updateTable('picklistenPositionen')
    .set((eb) => ({ gepickt: eb('gepickt', '+', menge) }))
    .where('id', '=', pos.id)
    .execute();
  await trx
    .insertInto('pickBestaetigungen')
    .values({ positionId: pos.id, menge, benutzerId: who.id, lagerbewegungId: bewegungId as number, zeitpunkt: jetzt })
    .execute();
  const rest = await trx
    .selectFrom('picklistenPositionen')
    .select('id')
    .where('picklisteId', '=', liste.id)
    .where(sql<boolean>`gepickt < menge`)
    .executeTakeFirst();
  if (!rest && !liste.erledigtAm) await trx.updateTable('picklisten').set({ erledigtAm: jetzt }).where('id', '=', liste.id).execute();
  return mitArtikeln(trx, liste.id);
}
