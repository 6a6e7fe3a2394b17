import type { Faker } from '@faker-js/faker';
import type { Db } from '../db/index';
import type { Dialect } from '../db/schema-helpers';
import type { NumberRange } from '../lib/number-range';

export interface SeedContext {
  db: Db;
  dialect: Dialect;
  faker: Faker;
  /** Number of main records (addresses, products, …) to create. */
  scale: number;
  /** Demo mode: creates the demo logins with known passwords. */
  demo: boolean;
  /** The number ranges the modules declare (for `syncNummernkreise` after loading explicit numbers). */
  numberRanges: readonly NumberRange[];
  progress(label: string, done: number, total: number): void;
}

/** One area's demo data. Seeders run in order; later areas read what earlier ones created. */
export interface Seeder {
  name: string;
  /** The seeder counts as done when this table holds a row (so a database from before a new area gains only that area). */
  table: string;
  /** Demo content: skipped outside demo mode (reference data is not). */
  demoOnly?: boolean;
  run(ctx: SeedContext): Promise<void>;
}

/** Inserts rows in chunks inside one transaction per chunk, reporting progress. */
export async function insertChunked<T extends Record<string, unknown>>(
  ctx: SeedContext,
  table: string,
  total: number,
  make: (i: number) => T,
  label = table,
  chunk = 500,
): Promise<void> {
  for (let start = 0; start < total; start += chunk) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + chunk); i++) rows.push(make(i));
    // biome-ignore lint/suspicious/noExplicitAny: generic over tables
    await (ctx.db as any).insertInto(table).values(rows).execute();
    ctx.progress(label, Math.min(total, start + chunk), total);
  }
}
