import type { Database } from '../db/types';

/**
 * A number range a module draws from (`drawNumber(trx, name)` in modules/system/nummernkreise.service.ts), declared in
 * its `<area>.module.ts` (`numberRanges`). The row in `nummernkreise` is created by the module's migration with these
 * values (test/registry.test.ts compares them).
 */
export interface NumberRange<N extends string = string> {
  name: N;
  bezeichnung: string;
  praefix: string;
  start: number;
  /** The column holding the numbers: after a bulk load with explicit numbers the range continues after its highest value. */
  column?: readonly [table: keyof Database & string, column: string];
}
