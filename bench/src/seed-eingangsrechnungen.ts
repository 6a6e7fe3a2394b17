import { join } from 'node:path';
import { fakerDE } from '@faker-js/faker';
import { sql } from 'kysely';
import { inTransaction, migrate, openDatabase } from '../../apps/server/src/db/index';
import { massenEingangsrechnungen } from '../../apps/server/src/seed/einkauf';
import { parseScale } from '../../apps/server/src/seed/scale';
import { ROOT } from './lib';

/**
 * Tops up a benchmark database seeded before the incoming-invoice verification (issue 25) to the scale's number of
 * incoming invoices through the seeder's bulk path: `node --import tsx bench/src/seed-eingangsrechnungen.ts 1m`.
 * A fresh `SEED_SCALE=1m` seed makes them itself.
 */
const scale = process.argv[2] ?? '1m';
const handle = await openDatabase(join(ROOT, `data/bench-${scale}.sqlite`));
await migrate(handle);
const db = handle.db;
const da = Number(
  (
    await db
      .selectFrom('einkaufBelege')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('statusErpruefung', 'is not', null)
      .executeTakeFirstOrThrow()
  ).n,
);
const ab = Number(
  (
    await db
      .selectFrom('einkaufBelege')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('belegnummer', 'like', 'ER-M-%')
      .executeTakeFirstOrThrow()
  ).n,
);
const fehlen = parseScale(scale) - da;
console.log(`${da.toLocaleString('en')} incoming invoices; adding ${Math.max(0, fehlen).toLocaleString('en')} …`);
if (fehlen > 0) {
  const lieferanten = await db.selectFrom('adressen').select(['id', 'name1']).where('istLieferant', '=', true).orderBy('id').limit(12).execute();
  const benutzer = (await db.selectFrom('benutzer').select('id').where('gesperrt', '=', false).where('id', '>', 0).orderBy('id').execute()).map((b) => b.id);
  let last = 0;
  await inTransaction(db, (trx) =>
    massenEingangsrechnungen(
      {
        db: trx,
        dialect: handle.dialect,
        faker: fakerDE,
        scale: parseScale(scale),
        demo: true,
        numberRanges: [],
        progress: (_l, done, total) => {
          const pct = Math.floor((done / total) * 20);
          if (pct !== last) process.stdout.write(`  ${pct * 5}%\r`);
          last = pct;
        },
      },
      fehlen,
      lieferanten,
      benutzer,
      ab,
    ),
  );
  // the planner's statistics of the grown table
  await sql`analyze "einkaufBelege"`.execute(db);
}
await handle.close();
console.log('done');
process.exit(0);
