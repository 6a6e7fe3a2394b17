import { BELEGARTEN, type Belegart, belegartVon, DEAL_BELEGARTEN } from '@vario/contract';
import type { Insertable } from 'kysely';
import { inTransaction } from '../db/index';
import { qty3 } from '../lib/codecs';
import { summenSpalten } from '../modules/belege/belege.core';
import { druckeBeleg, pruefeUnterschrift, setzeUnterschrift } from '../modules/belege/belege.dokumente.service';
import { addPosition } from '../modules/belege/belege.positionen';
import { bestimmePreis } from '../modules/belege/belege.preise';
import { createBeleg } from '../modules/belege/belege.service';
import { belegSummen, zeilenWerte } from '../modules/belege/belege.summen';
import type { BelegPositionTable } from '../modules/belege/belege.tables';
import { BELEGSTATUS, bucheBeleg, DEAL_PARAMETER, storniereBeleg, type TransitionActor } from '../modules/belege/belege.transitions';
import { wandleBelegUm } from '../modules/belege/belege.umwandeln';
import { claimNumber } from '../modules/system/nummernkreise.service';
import type { SeedContext, Seeder } from './context';
import { png } from './png';

/**
 * Demo sales documents (issue 11 item 7), made THROUGH the document services users call: offers, orders, delivery
 * notes, invoices and credit notes in chains (createBeleg/addPosition, then bucheBeleg/wandleBelegUm/storniereBeleg),
 * so that stock equals the sum of its movements (delivery notes book through the stock journal), every booked
 * invoice has its open item (the open-item service in the same transaction) and every total comes from the server's
 * price determination and totals. Some offers are printed through the PDF part's print service (status 2, PDF hash) and
 * some delivery notes carry a signature on receipt (its signature service).
 *
 * Scale: the number of documents is the seed scale (1k → about 1,000; `SEED_SCALE=1m` → 1,000,000). Up to
 * SERVICE_DOCS of them are made through the services (about 5 ms each); the rest — only at 100k and above — is a bulk
 * load of older offers and orders, because a million documents through the services would take hours. The bulk part
 * keeps the invariants by construction: offers and orders have no stock or open-item effect, so no movement or open
 * item is missing; their line and document totals are computed by the same functions the service uses
 * (belege.summen `zeilenWerte`/`belegSummen`, on lib/money.ts); their numbers are drawn as one block from each type's
 * number range (which then continues after it); each gets its history row A.
 */
const SERVICE_DOCS = 4000;
const { angebot: ANGEBOT, auftrag: AUFTRAG, lieferschein: LIEFERSCHEIN, rechnung: RECHNUNG, gutschrift: GUTSCHRIFT } = BELEGARTEN;
/** Who signed a delivery on receipt. */
const EMPFAENGER = ['M. Wagner', 'S. Becker', 'J. Hoffmann', 'K. Schulz', 'A. Krüger'];
/** Chain kinds (see the loop) of the first chains: full chain, credit note, cancelled invoice, cancelled delivery note, partial delivery, printed offer, offer with deal, open order … */
const FIRST_KINDS = [10, 6, 9, 8, 7, 0, 3, 4, 11, 5, 12, 1, 13, 14, 2, 15, 16, 17, 18, 19];
/** Documents per bulk chunk (one transaction each). */
const CHUNK = 400;

const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

export const belegeSeeder: Seeder = {
  name: 'belege',
  table: 'belege',
  demoOnly: true,
  async run(ctx: SeedContext) {
    const { db, scale } = ctx;
    const benutzer = await db.selectFrom('benutzer').select(['id', 'name', 'istAdmin', 'anmeldename']).orderBy('id').execute();
    const admin = benutzer.find((b) => b.istAdmin) ?? benutzer[0];
    if (!admin) return;
    const buero = benutzer.find((b) => b.anmeldename === 'buero') ?? admin;
    const actorOf = (b: { id: number; name: string; istAdmin: boolean }): TransitionActor => ({ id: b.id, name: b.name, istAdmin: b.istAdmin });
    const actors = [actorOf(admin), actorOf(buero)];

    const kunden = await db.selectFrom('adressen').select('id').where('istKunde', '=', true).where('gesperrt', '=', false).orderBy('id').limit(600).execute();
    if (!kunden.length) return;
    const ausgang = (await db.selectFrom('lagerkreise').select('ausgangLagerId').where('istHauptlagerkreis', '=', true).executeTakeFirst())?.ausgangLagerId;
    // articles the demo sells: stock articles with stock in the outgoing warehouse (delivery notes ship from there), and services
    const lagernd = ausgang
      ? await db
          .selectFrom('bestaende')
          .innerJoin('artikel', 'artikel.id', 'bestaende.artikelId')
          .select(['artikel.id', 'bestaende.bestand'])
          .where('bestaende.lagerId', '=', ausgang)
          .where('bestaende.bestand', '>', 0)
          .where('artikel.gesperrt', '=', false)
          .where('artikel.artikelart', '=', '1')
          .orderBy('artikel.id')
          .limit(400)
          .execute()
      : [];
    const dienste = await db.selectFrom('artikel').select('id').where('artikelart', '=', '3').where('gesperrt', '=', false).orderBy('id').limit(20).execute();
    const pool = [...lagernd.map((a) => a.id), ...dienste.map((a) => a.id)];
    if (!pool.length) return;
    /** What is left in the outgoing warehouse per article (thousandths), so a demo delivery note is only booked when it can ship. */
    const rest = new Map(lagernd.map((a) => [a.id, Number(a.bestand)]));
    const istLager = (id: number) => rest.has(id);

    const dealParameter = (await db.selectFrom('systemParameter').select('wert').where('name', '=', DEAL_PARAMETER).executeTakeFirst())?.wert ?? null;
    // a hand-drawn looking signature (dark stroke on white), checked like an uploaded one
    const unterschrift = png(360, 120, (x, y) => {
      const linie = 60 + 28 * Math.sin(x / 23) * Math.cos(x / 71) - (x > 250 ? (x - 250) / 6 : 0);
      return Math.abs(y - linie) < 2.2 && x > 20 && x < 340 ? [20, 30, 90] : [255, 255, 255];
    });
    await pruefeUnterschrift(unterschrift);
    const heute = new Date();
    const start = new Date(Date.UTC(heute.getUTCFullYear() - 2, 0, 5));
    const tage = Math.max(1, Math.floor((heute.getTime() - start.getTime()) / 86_400_000) - 10);
    const ziel = Math.min(Math.max(scale, 60), SERVICE_DOCS);
    let made = 0;
    let chain = 0;

    while (made < ziel) {
      const i = chain++;
      // the first customers each get a chain (the address screens' turnover, backorders and history have data), then at random
      const kunde = kunden[i < kunden.length ? i : rnd(i, kunden.length, 1)] as { id: number };
      const actor = actors[rnd(i, actors.length, 2)] as TransitionActor;
      const datum = addDays(start, rnd(i, tage, 3));
      const zeit = (d: Date) => `${iso(d)}T${String(8 + rnd(i, 9, 4)).padStart(2, '0')}:${String(rnd(i, 60, 5)).padStart(2, '0')}:00.000Z`;
      // the first chains show every kind once (a small demo has them all), then they follow a fixed mix
      const kind = i < FIRST_KINDS.length ? (FIRST_KINDS[i] as number) : rnd(i, 20, 6);
      made += await inTransaction(db, async (trx) => {
        let n = 0;
        const neu = async (art: Belegart, tag: Date) => {
          const belegart = art.belegart;
          const b = await createBeleg(trx, actor, { belegart, adresseId: kunde.id, belegdatum: iso(tag), betreff: `Bestellung ${kunde.id}-${i + 1}` });
          n++;
          const zeilen = 1 + rnd(i, 5, 7);
          for (let p = 0; p < zeilen; p++) {
            const artikelId = pool[rnd(i * 13 + p, pool.length, 8)] as number;
            const menge = 1 + rnd(i * 17 + p, istLager(artikelId) ? 4 : 12, 9);
            // the demo's stock lines ship from the outgoing warehouse, where their stock is counted (`rest`)
            await addPosition(trx, actor, b.id, { artikelId, menge, ...(istLager(artikelId) && ausgang ? { lagId: ausgang } : {}) });
          }
          return b.id;
        };
        const buche = (id: number, tag: Date, dealAnlegen = false) => bucheBeleg(trx, actor, id, { zeitpunkt: zeit(tag), dealAnlegen, dealParameter });
        const wandle = async (id: number, nach: Belegart, tag: Date, positionen?: { positionId: number; menge: number }[]) => {
          const r = await wandleBelegUm(trx, actor, id, nach.belegart, { belegdatum: iso(tag), ...(positionen ? { positionen } : {}) });
          n++;
          return r.id;
        };
        /** A delivery note is booked only when the outgoing warehouse holds its quantities (else it stays open: a backorder). */
        const lieferbar = async (id: number) => {
          const pos = await trx.selectFrom('belegPositionen').select(['artikelId', 'menge', 'lagId']).where('belegId', '=', id).execute();
          const need = new Map<number, number>();
          for (const p of pos) if (p.artikelId && p.lagId && p.lagId !== ausgang) return false;
          for (const p of pos) if (p.artikelId && istLager(p.artikelId)) need.set(p.artikelId, (need.get(p.artikelId) ?? 0) + Number(p.menge));
          for (const [a, m] of need) if ((rest.get(a) ?? 0) < m) return false;
          for (const [a, m] of need) rest.set(a, (rest.get(a) ?? 0) - m);
          return true;
        };

        if (kind < 3) {
          // an open offer, some printed
          const an = await neu(ANGEBOT, datum);
          if (kind === 0) await druckeBeleg(trx, actor, an);
          return n;
        }
        if (kind === 3) {
          // an offer booked with a deal
          const an = await neu(ANGEBOT, datum);
          await buche(an, datum, true);
          return n;
        }
        if (kind === 4 || kind === 5) {
          // an open order (status 1 or booked): a backorder of the address
          const au = await neu(AUFTRAG, datum);
          if (kind === 5) await buche(au, datum);
          return n;
        }
        // the chain offer → order → delivery note(s) → invoice
        const an = await neu(ANGEBOT, addDays(datum, -7));
        await buche(an, addDays(datum, -7));
        const au = await wandle(an, AUFTRAG, datum);
        await buche(au, datum);
        if (kind === 6) {
          // a credit note on an order
          const gu = await wandle(au, GUTSCHRIFT, addDays(datum, 20));
          await buche(gu, addDays(datum, 20));
          return n;
        }
        let lieferPositionen: { positionId: number; menge: number }[] | undefined;
        if (kind === 7) {
          // partly delivered: the first line half (at least one piece)
          const p = await trx
            .selectFrom('belegPositionen')
            .select(['id', 'menge'])
            .where('belegId', '=', au)
            .where('positionsArt', '!=', 'T')
            .orderBy('position')
            .executeTakeFirst();
          if (p) lieferPositionen = [{ positionId: p.id, menge: Math.max(1, Math.floor(qty3.fromDb(Number(p.menge)) / 2)) }];
        }
        const ls = await wandle(au, LIEFERSCHEIN, addDays(datum, 5), lieferPositionen);
        if (!(await lieferbar(ls))) return n;
        await buche(ls, addDays(datum, 5));
        // some deliveries were signed on receipt (the signature shows on the delivery note's PDF)
        if (i % 4 === 0) await setzeUnterschrift(trx, actor, ls, unterschrift, EMPFAENGER[i % EMPFAENGER.length] as string);
        if (kind === 8) {
          // a delivery note cancelled: its stock comes back
          await storniereBeleg(trx, actor, ls, { zeitpunkt: zeit(addDays(datum, 6)) });
          for (const p of await trx.selectFrom('belegPositionen').select(['artikelId', 'menge']).where('belegId', '=', ls).execute())
            if (p.artikelId && istLager(p.artikelId)) rest.set(p.artikelId, (rest.get(p.artikelId) ?? 0) + Number(p.menge));
          return n;
        }
        if (kind === 7) return n;
        const re = await wandle(ls, RECHNUNG, addDays(datum, 7));
        if (addDays(datum, 7) > heute) return n;
        await buche(re, addDays(datum, 7));
        if (kind === 9) {
          // an invoice cancelled: its open item goes
          await storniereBeleg(trx, actor, re, { zeitpunkt: zeit(addDays(datum, 9)) });
        }
        return n;
      });
      ctx.progress('Belege', Math.min(made, ziel), ziel);
    }

    // the rest up to the scale exactly (1m → 1,000,000 documents)
    if (scale > made) await bulk(ctx, scale - made, kunden, admin, start, tage);
  },
};

/**
 * The bulk part above SERVICE_DOCS (see the module comment): older offers and orders with 1–3 lines each, totals from
 * belege.summen, numbers as one block per type from the number ranges.
 */
async function bulk(ctx: SeedContext, anzahl: number, kunden: { id: number }[], admin: { id: number }, start: Date, tage: number) {
  const { db } = ctx;
  const artikel = await db
    .selectFrom('artikel')
    .select(['id', 'artikelnummer', 'bezeichnung', 'vknetto', 'mwstsatz', 'mengeneinheit', 'ek'])
    .where('gesperrt', '=', false)
    .where('artikelart', 'in', ['1', '3'])
    .orderBy('id')
    .limit(500)
    .execute();
  const adressen = await db
    .selectFrom('adressen')
    .select(['id', 'name1'])
    .where(
      'id',
      'in',
      kunden.map((k) => k.id),
    )
    .execute();
  const name = new Map(adressen.map((a) => [a.id, a.name1]));
  // the kinds a user creates (offers and orders): no stock or open-item effect, so the bulk load keeps every invariant
  const arten = DEAL_BELEGARTEN;
  const range = (art: string) => (belegartVon(art) as Belegart).nummernkreis.name;
  const praefix = new Map<string, string>();
  // one block of numbers per type, drawn in one transaction: the ranges continue after it
  const block = new Map<string, number>();
  await inTransaction(db, async (trx) => {
    for (const art of arten) {
      const row = await trx.selectFrom('nummernkreise').select(['naechste', 'praefix']).where('name', '=', range(art)).executeTakeFirstOrThrow();
      praefix.set(range(art), row.praefix);
      const first = Number(row.naechste);
      const count = Math.ceil(anzahl / arten.length);
      await claimNumber(trx, range(art), first + count - 1);
      block.set(art, first);
    }
  });
  for (let from = 0; from < anzahl; from += CHUNK) {
    await inTransaction(db, async (trx) => {
      const heads = [];
      const lines: Omit<Insertable<BelegPositionTable>, 'belegId'>[][] = [];
      for (let i = from; i < Math.min(anzahl, from + CHUNK); i++) {
        const art = arten[i % arten.length] as string;
        const nr = (block.get(art) as number) + Math.floor(i / arten.length);
        const datum = addDays(start, rnd(i, tage, 31));
        const kunde = kunden[rnd(i, kunden.length, 32)] as { id: number };
        const zeilen = Array.from({ length: 1 + rnd(i, 3, 33) }, (_, p) => {
          const a = artikel[rnd(i * 7 + p, artikel.length, 34)] as (typeof artikel)[number];
          const menge = qty3.toDb(1 + rnd(i * 11 + p, 20, 35));
          // the base price with its explanation, as the price determination gives it for an address without customer prices
          const preis = bestimmePreis(
            {
              artikel: { id: a.id, artikelnummer: a.artikelnummer, vknetto: Number(a.vknetto ?? 0), ek: a.ek, staffel: null },
              kundenpreis: null,
              preisgruppe: null,
              gruppenStaffeln: [],
            },
            menge,
            iso(datum),
          );
          const z = {
            positionsArt: 'A',
            menge,
            einzelpreis: preis.einzelpreis,
            rabatt1: preis.rabatt1,
            rabatt2: preis.rabatt2,
            teuerungszuschlag: 0,
            eilzuschlag: 0,
            mwstSatz: Number(a.mwstsatz ?? 1900),
            ek: a.ek === null ? null : Number(a.ek),
            gewicht: null,
          };
          return {
            ...z,
            ...zeilenWerte(z),
            position: (p + 1) * 10,
            artikelId: a.id,
            artikelnummer: a.artikelnummer,
            bezeichnung: a.bezeichnung,
            mengeneinheit: a.mengeneinheit,
            preisHerkunft: JSON.stringify(preis.herkunft),
          };
        });
        const s = belegSummen(
          { frachtkosten: 0, nachnahme: 0, versicherung: 0, rabatt1Prozent: null, rabatt1Betrag: null, rabatt2Prozent: null, rabatt2Betrag: null },
          zeilen,
        );
        const status = rnd(i, 3, 37) === 0 ? BELEGSTATUS.gespeichert : BELEGSTATUS.gebucht;
        const zeit = `${iso(datum)}T10:00:00.000Z`;
        heads.push({
          belegart: art,
          belegnummer: `${praefix.get(range(art))}${datum.getUTCFullYear()}-${String(nr).padStart(5, '0')}`,
          belegdatum: iso(datum),
          belegstatus: status,
          adresseId: kunde.id,
          adresseName: name.get(kunde.id) ?? null,
          betreff: `Bestellung ${kunde.id}-B${i + 1}`,
          ...summenSpalten(s),
          liefertermin: art === AUFTRAG.belegart ? iso(addDays(datum, 14)) : null,
          benutzerId: admin.id,
          vorgaengerId: null,
          gebuchtAm: status === BELEGSTATUS.gebucht ? zeit : null,
          angelegtAm: zeit,
          geaendertAm: zeit,
        });
        lines.push(zeilen);
      }
      const ids = await trx.insertInto('belege').values(heads).returning(['id', 'belegnummer', 'belegart']).execute();
      const idOf = new Map(ids.map((r) => [`${r.belegart}:${r.belegnummer}`, r.id]));
      const positionen = heads.flatMap((h, k) => (lines[k] ?? []).map((z) => ({ ...z, belegId: idOf.get(`${h.belegart}:${h.belegnummer}`) as number })));
      for (let k = 0; k < positionen.length; k += 500)
        await trx
          .insertInto('belegPositionen')
          .values(positionen.slice(k, k + 500))
          .execute();
      const historie = heads.map((h) => ({
        belegId: idOf.get(`${h.belegart}:${h.belegnummer}`) as number,
        art: 'A',
        text: 'Beleg angelegt (Altdaten)',
        benutzerId: admin.id,
        zeitpunkt: h.angelegtAm,
        belegstatus: BELEGSTATUS.gespeichert,
      }));
      await trx.insertInto('belegStatushistorie').values(historie).execute();
      const gebucht = heads.filter((h) => h.gebuchtAm);
      if (gebucht.length)
        await trx
          .insertInto('belegStatushistorie')
          .values(
            gebucht.map((h) => ({
              belegId: idOf.get(`${h.belegart}:${h.belegnummer}`) as number,
              art: 'B',
              text: `${belegartVon(h.belegart)?.name.de} gebucht`,
              benutzerId: admin.id,
              zeitpunkt: h.gebuchtAm as string,
              belegstatus: BELEGSTATUS.gebucht,
            })),
          )
          .execute();
    });
    ctx.progress('Belege (Massendaten)', Math.min(anzahl, from + CHUNK), anzahl);
  }
}
