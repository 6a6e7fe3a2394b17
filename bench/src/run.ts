import { adressenBench } from './adressen';
import { foundationBench } from './foundation';

/** `npm run bench [-- name…]`: runs the benchmarks (all by default), each printing ratios to its baseline. */
const benches: Record<string, () => Promise<void>> = {
  foundation: foundationBench,
  adressen: () => adressenBench(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const [name, run] of Object.entries(benches)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  await run();
}
process.exit(0);
