import { loadConfig } from '../config';
import { inTransaction, migrate, openDatabase } from '../db/index';
import { umsatzNeuAufbauen } from '../db/umsatz';

/**
 * `npm run umsatz-rebuild`: counts the turnover aggregate (`umsatzMonate`) again from the documents, in one
 * transaction (readers see the old figures until it commits). Booking and cancelling keep it; this is for an
 * upgrade, a restore or data loaded around the API.
 */
async function main() {
  const handle = await openDatabase(loadConfig().databaseUrl);
  await migrate(handle);
  const t0 = Date.now();
  const n = await inTransaction(handle.db, (trx) => umsatzNeuAufbauen(trx));
  console.log(`Umsatz-Aggregat neu aufgebaut: ${n} Zeilen in ${Date.now() - t0} ms`);
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
