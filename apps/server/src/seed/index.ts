import { fakerDE } from '@faker-js/faker';
import type { DbHandle } from '../db/index';
import { adressenSeeder } from './adressen';
import { artikelSeeder } from './artikel';
import type { Seeder } from './context';
import { foundationSeeder } from './foundation';

/** Every area's demo data, in dependency order. Later areas append their seeders here. */
export const seeders: Seeder[] = [foundationSeeder, adressenSeeder, artikelSeeder];

export const SEED = 20240705;

export async function isSeeded(handle: DbHandle): Promise<boolean> {
  const row = await handle.db.selectFrom('systemInfo').select('id').executeTakeFirst();
  return row !== undefined;
}

/** Fills an empty, migrated database with deterministic demo data. */
export async function seed(
  handle: DbHandle,
  opts: { scale: number; demo: boolean; progress?: (label: string, done: number, total: number) => void },
): Promise<void> {
  fakerDE.seed(SEED);
  fakerDE.setDefaultRefDate(new Date('2026-01-01T00:00:00Z'));
  for (const s of seeders) {
    await s.run({ db: handle.db, dialect: handle.dialect, faker: fakerDE, scale: opts.scale, demo: opts.demo, progress: opts.progress ?? (() => {}) });
  }
}
