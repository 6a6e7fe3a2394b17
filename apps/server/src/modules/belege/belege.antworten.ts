import { API_PREFIX, type Beleg, type BelegPosition, type belegHistorieZeile, belegtypVon, type PreisHerkunft } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { prepared } from '../../db/prepared';
import { tagUndZeitVon } from '../../lib/berlin-time';
import { money2, percent2 } from '../../lib/codecs';
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
const nettoJeSatz = prepared((db: Db, belegId: number) =>
  db
    .selectFrom('belegPositionen')
    .select(['mwstSatz'])
    .select((eb) => eb.fn.sum<number>('gesamtpreis').as('netto'))
    .where('belegId', '=', belegId)
    .where('positionsArt', '<>', 'T')
    .groupBy('mwstSatz'),
);

/** The head in its API shape for the actor: `rohertrag` only with ART_EK, `bearbeitbar` for the actor. */
export async function belegAntwort(trx: Db, actor: Actor, idOrKopf: number | KopfRow): Promise<Beleg> {
  const kopf = typeof idOrKopf === 'number' ? await loadKopf(trx, idOrKopf) : idOrKopf;
  const [benutzer, saetze, mitEk, bearbeitbar, bezug, verwerfen] = await Promise.all([
    kopf.benutzerId === null ? null : kuerzelVon(trx, kopf.benutzerId).then((rows) => rows[0]),
    nettoJeSatz(trx, kopf.id),
    may(trx, actor, 'ART_EK'),
    istBearbeitbar(trx, actor, kopf),
    kopf.stornoVonId || kopf.storniertAm ? stornoBezug(trx, kopf) : null,
    verwerfenAblehnung(trx, actor, kopf),
  ]);
  // freight is taxed at the main rate (belege.summen.ts): the rate with the largest line net
  let hauptsatz = STANDARD_MWST;
  let groesste: number | null = null;
  for (const s of saetze) {
    const n = Number(s.netto);
    if (groesste === null || n > groesste || (n === groesste && s.mwstSatz > hauptsatz)) {
      groesste = n;
      hauptsatz = s.mwstSatz;
    }
  }
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
    benutzer: benutzer?.kuerzel ?? null,
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
