import { API_PREFIX, type Beleg, type BelegPosition, type belegHistorieZeile, belegtypVon, type PreisHerkunft } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import { tagUndZeitVon } from '../../lib/berlin-time';
import { money2, percent2 } from '../../lib/codecs';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import { gross } from '../../lib/money';
import { may } from '../../lib/rights';
import {
  istBearbeitbar,
  type KopfRow,
  kopfCodecs,
  loadBeleg,
  loadKopf,
  type PositionRow,
  positionCodecs,
  stornoBezug,
  verwerfenAblehnung,
} from './belege.core';
import { HISTORY_CODES } from './belege.history';
import { istTextzeile, STANDARD_MWST } from './belege.summen';

/** Row → answer mappings of the documents (issue 18 §6): head, positions and history in their API shapes. */

type MwstGespeichert = { satz: number; netto: number; mwst: number }[];

const kuerzelVon = prepared((db: Db, id: number) => db.selectFrom('benutzer').select('kuerzel').where('id', '=', id));

/**
 * Freight is taxed at the main rate (belege.summen.ts): the rate with the largest line net, of equal nets the higher
 * rate; the standard rate for a document without article lines.
 */
const hauptsatzVon = prepared((db: Db, belegId: number) =>
  db
    .selectFrom('belegPositionen')
    .select('mwstSatz')
    .where('belegId', '=', belegId)
    .where('positionsArt', '<>', 'T')
    .groupBy('mwstSatz')
    .orderBy((eb) => eb.fn.sum('gesamtpreis'), 'desc')
    .orderBy('mwstSatz', 'desc')
    .limit(1),
);

/** The head with its maker's short name and its main rate (hauptsatzVon) in one statement: what a read of one document needs. */
const kopfMitKuerzelUndSatz = prepared((db: Db, id: number) =>
  db
    .selectFrom('belege')
    .selectAll('belege')
    .select((eb) => [
      eb.selectFrom('benutzer').select('kuerzel').whereRef('benutzer.id', '=', 'belege.benutzerId').as('__kuerzel'),
      eb
        .selectFrom('belegPositionen')
        .select('mwstSatz')
        .whereRef('belegPositionen.belegId', '=', 'belege.id')
        .where('positionsArt', '<>', 'T')
        .groupBy('mwstSatz')
        .orderBy((sub) => sub.fn.sum('belegPositionen.gesamtpreis'), 'desc')
        .orderBy('mwstSatz', 'desc')
        .limit(1)
        .as('__hauptsatz'),
    ])
    .where('belege.id', '=', id),
);

/** The head in its API shape for the actor: `rohertrag` only with ART_EK, `bearbeitbar` for the actor. */
export async function belegAntwort(trx: Db, actor: Actor, idOrKopf: number | KopfRow): Promise<Beleg> {
  let kopf: KopfRow;
  let kuerzel: Promise<string | null>;
  let satz: Promise<number | null>;
  if (typeof idOrKopf === 'number') {
    const [row] = await kopfMitKuerzelUndSatz(trx, idOrKopf);
    if (!row) throw notFound('Beleg');
    const { __kuerzel, __hauptsatz, suche: _s, ...k } = row as typeof row & { __kuerzel: string | null; __hauptsatz: number | null; suche?: unknown };
    kopf = k as KopfRow;
    kuerzel = Promise.resolve(__kuerzel ?? null);
    satz = Promise.resolve(__hauptsatz ?? null);
  } else {
    kopf = idOrKopf;
    const benutzerId = kopf.benutzerId;
    kuerzel = benutzerId === null ? Promise.resolve(null) : kuerzelVon(trx, benutzerId).then((rows) => rows[0]?.kuerzel ?? null);
    satz = hauptsatzVon(trx, kopf.id).then((rows) => rows[0]?.mwstSatz ?? null);
  }
  const [benutzer, gefunden, mitEk, bearbeitbar, bezug, verwerfen] = await Promise.all([
    kuerzel,
    satz,
    may(trx, actor, 'ART_EK'),
    istBearbeitbar(trx, actor, kopf),
    kopf.stornoVonId || kopf.storniertAm ? stornoBezug(trx, kopf) : null,
    verwerfenAblehnung(trx, actor, kopf),
  ]);
  const hauptsatz = gefunden ?? STANDARD_MWST;
  const { suche: _s, ...rest } = kopf as KopfRow & { suche?: unknown };
  const d = kopfCodecs.decodeRow(rest);
  const aufteilung = (kopf.mwstAufteilung ? JSON.parse(kopf.mwstAufteilung) : []) as MwstGespeichert;
  const out: Beleg = {
    ...(d as unknown as Omit<Beleg, 'belegtyp' | 'mwstAufteilung' | 'frachtkostenBrutto' | 'benutzer' | 'bearbeitbar' | 'verwerfbar'>),
    freigabe: !!kopf.freigabe,
    fixtermin: !!kopf.fixtermin,
    belegtyp: belegtypVon(kopf.belegart),
    mwstAufteilung: aufteilung.map((a) => ({ satz: percent2.fromDb(a.satz), netto: money2.fromDb(a.netto), mwst: money2.fromDb(a.mwst) })),
    frachtkostenBrutto: money2.fromDb(gross(kopf.frachtkosten, hauptsatz)),
    benutzer,
    bearbeitbar,
    verwerfbar: verwerfen === null,
    stornoBezug: bezug,
  };
  if (!mitEk) delete out.rohertrag;
  return out;
}

/** A position in its API shape: text lines answer null for quantity and prices; `ek` only when `mitEk`. */
export function positionAntwort(p: PositionRow, mitEk: boolean): BelegPosition {
  const d = positionCodecs.decodeRow(p) as unknown as Record<string, unknown>;
  const text = istTextzeile(p);
  const out = {
    ...d,
    positionsArt: text ? 'T' : 'A',
    preisManuell: !!p.preisManuell,
    preisHerkunft: p.preisHerkunft ? (JSON.parse(p.preisHerkunft) as PreisHerkunft) : null,
    ...(text
      ? {
          menge: null,
          einzelpreis: null,
          rabatt1: null,
          rabatt2: null,
          teuerungszuschlag: null,
          eilzuschlag: null,
          endpreis: null,
          gesamtpreis: null,
          ek: null,
        }
      : {}),
  } as BelegPosition;
  if (!mitEk) delete out.ek;
  return out;
}

export async function positionenAntwort(trx: Db, actor: Actor, belegId: number): Promise<BelegPosition[]> {
  const { positionen } = await loadBeleg(trx, belegId);
  const mitEk = await may(trx, actor, 'ART_EK');
  return positionen.map((p) => positionAntwort(p, mitEk));
}

/** The history rows of a document, newest first; date and time in German local time. */
export async function historieAntwort(trx: Db, belegId: number): Promise<z.input<typeof belegHistorieZeile>[]> {
  await loadKopf(trx, belegId);
  const rows = await trx
    .selectFrom('belegStatushistorie as h')
    .leftJoin('benutzer as u', 'u.id', 'h.benutzerId')
    .select(['h.id', 'h.art', 'h.text', 'h.belegstatus', 'h.benutzerId', 'h.zeitpunkt', 'u.kuerzel'])
    .where('h.belegId', '=', belegId)
    .orderBy('h.zeitpunkt', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return rows.map((r) => {
    const { tag: datum, zeit: uhrzeit } = tagUndZeitVon(r.zeitpunkt);
    return {
      id: r.id,
      art: r.art,
      artText: (HISTORY_CODES as Record<string, string>)[r.art] ?? r.art,
      text: r.text,
      belegstatus: r.belegstatus,
      benutzerId: r.benutzerId,
      benutzer: r.kuerzel ?? null,
      datum,
      uhrzeit,
      zeitpunkt: r.zeitpunkt,
    };
  });
}

export const belegLocation = (id: number) => `${API_PREFIX}/verkauf/belege/${id}`;
