import { fakerDE } from '@faker-js/faker';
import { sql } from 'kysely';
import { type DbHandle, inTransaction } from '../db/index';
import { collectModules } from '../lib/module';
import { MODULES } from '../modules/index';
import { adressenSeeder, personenAuffuellen } from './adressen';
import { artikelSeeder, assetsAuffuellen } from './artikel';
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

/**
 * Tops a seeded database's persons and assets up to `scale` when it is a million or more (the 1M bench database of a
 * seed that made persons for 100,000 addresses and 200,000 assets; a fresh seed makes them at once), each drawn from its
 * area's faker seed. Answers how many of each were added.
 */
export async function fillToScale(handle: DbHandle, scale: number): Promise<{ personen: number; assets: number }> {
  if (scale < 1_000_000) return { personen: 0, assets: 0 };
  const ctx = (name: string, db: Parameters<Seeder['run']>[0]['db']) => {
    fakerDE.seed(SEED + name.length * 7919);
    return { db, dialect: handle.dialect, faker: fakerDE, scale, demo: true, numberRanges: registry.numberRanges, progress: () => {} };
  };
  const personen = await inTransaction(handle.db, (db) => personenAuffuellen(ctx(adressenSeeder.name, db), scale));
  const assets = await inTransaction(handle.db, (db) => assetsAuffuellen(ctx(artikelSeeder.name, db), scale));
  return { personen, assets };
}
