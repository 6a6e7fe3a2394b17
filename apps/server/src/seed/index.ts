import { fakerDE } from '@faker-js/faker';
import { sql } from 'kysely';
import { type DbHandle, inTransaction } from '../db/index';
import { collectModules } from '../lib/module';
import { MODULES } from '../modules/index';
import type { Seeder } from './context';
import type { SeedReport } from './progress';

const registry = collectModules(MODULES);

/** Every area's demo data, in dependency order: the seeders the modules declare, in the order of `MODULES`. */
export const seeders: readonly Seeder[] = registry.seeders;

export const SEED = 20240705;

async function done(handle: DbHandle, s: Seeder, demo = true): Promise<boolean> {
  if (s.demoOnly && !demo) return true;
  // biome-ignore lint/suspicious/noExplicitAny: table named by the seeder
  const row = await (handle.db as any).selectFrom(s.table).select(sql`1`.as('x')).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** True when every area's demo data is present. */
export async function isSeeded(handle: DbHandle, demo = true): Promise<boolean> {
  for (const s of seeders) if (!(await done(handle, s, demo))) return false;
  return true;
}

/** Fills a migrated database with deterministic demo data: every area whose data is missing (all, on an empty one). */
export async function seed(
  handle: DbHandle,
  opts: { scale: number; demo: boolean; progress?: (label: string, done: number, total: number) => void; report?: SeedReport },
): Promise<void> {
  const todo: Seeder[] = [];
  for (const s of seeders) if (!(await done(handle, s, opts.demo))) todo.push(s);
  const progress = opts.progress ?? opts.report?.progress.bind(opts.report) ?? (() => {});
  for (const [i, s] of todo.entries()) {
    const t0 = Date.now();
    opts.report?.area(s.name, i + 1, todo.length);
    // Each area draws from its own fixed seed, so adding an area leaves the others' data unchanged.
    fakerDE.seed(SEED + s.name.length * 7919);
    fakerDE.setDefaultRefDate(new Date('2026-01-01T00:00:00Z'));
    // One transaction per area: a seed broken off (Ctrl+C, a full disk) leaves that area empty, so the next start redoes it.
    await inTransaction(handle.db, (db) =>
      s.run({
        db,
        dialect: handle.dialect,
        faker: fakerDE,
        scale: opts.scale,
        demo: opts.demo,
        numberRanges: registry.numberRanges,
        progress,
      }),
    );
    opts.report?.areaDone(s.name, i + 1, todo.length, Date.now() - t0);
  }
}
