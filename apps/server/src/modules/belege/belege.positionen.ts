import type { positionAenderung, positionNeu } from '@vario/contract';
import type { z } from 'zod';
import type { Db } from '../../db/index';
import { logChange } from '../../lib/change-log';
import { money2, money4, percent2, qty3 } from '../../lib/codecs';
import { badRequest, type FieldErrors, notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/locks';
import { kundenTexte, ladeArtikel, preisFuer, pruefeEkRecht, pruefeLager } from './belege.artikel';
import { assertEditable, type KopfRow, LOCK, loadKopf, type PositionRow, positionCodecs, recalcTotals, rechne } from './belege.core';
import { addHistory } from './belege.history';
import { vorgabeLager } from './belege.lager';
import { manuellerPreis } from './belege.preise';
import { istTextzeile, zeilenWerte } from './belege.summen';

/**
 * Positions of a document (issue 11 item 2): add, change, delete, reorder — each in a changeable state only
 * (`assertEditable`), with the price determined (belege.preise.ts) and the totals recomputed (belege.core.ts).
 */

type PositionNeu = z.output<typeof positionNeu>;
type PositionAenderung = z.output<typeof positionAenderung>;

/** Positions numbered 10, 20, 30 … in the given order (only changed numbers are written). */
async function nummeriere(trx: Db, ids: number[], aktuell: Map<number, number>) {
  for (const [i, id] of ids.entries()) {
    const nr = (i + 1) * 10;
    if (aktuell.get(id) !== nr) await trx.updateTable('belegPositionen').set({ position: nr }).where('id', '=', id).execute();
  }
}

async function beruehrt(trx: Db, actor: Actor, kopf: KopfRow, text: string, remark?: string) {
  await addHistory(trx, kopf.id, 'G', text, actor);
  await logChange(trx, { tabelle: LOCK, datensatzId: kopf.id, aktion: 'AENDERN', benutzerId: actor.id, bemerkung: remark, felder: ['positionen'] });
}

export interface PositionOptionen {
  lockToken?: string;
  remark?: string;
  /** Skip the editable check (a transform or the seed filling a document it just made). */
  ohnePruefung?: boolean;
  quellePositionId?: number | null;
}

/**
 * Adds a position: an article line (by artikelId or artikelnummer; price determined with its explanation unless
 * einzelpreis is given) or a text line (T: title and description; quantity and prices blanked). Answers the new
 * position; the head's totals are recomputed.
 */
export async function addPosition(trx: Db, actor: Actor, belegId: number, data: PositionNeu, opts: PositionOptionen = {}): Promise<PositionRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const vorhanden = await trx
    .selectFrom('belegPositionen')
    .select(['id', 'position'])
    .where('belegId', '=', belegId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const ende = (vorhanden.at(-1)?.position ?? 0) + 10;
  let werte: Omit<PositionRow, 'id' | 'belegId' | 'position' | 'mengeGeliefert' | 'mengeUebernommen' | 'quellePositionId'>;
  if ((data.positionsArt ?? 'A') === 'T') {
    werte = {
      positionsArt: 'T',
      artikelId: null,
      artikelnummer: null,
      bezeichnung: (data.bezeichnung ?? '').trim(),
      beschreibung: data.beschreibung ?? null,
      menge: 0,
      mengeneinheit: null,
      einzelpreis: 0,
      rabatt1: 0,
      rabatt2: 0,
      teuerungszuschlag: 0,
      eilzuschlag: 0,
      endpreis: 0,
      mwstSatz: 0,
      gesamtpreis: 0,
      ek: null,
      gewicht: null,
      lagId: null,
      lagerNr: null,
      preisManuell: false,
      preisHerkunft: null,
    };
  } else {
    await pruefeEkRecht(trx, actor, data.ek);
    const artikel = await ladeArtikel(trx, data);
    const menge = qty3.toDb(data.menge ?? 1);
    // a warehouse not given is chosen (user's default, else where the article is available); null stays null
    const lager =
      data.lagId !== undefined
        ? { lagId: data.lagId, lagerNr: await pruefeLager(trx, data.lagId) }
        : await vorgabeLager(trx, actor, kopf.belegart, artikel, menge);
    const preis = await preisFuer(trx, kopf, artikel, menge, data.einzelpreis);
    const texte = await kundenTexte(trx, kopf.adresseId, artikel);
    const zeile = {
      positionsArt: 'A',
      artikelId: artikel.id,
      artikelnummer: artikel.artikelnummer,
      bezeichnung: data.bezeichnung?.trim() || texte.bezeichnung,
      beschreibung: data.beschreibung !== undefined ? data.beschreibung : texte.beschreibung,
      menge,
      mengeneinheit: data.mengeneinheit !== undefined ? data.mengeneinheit : artikel.mengeneinheit,
      einzelpreis: preis.einzelpreis,
      rabatt1: data.rabatt1 !== undefined ? percent2.toDb(data.rabatt1) : preis.rabatt1,
      rabatt2: data.rabatt2 !== undefined ? percent2.toDb(data.rabatt2) : preis.rabatt2,
      teuerungszuschlag: percent2.toDb(data.teuerungszuschlag ?? 0),
      eilzuschlag: money2.toDb(data.eilzuschlag ?? 0),
      mwstSatz: data.mwstSatz !== undefined ? percent2.toDb(data.mwstSatz) : artikel.mwstsatz,
      ek: data.ek !== undefined ? (data.ek === null ? null : money4.toDb(data.ek)) : artikel.ek,
      // grams per unit (a fraction of a gram is rounded: weights are not money)
      gewicht: artikel.gewicht === null ? null : Math.round(artikel.gewicht),
      lagId: lager?.lagId ?? null,
      lagerNr: data.lagerNr !== undefined ? data.lagerNr : (lager?.lagerNr ?? null),
      preisManuell: preis.manuell,
      preisHerkunft: JSON.stringify(preis.herkunft),
    };
    werte = { ...zeile, ...rechne(() => zeilenWerte(zeile)) };
  }
  const { id } = await trx
    .insertInto('belegPositionen')
    .values({ ...werte, belegId, position: ende, quellePositionId: opts.quellePositionId ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (data.position !== undefined) {
    // insert before the position with that number (or at the end when there is none)
    const ids = vorhanden.map((v) => v.id);
    const at = vorhanden.findIndex((v) => v.position >= (data.position as number));
    ids.splice(at < 0 ? ids.length : at, 0, id);
    await nummeriere(trx, ids, new Map([...vorhanden.map((v) => [v.id, v.position] as [number, number]), [id, ende]]));
  }
  if (data.ek !== undefined && werte.positionsArt !== 'T') await addHistory(trx, belegId, 'H', `Einkaufspreis von ${werte.bezeichnung} manuell gesetzt`, actor);
  await beruehrt(trx, actor, kopf, `Position hinzugefügt: ${werte.bezeichnung}`, opts.remark);
  await recalcTotals(trx, belegId);
  return loadPosition(trx, belegId, id);
}

export async function loadPosition(trx: Db, belegId: number, positionId: number): Promise<PositionRow> {
  const p = await trx.selectFrom('belegPositionen').selectAll().where('id', '=', positionId).where('belegId', '=', belegId).executeTakeFirst();
  if (!p) throw notFound('Position');
  return p;
}

/**
 * Changes a position. Text lines take title and description only. For an article line a new article or quantity
 * determines the price again unless it was entered by hand; `einzelpreis` sets a manual price, `preisNeuErmitteln`
 * drops it. Discounts given are kept; otherwise a new determination sets them.
 */
export async function updatePosition(
  trx: Db,
  actor: Actor,
  belegId: number,
  positionId: number,
  data: PositionAenderung,
  opts: PositionOptionen = {},
): Promise<PositionRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const p = await loadPosition(trx, belegId, positionId);
  let neu: Partial<PositionRow>;
  if (istTextzeile(p)) {
    const errors: FieldErrors = {};
    if (data.bezeichnung !== undefined && !data.bezeichnung.trim()) errors.bezeichnung = ['Bitte einen Titel eingeben'];
    if (Object.keys(errors).length) throw badRequest('Bitte die Eingaben prüfen!', errors);
    neu = {
      ...(data.bezeichnung !== undefined ? { bezeichnung: data.bezeichnung.trim() } : {}),
      ...(data.beschreibung !== undefined ? { beschreibung: data.beschreibung } : {}),
    };
  } else {
    await pruefeEkRecht(trx, actor, data.ek);
    if (data.bezeichnung !== undefined && !data.bezeichnung.trim())
      throw badRequest('Bitte die Eingaben prüfen!', { bezeichnung: ['Bitte eine Bezeichnung eingeben'] });
    const artikelNeu = data.artikelId !== undefined || data.artikelnummer !== undefined;
    // a line taken over from a previous document keeps its article and quantity (the source counts them as adopted)
    if (p.quellePositionId !== null && (artikelNeu || (data.menge !== undefined && qty3.toDb(data.menge) !== p.menge))) {
      throw unprocessable(
        `Position ${p.position} wurde aus einem Vorgängerbeleg übernommen: Artikel und Menge bleiben; für weniger Menge bitte teilweise übernehmen`,
        {
          [artikelNeu ? 'artikelnummer' : 'menge']: ['Übernommene Position: nicht änderbar'],
        },
      );
    }
    const artikel = artikelNeu
      ? await ladeArtikel(trx, data)
      : p.artikelId !== null
        ? await ladeArtikel(trx, { artikelId: p.artikelId }).catch(() => null)
        : null;
    const menge = data.menge !== undefined ? qty3.toDb(data.menge) : p.menge;
    const lagerNr = data.lagId !== undefined ? await pruefeLager(trx, data.lagId) : undefined;
    neu = {};
    if (artikel && artikelNeu && data.lagId === undefined) {
      // another article: its warehouse is chosen again, as for a new line
      const lager = await vorgabeLager(trx, actor, kopf.belegart, artikel, menge);
      Object.assign(neu, { lagId: lager?.lagId ?? null, lagerNr: lager?.lagerNr ?? null });
    }
    if (artikel && artikelNeu) {
      const texte = await kundenTexte(trx, kopf.adresseId, artikel);
      Object.assign(neu, {
        artikelId: artikel.id,
        artikelnummer: artikel.artikelnummer,
        bezeichnung: texte.bezeichnung,
        beschreibung: texte.beschreibung,
        mengeneinheit: artikel.mengeneinheit,
        mwstSatz: artikel.mwstsatz,
        ek: artikel.ek,
        gewicht: artikel.gewicht === null ? null : Math.round(artikel.gewicht),
      });
    }
    const ermitteln = data.einzelpreis === undefined && (data.preisNeuErmitteln || ((artikelNeu || menge !== p.menge) && !p.preisManuell));
    if (data.einzelpreis !== undefined && artikel) {
      const pr = await preisFuer(trx, kopf, artikel, menge, data.einzelpreis);
      Object.assign(neu, { einzelpreis: pr.einzelpreis, preisManuell: true, preisHerkunft: JSON.stringify(pr.herkunft) });
    } else if (data.einzelpreis !== undefined) {
      const einzelpreis = money4.toDb(data.einzelpreis);
      Object.assign(neu, { einzelpreis, preisManuell: true, preisHerkunft: JSON.stringify(manuellerPreis(einzelpreis, menge, kopf.belegdatum, null)) });
    } else if (ermitteln && artikel) {
      const pr = await preisFuer(trx, kopf, artikel, menge, undefined);
      Object.assign(neu, {
        einzelpreis: pr.einzelpreis,
        rabatt1: pr.rabatt1,
        rabatt2: pr.rabatt2,
        preisManuell: false,
        preisHerkunft: JSON.stringify(pr.herkunft),
      });
    }
    const d = positionCodecs.encodeRow(
      Object.fromEntries(
        Object.entries({
          bezeichnung: data.bezeichnung?.trim(),
          beschreibung: data.beschreibung,
          menge: data.menge,
          mengeneinheit: data.mengeneinheit,
          rabatt1: data.rabatt1,
          rabatt2: data.rabatt2,
          teuerungszuschlag: data.teuerungszuschlag,
          eilzuschlag: data.eilzuschlag,
          mwstSatz: data.mwstSatz,
          ek: data.ek,
          lagId: data.lagId,
        }).filter(([, v]) => v !== undefined),
      ),
    ) as Partial<PositionRow>;
    Object.assign(neu, d);
    if (lagerNr !== undefined && data.lagerNr === undefined) neu.lagerNr = lagerNr;
    if (data.lagerNr !== undefined) neu.lagerNr = data.lagerNr;
    Object.assign(
      neu,
      rechne(() => zeilenWerte({ ...p, ...neu } as PositionRow)),
    );
  }
  const geaendert = Object.keys(neu).filter((k) => JSON.stringify(neu[k as keyof PositionRow]) !== JSON.stringify(p[k as keyof PositionRow]));
  if (geaendert.length) {
    await trx
      .updateTable('belegPositionen')
      .set(Object.fromEntries(geaendert.map((k) => [k, neu[k as keyof PositionRow]])))
      .where('id', '=', positionId)
      .execute();
    if (geaendert.includes('ek') && data.ek !== undefined)
      await addHistory(trx, belegId, 'H', `Einkaufspreis von Position ${p.position} manuell geändert`, actor);
    await beruehrt(trx, actor, kopf, `Position ${p.position} geändert: ${geaendert.filter((k) => k !== 'preisHerkunft').join(', ')}`, opts.remark);
    await recalcTotals(trx, belegId);
  }
  return loadPosition(trx, belegId, positionId);
}

/** Deletes a position; the others are numbered again and the totals recomputed. */
export async function deletePosition(trx: Db, actor: Actor, belegId: number, positionId: number, opts: PositionOptionen = {}): Promise<KopfRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const p = await loadPosition(trx, belegId, positionId);
  if (p.quellePositionId !== null && !istTextzeile(p)) {
    throw unprocessable(`Position ${p.position} wurde aus einem Vorgängerbeleg übernommen; bitte den Beleg löschen oder stornieren`);
  }
  await trx.updateTable('belegPositionen').set({ quellePositionId: null }).where('quellePositionId', '=', positionId).execute();
  await trx.deleteFrom('belegPositionen').where('id', '=', positionId).execute();
  const rest = await trx.selectFrom('belegPositionen').select(['id', 'position']).where('belegId', '=', belegId).orderBy('position').orderBy('id').execute();
  await nummeriere(
    trx,
    rest.map((r) => r.id),
    new Map(rest.map((r) => [r.id, r.position])),
  );
  await beruehrt(trx, actor, kopf, `Position ${p.position} gelöscht: ${p.bezeichnung}`, opts.remark);
  return recalcTotals(trx, belegId);
}

/** New order of the positions: exactly every position id of the document (400 otherwise); numbered 10, 20, 30 … */
export async function reorderPositions(trx: Db, actor: Actor, belegId: number, positionIds: number[], opts: PositionOptionen = {}): Promise<KopfRow> {
  const kopf = await loadKopf(trx, belegId, true);
  if (!opts.ohnePruefung) await assertEditable(trx, actor, kopf, opts.lockToken);
  const rows = await trx.selectFrom('belegPositionen').select(['id', 'position']).where('belegId', '=', belegId).execute();
  const ids = new Set(rows.map((r) => r.id));
  if (positionIds.length !== ids.size || new Set(positionIds).size !== positionIds.length || positionIds.some((i) => !ids.has(i))) {
    throw badRequest('Die Reihenfolge muss jede Position des Belegs genau einmal nennen', { positionIds: ['Jede Position des Belegs genau einmal angeben'] });
  }
  await nummeriere(trx, positionIds, new Map(rows.map((r) => [r.id, r.position])));
  await beruehrt(trx, actor, kopf, 'Positionen neu geordnet');
  return recalcTotals(trx, belegId);
}
