import type { ArtikelAuswahl, artikelAuswahlQuery } from '@vario/contract';
import type { z } from 'zod';
import { money4, percent2, qty3 } from '../../lib/codecs';
import type { Actor } from '../../lib/locks';
import { type Ctx, listRecords } from '../../lib/resource';
import { artikelResource } from '../artikel/artikel.resource';
import { bestaendeJeArtikel, ruecklaufLager } from '../lager/lager.service';
import { loadKopf } from './belege.core';
import { bestimmePreis, ladePreisDatenFuer } from './belege.preise';

/** Hits per page unless the query asks for fewer. */
const SEITE = 20;

/**
 * The article picker of a document's positions (issue 20 item 3): one page of the article quick search (the products
 * list's own search: not blocked, by number), each hit with its unit, the price a line of it would get on this
 * document (`bestimmePreis` for the document's address and date, for `menge`, default 1) and its stock per warehouse
 * (without the technicians' DOA and faulty-parts stores). A page costs a fixed number of queries whatever its size:
 * the search, the articles' price fields, five for the prices, one for the stock and one for the excluded stores.
 */
export async function artikelAuswahl(ctx: Ctx, actor: Actor, belegId: number, q: z.output<typeof artikelAuswahlQuery>) {
  const kopf = await loadKopf(ctx.db, belegId);
  const limit = q.limit ?? SEITE;
  const seite = await listRecords(
    ctx,
    artikelResource,
    { filter: 'gesperrt=false', search: q.search?.trim() || undefined, orderBy: 'artikelnummer', limit, offset: q.offset },
    actor,
  );
  const ids = seite.result.map((a) => a.id as number);
  if (!ids.length) return { result: [] as ArtikelAuswahl[], hasMoreData: false };
  const [zeilen, bestaende, ausgeschlossen] = await Promise.all([
    ctx.db
      .selectFrom('artikel')
      .select(['id', 'artikelnummer', 'bezeichnung', 'artikelart', 'mengeneinheit', 'vknetto', 'ek', 'staffel'])
      .where('id', 'in', ids)
      .execute(),
    bestaendeJeArtikel(ctx.db, ids),
    ruecklaufLager(ctx.db),
  ]);
  const artikel = new Map(zeilen.map((a) => [a.id, { ...a, vknetto: Number(a.vknetto), ek: a.ek === null ? null : Number(a.ek) }]));
  const preise = await ladePreisDatenFuer(ctx.db, kopf.adresseId, [...artikel.values()]);
  const menge = qty3.toDb(q.menge ?? 1);
  const result: ArtikelAuswahl[] = [];
  for (const id of ids) {
    const a = artikel.get(id);
    const daten = preise.get(id);
    if (!a || !daten) continue;
    const p = bestimmePreis(daten, menge, kopf.belegdatum);
    const lagerfuehrend = a.artikelart === '1';
    const je = lagerfuehrend ? (bestaende.get(id) ?? []).filter((b) => !ausgeschlossen.has(b.lagerId)) : [];
    result.push({
      id,
      artikelnummer: a.artikelnummer,
      bezeichnung: a.bezeichnung,
      artikelart: a.artikelart,
      mengeneinheit: a.mengeneinheit,
      vknetto: money4.fromDb(a.vknetto),
      einzelpreis: money4.fromDb(p.einzelpreis),
      rabatt1: percent2.fromDb(p.rabatt1),
      rabatt2: percent2.fromDb(p.rabatt2),
      endpreis: p.herkunft.ergebnis,
      preisRegel: p.herkunft.regel,
      preisText: p.herkunft.text,
      lagerfuehrend,
      verfuegbar: qty3.fromDb(je.reduce((s, b) => s + Math.max(0, b.verfuegbar), 0)),
      bestaende: je.map((b) => ({
        lagerId: b.lagerId,
        kurzbezeichnung: b.kurzbezeichnung,
        bezeichnung: b.bezeichnung,
        bestand: qty3.fromDb(b.bestand),
        verfuegbar: qty3.fromDb(b.verfuegbar),
      })),
    });
  }
  return { result, hasMoreData: seite.hasMoreData };
}
