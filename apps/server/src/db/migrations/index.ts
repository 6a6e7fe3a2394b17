import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation';

/** Every migration, in order. Later areas append theirs here. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
