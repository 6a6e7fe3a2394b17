// `npm run test:reliability [-- --full] [-- --e2e] [-- --only=matrix,fuzz,lists,races,crash,cluster,load,replica] [-- --db=sqlite]`:
// the reliability harness. Fast size by default (CI), full size with --full. Traffic only to 127.0.0.1.

import { runBelegRaces } from './belege-races';
import { runCluster } from './cluster';
import { runRaces } from './concurrency';
import { runCrash } from './crash';
import { runFuzz } from './fuzz';
import { type DbKind, dropTemplates, startInProc } from './lib/inproc';
import { type Cluster, findPgBin, startCluster } from './lib/pg';
import { failed, printSummary, violation } from './lib/stats';
import { runListFuzz } from './lists';
import { runLoad } from './load';
import { runMatrix } from './matrix';
import { runReplica } from './replica';
import { FAST, FULL, type Size } from './size';

const args = process.argv.slice(2);
const size: Size = { ...(args.includes('--full') ? FULL : FAST), ...(args.includes('--e2e') ? { e2e: true } : {}) };
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const dbArg = args.find((a) => a.startsWith('--db='))?.slice(5);
const want = (s: string) => !only || only.includes(s);

const started = Date.now();
const pgBin = process.env.SKIP_POSTGRES || dbArg === 'sqlite' ? null : findPgBin();
const kinds: DbKind[] = dbArg === 'postgres' ? ['postgres'] : pgBin ? ['sqlite', 'postgres'] : ['sqlite'];
if (!pgBin) console.log('PostgreSQL server binaries not found or skipped: SQLite only');
console.log(`Reliability harness, ${size.name} size, databases: ${kinds.join(', ')}`);

let cluster: Cluster | undefined;
const step = async (name: string, fn: () => Promise<void>) => {
  if (!want(name)) return;
  const t = Date.now();
  console.log(`\n── ${name}`);
  try {
    await fn();
  } catch (err) {
    violation(name, `the harness step failed: ${(err as Error).stack ?? err}`);
  }
  console.log(`  (${((Date.now() - t) / 1000).toFixed(1)} s)`);
};

try {
  if (pgBin) cluster = await startCluster(pgBin);
  for (const kind of kinds) {
    if (!['matrix', 'fuzz', 'lists', 'races'].some(want)) break;
    const s = await startInProc(kind, cluster);
    try {
      await step('matrix', () => runMatrix(s));
      await step('fuzz', () => runFuzz(s, size));
      await step('lists', () => runListFuzz(s, size));
      await step('races', () => runRaces(s, size));
      await step('races', () => runBelegRaces(s, size));
    } finally {
      await s.close();
    }
  }
  for (const kind of kinds) await step('crash', () => runCrash(kind, size, cluster));
  if (cluster) await step('cluster', () => runCluster(cluster as Cluster, size));
  for (const kind of kinds) await step('load', () => runLoad(kind, size, cluster));
  // a primary with a streaming replica and pgbouncer of its own (replica.ts)
  if (pgBin) await step('replica', () => runReplica(pgBin, size));
} finally {
  dropTemplates();
  cluster?.stop();
}
printSummary((Date.now() - started) / 1000);
process.exit(failed() ? 1 : 0);
