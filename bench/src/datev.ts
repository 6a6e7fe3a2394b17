import { fakerDE } from '@faker-js/faker';
import { inTransaction, migrate, openDatabase } from '../../apps/server/src/db/index';
import { buchungsstapel } from '../../apps/server/src/modules/ausgang/datev.export';
import { SEED, seeders } from '../../apps/server/src/seed/index';

/**
 * DATEV Buchungsstapel of one month (issue 24 item 14): `n` booked invoices (19 % and 7 % lines) and a payment on each,
 * written straight into a fresh SQLite database, then exported (checked, built, encoded, logged and marked) in one
 * transaction — as the endpoint does. Target: 10,000 invoices and payments under 2 s. `DATEV_N` sets n.
 */
export async function datevBench(n = Number(process.env.DATEV_N ?? 10_000)) {
  const handle = await openDatabase(':memory:');
  await migrate(handle);
  const foundation = seeders.find((s) => s.name === 'foundation');
  if (!foundation) throw new Error('no foundation seeder');
  fakerDE.seed(SEED);
  await inTransaction(handle.db, (db) =>
    foundation.run({ db, dialect: handle.dialect, faker: fakerDE, scale: 1000, demo: true, numberRanges: [], progress: () => {} }),
  );
  const db = handle.db;
  const admin = await db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'admin').executeTakeFirstOrThrow();
  await db.updateTable('systemParameter').set({ wert: '29098' }).where('name', '=', 'DATEV.BERATERNUMMER').execute();
  await db.updateTable('systemParameter').set({ wert: '55003' }).where('name', '=', 'DATEV.MANDANTENNUMMER').execute();
  const now = new Date().toISOString();
  const kunden = 500;
  await inTransaction(db, async (trx) => {
    const adressen = Array.from({ length: kunden }, (_, k) => ({
      adressnummer: 200_000 + k,
      kundennummer: 100_000 + k,
      name1: `Kunde ${k}`,
      istKunde: true,
      angelegtAm: now,
      geaendertAm: now,
    }));
    const ids = (await trx.insertInto('adressen').values(adressen).returning('id').execute()).map((r) => r.id);
    for (let i = 0; i < n; i += 500) {
      const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => {
        const k = i + j;
        const tag = String(1 + (k % 28)).padStart(2, '0');
        return {
          belegart: '0400',
          belegnummer: `RE2026-${String(k + 1).padStart(6, '0')}`,
          belegdatum: `2026-03-${tag}`,
          belegstatus: 3,
          adresseId: ids[k % kunden] as number,
          adresseName: `Kunde ${k % kunden}`,
          endbetragNetto: 15000,
          betragNetto: 15000,
          mwstBetrag: 2250,
          betragBrutto: 17250,
          mwstAufteilung: JSON.stringify([
            { satz: 700, netto: 5000, mwst: 350 },
            { satz: 1900, netto: 10000, mwst: 1900 },
          ]),
          gebuchtAm: now,
          angelegtAm: now,
          geaendertAm: now,
        };
      });
      const belege = await trx.insertInto('belege').values(rows).returning(['id', 'belegnummer', 'belegdatum', 'adresseId']).execute();
      const ops = await trx
        .insertInto('offenePosten')
        .values(
          belege.map((b, j) => ({
            nummer: i + j + 1,
            rechnungsnummer: b.belegnummer,
            belegId: b.id,
            opvArt: 'RE',
            adresseId: b.adresseId,
            rechnungsBetrag: 17250,
            offenerBetrag: 0,
            bisherGezahlt: 17250,
            rechnungsdatum: b.belegdatum,
            valuta: b.belegdatum,
            nettoFaellig: '2026-04-15',
            abgeschlossen: true,
            angelegtAm: now,
            geaendertAm: now,
          })),
        )
        .returning(['id', 'rechnungsdatum'])
        .execute();
      await trx
        .insertInto('offenePostenZahlungen')
        .values(
          ops.map((o) => ({
            offenerPostenId: o.id,
            zahlungPer: 'Überweisung',
            zahlungsBetrag: 17250,
            zahlungsDatum: o.rechnungsdatum,
            auszug: 'KA 3/1',
            angelegtAm: now,
          })),
        )
        .execute();
    }
  });
  const actor = { id: admin.id, name: 'Administrator', istAdmin: true };
  console.log(`DATEV Buchungsstapel of one month: ${n.toLocaleString('en')} invoices (2 rates) and ${n.toLocaleString('en')} payments`);
  for (const [name, q] of [
    ['test export (warm-up)', { test: true, wiederholen: false }],
    ['test export', { test: true, wiederholen: false }],
    ['export (marks postings)', { test: false, wiederholen: false }],
  ] as const) {
    const t0 = performance.now();
    const x = await inTransaction(db, (trx) => buchungsstapel(trx, actor, { von: '2026-03-01', bis: '2026-03-31', ...q }));
    const ms = performance.now() - t0;
    console.log(
      `${name.padEnd(28)}${String(x.zeilen).padStart(8)} rows${(x.daten.length / 1e6).toFixed(1).padStart(7)} MB${ms.toFixed(0).padStart(8)} ms  (target < 2000 ms for 10,000)`,
    );
  }
  await handle.close();
}
