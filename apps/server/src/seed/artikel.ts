import type { ARTIKELARTEN } from '@vario/contract';
import { inTransaction } from '../db/index';
import { berlinTag, plusTage } from '../lib/berlin-time';
import { discountedUnit } from '../lib/money';
import { saveAssetImage } from '../modules/assets/assets.service';
import { buche } from '../modules/lager/lager.service';
import { insertChunked, type SeedContext, type Seeder } from './context';
import { GERAETE_GRUPPEN, KATALOG, type KatalogArtikel } from './katalog';
import { png } from './png';

/** EAN-13 with a valid check digit. */
export function ean13(base12: string): string {
  const digits = base12.padStart(12, '0').slice(-12);
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return digits + ((10 - (sum % 10)) % 10);
}

export const artikelSeeder: Seeder = {
  name: 'artikel',
  table: 'artikel',
  demoOnly: true,
  async run(ctx: SeedContext) {
    const { db, scale } = ctx;
    const gruppe = new Map((await db.selectFrom('warengruppen').select(['id', 'bezeichnung']).execute()).map((g) => [g.bezeichnung, g.id]));
    const katalog = KATALOG;
    const waren = katalog.filter((k) => k.artikelart === '1');
    const dienste = katalog.filter((k) => k.artikelart === '3');
    const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;
    const now = new Date().toISOString();
    // The set first (the numbers customer prices and documents name), then generated variants of it up to the scale; every kind appears.
    const arten = ['1', '1', '1', '1', '1', '2', '3', '4', '5', '6', 'V', 'P'];
    await insertChunked(
      ctx,
      'artikel',
      Math.max(scale, katalog.length),
      (i) => {
        const k = katalog[i];
        const artikelart = k ? k.artikelart : (arten[rnd(i, arten.length, 1)] as (typeof ARTIKELARTEN)[number]);
        // a variant: an article of the set (a service for a service), its maker, a price within ±20 % of it, the same margin
        const vorlage = k ?? ((artikelart === '3' ? dienste[rnd(i, dienste.length, 2)] : waren[rnd(i, waren.length, 2)]) as KatalogArtikel);
        const bezeichnung = k ? k.bezeichnung : `${vorlage.bezeichnung.split(' ')[0]} ${vorlage.hersteller ?? 'Service'} ${String(i).padStart(6, '0')}`;
        const preis = k ? k.preis : discountedUnit(vorlage.preis, 2000 - rnd(i, 4001, 3));
        const ek = k ? k.ek : discountedUnit(preis, vorlage.marge);
        return {
          artikelnummer: k?.artikelnummer ?? `B-${String(100_000 + i)}`,
          artikelart,
          name1: bezeichnung.split(' ')[0] ?? null,
          bezeichnung,
          artikeltext: k || rnd(i, 3, 4) === 0 ? vorlage.artikeltext : null,
          ean: artikelart === '1' || artikelart === '2' ? ean13(String(400_000_000_000 + i)) : null,
          hersteller: vorlage.hersteller,
          gesperrt: rnd(i, 50, 6) === 0,
          vknetto: preis,
          ek,
          mwstsatz: 1900,
          preiseinheit: 1,
          verpackungseinheit: artikelart === '1' && vorlage.einheit === 'Stk' ? (1 + rnd(i, 10, 8)) * 1000 : null,
          mengeneinheit: vorlage.einheit,
          gewicht: artikelart === '1' ? 100 + rnd(i, 20_000, 9) : null,
          gewichtNetto: artikelart === '1' ? 80 + rnd(i, 18_000, 10) : null,
          maße: artikelart === '1' ? `${10 + rnd(i, 90, 11)} × ${10 + rnd(i, 60, 12)} × ${5 + rnd(i, 40, 13)} cm` : null,
          istRabattierfaehig: rnd(i, 5, 14) !== 0,
          istChargenArtikel: rnd(i, 15, 15) === 0,
          istSeriennummernArtikel: rnd(i, 8, 16) === 0,
          istSkontofaehig: true,
          warengruppeId: gruppe.get(vorlage.warengruppe) ?? null,
          staffel: rnd(i, 4, 18) === 0 ? '5' : rnd(i, 3, 19) === 0 ? '2' : null,
          s01: rnd(i, 4, 20) === 0 ? 'Auslaufartikel' : null,
          s02: null,
          s03: null,
          s04: null,
          s05: null,
          s06: null,
          s07: null,
          s08: null,
          s09: null,
          s10: null,
          bestand: 0,
          reserviert: 0,
          blockiert: 0,
          naechsteLieferung: null,
          angelegtAm: now,
          geaendertAm: now,
        };
      },
      'Artikel',
      400,
    );

    // Custom fields and price scales for the first 2,000 articles.
    const erste = await db.selectFrom('artikel').select(['id', 'artikelart', 'staffel', 'vknetto']).orderBy('id').limit(2000).execute();
    const felder = erste.filter((_, i) => i % 3 === 0);
    await insertChunked(
      ctx,
      'artikelFreieFelder',
      felder.length * 3,
      (i) => {
        const a = felder[Math.floor(i / 3)] as { id: number };
        const k = i % 3;
        return {
          artikelId: a.id,
          bezeichnung: ['Farbe', 'Material', 'Zolltarifnummer'][k] as string,
          wert: [['Grau', 'Blau', 'Schwarz'][i % 3], ['Edelstahl', 'Messing', 'Kunststoff'][i % 3], String(84_137_000 + i)][k] as string,
          sortierung: (k + 1) * 10,
        };
      },
      'Freie Felder',
    );
    const staffeln = erste.filter((a) => a.staffel);
    await insertChunked(
      ctx,
      'artikelPreisstaffeln',
      staffeln.length * 5 * 5,
      (i) => {
        const a = staffeln[Math.floor(i / 25)] as { id: number; staffel: string; vknetto: number };
        const gruppe = 1 + (Math.floor(i / 5) % 5);
        const stufe = 1 + (i % 5);
        const tiers = a.staffel === '5' ? 5 : 3;
        const ap = a.staffel === '5' ? 'AP5' : 'AP3';
        if (stufe > tiers) return { artikelId: a.id, ap: 'X', preisgruppe: gruppe, stufe, menge: null, vk: null, aufschlag: null };
        return {
          artikelId: a.id,
          ap,
          preisgruppe: gruppe,
          stufe,
          menge: [1, 10, 25, 50, 100][stufe - 1]! * 1000,
          vk: discountedUnit(a.vknetto, (gruppe - 1) * 300, (stufe - 1) * 500),
          aufschlag: 3000 - stufe * 300 - gruppe * 100,
        };
      },
      'Preisstaffeln',
    );
    await db.deleteFrom('artikelPreisstaffeln').where('ap', '=', 'X').execute();

    // Storage places for the warehouses that have them, then stock through the stock service (so it is journalled).
    const lager = await db.selectFrom('lager').selectAll().orderBy('id').execute();
    for (const l of lager.filter((x) => x.hatLagerplaetze)) {
      await db
        .insertInto('lagerplaetze')
        .values(
          Array.from({ length: 24 }, (_, i) => ({
            lagerId: l.id,
            location: `${String.fromCharCode(65 + Math.floor(i / 8))}-${String((i % 8) + 1).padStart(2, '0')}-${1 + (i % 3)}`,
            kistennummer: i % 4 === 0 ? `K${100 + i}` : null,
          })),
        )
        .execute();
    }
    const plaetze = await db.selectFrom('lagerplaetze').select(['id', 'lagerId']).orderBy('id').execute();
    const lagerartikel = await db.selectFrom('artikel').select('id').where('artikelart', '=', '1').orderBy('id').limit(Math.min(3000, scale)).execute();
    const admin = (await db.selectFrom('benutzer').select('id').where('istAdmin', '=', true).orderBy('id').executeTakeFirstOrThrow()).id;
    const heute = berlinTag();
    const lieferung = (i: number) => plusTage(heute, 3 + (i % 30));
    let n = 0;
    for (const [i, a] of lagerartikel.entries()) {
      await inTransaction(db, async (trx) => {
        for (const l of lager) {
          // Service stores hold a few parts; central warehouses most.
          const service = l.kurzbezeichnung.startsWith('KD-');
          if (rnd(i + l.id * 7, service ? 6 : 3, 30) !== 0 && !(l.kurzbezeichnung === 'KD-GUT' && i < 40)) continue;
          const p = l.hatLagerplaetze ? plaetze.filter((x) => x.lagerId === l.id) : [];
          const platz = p.length ? (p[rnd(i, p.length, 31)] as { id: number }).id : null;
          const menge = (service ? 1 + rnd(i * 7 + l.id, 5, 32) : 5 + rnd(i * 7 + l.id, 400, 33)) * 1000;
          await buche(trx, [
            { artikelId: a.id, lagerId: l.id, lagerplatzId: platz, feld: 'bestand', menge, art: 'INVENTUR', text: 'Anfangsbestand', benutzerId: admin },
          ]);
          if (platz !== null && rnd(i, 3, 34) === 0) {
            const zweiter = (p[(rnd(i, p.length, 31) + 1) % p.length] as { id: number }).id;
            await buche(trx, [
              {
                artikelId: a.id,
                lagerId: l.id,
                lagerplatzId: platz,
                feld: 'bestand',
                menge: -Math.floor(menge / 4000) * 1000,
                art: 'UMBUCHUNG',
                text: 'Umlagerung',
                benutzerId: admin,
              },
              {
                artikelId: a.id,
                lagerId: l.id,
                lagerplatzId: zweiter,
                feld: 'bestand',
                menge: Math.floor(menge / 4000) * 1000,
                art: 'UMBUCHUNG',
                text: 'Umlagerung',
                benutzerId: admin,
              },
            ]);
          }
          if (!service && rnd(i, 4, 35) === 0)
            await buche(trx, [
              {
                artikelId: a.id,
                lagerId: l.id,
                lagerplatzId: platz,
                feld: 'reserviert',
                menge: Math.min(menge, 3000),
                art: 'RESERVIERUNG',
                text: 'Auftrag',
                benutzerId: admin,
              },
            ]);
          if (!service && rnd(i, 5, 36) === 0) {
            await buche(trx, [
              {
                artikelId: a.id,
                lagerId: l.id,
                lagerplatzId: platz,
                feld: 'bestellt',
                menge: 50_000,
                art: 'BESTELLUNG',
                text: 'Bestellung beim Lieferanten',
                benutzerId: admin,
              },
            ]);
            await trx
              .updateTable('bestaende')
              .set({ naechsteLieferung: lieferung(i) })
              .where('artikelId', '=', a.id)
              .where('lagerId', '=', l.id)
              .execute();
          }
          if (service && l.kurzbezeichnung !== 'KD-GUT' && rnd(i, 3, 37) === 0)
            await buche(trx, [
              { artikelId: a.id, lagerId: l.id, feld: 'blockiert', menge: 1000, art: 'SPERRE', text: 'Prüfung ausstehend', benutzerId: admin },
            ]);
        }
        const next = await trx
          .selectFrom('bestaende')
          .select((eb) => eb.fn.min('naechsteLieferung').as('d'))
          .where('artikelId', '=', a.id)
          .executeTakeFirst();
        if (next?.d)
          await trx
            .updateTable('artikel')
            .set({ naechsteLieferung: next.d as string })
            .where('id', '=', a.id)
            .execute();
      });
      ctx.progress('Bestände', ++n, lagerartikel.length);
    }

    // Assets at customers, with pictures and files for the first ones: a fifth of the scale (200 to 200,000), at a scale
    // of a million and more as many as the scale (the global search's bench, issue 23 item 11).
    await assetsAnlegen(ctx, 0, scale >= 1_000_000 ? scale : Math.min(Math.max(200, Math.round(scale / 5)), 200_000));
    const mitBildern = await db.selectFrom('assets').select('id').orderBy('id').limit(12).execute();
    for (const [i, a] of mitBildern.entries()) {
      for (let k = 0; k < 1 + (i % 3); k++) {
        const hue = (i * 40 + k * 90) % 255;
        const photo = png(1200, 800, (x, y) => [(x * 255) / 1200, hue, (y * 255) / 800]);
        await saveAssetImage(db, a.id, `foto-${k + 1}.png`, photo);
      }
      const daten = Buffer.from(`Wartungsprotokoll Asset ${a.id}\nLetzte Prüfung: ohne Befund\n`, 'utf8');
      await db
        .insertInto('assetDateien')
        .values({ assetId: a.id, dateiname: 'Wartungsprotokoll.txt', mimeType: 'text/plain', groesse: daten.length, datum: now, betreff: 'Wartung', daten })
        .execute();
    }
  },
};

/** Assets at the first 2,000 customers (the set's devices), numbered on from `ab` (the index of the next asset). */
export async function assetsAnlegen(ctx: SeedContext, ab: number, anzahl: number): Promise<void> {
  const { db, faker } = ctx;
  const rnd = (i: number, n: number, salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) % n;
  const now = new Date().toISOString();
  const kunden = await db.selectFrom('adressen').select('id').where('istKunde', '=', true).orderBy('id').limit(2000).execute();
  // the installed devices: boilers, heat pumps and storage tanks of the set (and their variants)
  const geraete = await db
    .selectFrom('artikel')
    .innerJoin('warengruppen', 'warengruppen.id', 'artikel.warengruppeId')
    .select(['artikel.id', 'artikel.bezeichnung'])
    .where('artikel.artikelart', '=', '1')
    .where('warengruppen.bezeichnung', 'in', GERAETE_GRUPPEN)
    .orderBy('artikel.id')
    .limit(200)
    .execute();
  await insertChunked(
    ctx,
    'assets',
    anzahl,
    (j) => {
      const i = ab + j;
      const g = geraete[rnd(i, geraete.length, 40)] as { id: number; bezeichnung: string };
      const start = new Date(Date.UTC(2019 + rnd(i, 7, 41), rnd(i, 12, 42), 1 + rnd(i, 27, 43)));
      const iso = (d: Date) => d.toISOString().slice(0, 10);
      return {
        assetnummer: `AS-${String(10_000 + i)}`,
        bezeichnung: g.bezeichnung,
        seriennummer: `SN${faker.string.alphanumeric({ length: 8, casing: 'upper' })}${i}`,
        imei: rnd(i, 5, 44) === 0 ? String(350_000_000_000_000 + i * 7) : null,
        bemerkung: null,
        beschreibung: rnd(i, 3, 45) === 0 ? 'Jährliche Wartung laut Vertrag.' : null,
        beginnGarantie: iso(start),
        endeGarantie: plusTage(iso(start), 2 * 365),
        beginnService: iso(start),
        endeService: plusTage(iso(start), 5 * 365),
        istAktiv: rnd(i, 12, 46) !== 0,
        adresseId: kunden.length ? (kunden[rnd(i, kunden.length, 47)] as { id: number }).id : null,
        artikelId: g.id,
        abweichenderStandort: rnd(i, 6, 48) === 0,
        standortName: rnd(i, 6, 48) === 0 ? 'Heizungsraum Nebengebäude' : null,
        standortStrasse: null,
        standortPlz: null,
        standortOrt: null,
        s01: String(2015 + rnd(i, 10, 49)),
        s02: ['Keller', 'Hauswirtschaftsraum', 'Dachgeschoss', 'Außenaufstellung'][rnd(i, 4, 50)] as string,
        s03: rnd(i, 2, 51) === 0 ? 'Ja' : 'Nein',
        // the device's rated output where its name gives it (a storage tank has none)
        s04: /(\d+) kW/.exec(g.bezeichnung)?.[0] ?? null,
        s05: null,
        s06: null,
        angelegtAm: now,
        geaendertAm: now,
      };
    },
    'Assets',
  );
}

/** Tops a database's assets up to `ziel` (the 1M bench database of an earlier seed, which made 200,000). */
export async function assetsAuffuellen(ctx: SeedContext, ziel: number): Promise<number> {
  const n = Number(
    (
      await ctx.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (n >= ziel) return 0;
  await assetsAnlegen(ctx, n, ziel - n);
  return ziel - n;
}
