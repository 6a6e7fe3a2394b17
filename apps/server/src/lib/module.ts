import { ERINNERUNG_TABELLEN } from '@vario/contract';
import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../plugins/auth';
import type { Seeder } from '../seed/context';
import type { LockTable } from './locks';
import type { NumberRange } from './number-range';
import type { Ctx } from './resource';

export type { NumberRange } from './number-range';

/** Limit of login attempts per client and user. */
export interface LoginLimit {
  /** Login attempts per client address and (normalised) user name in `timeWindow`. */
  max: number;
  timeWindow: number;
  /** Login attempts per client address across all names in `timeWindow` (default 3 × max). */
  perClient?: number;
}

/** What the app hands every module: the database, its dialect, cached parameters, the session cache and options. */
export interface AppContext extends Ctx {
  sessions: SessionCache;
  loginLimit: LoginLimit;
  /** What all modules declare together (`collectModules`). */
  registry: Registry;
}

/** A table code a reminder may point to (`erinnerungen.tabelle`; the contract's list is the spec's). */
export type ReminderTable = (typeof ERINNERUNG_TABELLEN)[number];

/**
 * What an area of the API adds, declared in `modules/<area>/<area>.module.ts` and collected by `app.ts` from `MODULES`
 * (modules/index.ts). Its tables' types are merged into `Database` by the same file (`declare module '../../db/types'`);
 * its migrations are listed, in order across all areas, in db/migrations/index.ts.
 */
export interface ModuleDeclaration {
  /** Registers the module's routes inside the API prefix. */
  routes?(api: FastifyInstance, ctx: AppContext): void;
  /** Record kinds that can be locked (`POST /system/sperren`): table code (as in the change log) → table and rights. */
  locks?: Readonly<Record<string, LockTable>>;
  /** Table codes of the module's records that a reminder may point to. */
  reminders?: readonly ReminderTable[];
  /** The number ranges the module draws from. */
  numberRanges?: readonly NumberRange[];
  /** The module's demo data; seeders run in the order of `MODULES`, then in the order given here. */
  seeders?: readonly Seeder[];
}

/** An area of the API: its name and declaration. */
export interface AppModule extends ModuleDeclaration {
  name: string;
}

export const defineModule = (name: string, declaration: ModuleDeclaration): AppModule => ({ name, ...declaration });

/** Everything the modules declare, gathered once (`collectModules(MODULES)`). */
export interface Registry {
  modules: readonly AppModule[];
  lockTables: Readonly<Record<string, LockTable>>;
  reminderTables: readonly ReminderTable[];
  numberRanges: readonly NumberRange[];
  seeders: readonly Seeder[];
}

/**
 * Gathers the modules' declarations, in the modules' order. Throws when two modules declare the same module name, lock
 * code, reminder code, number range or seeder, or a reminder code the contract does not know.
 */
export function collectModules(modules: readonly AppModule[]): Registry {
  const lockTables: Record<string, LockTable> = Object.create(null);
  const reminderTables: ReminderTable[] = [];
  const numberRanges: NumberRange[] = [];
  const seeders: Seeder[] = [];
  const seen = new Map<string, string>();
  const claim = (kind: string, key: string, owner: string) => {
    const id = `${kind} ${key}`;
    const first = seen.get(id);
    if (first) throw new Error(`${kind} ${key} is declared by the modules ${first} and ${owner}`);
    seen.set(id, owner);
  };
  for (const m of modules) {
    claim('module', m.name, m.name);
    for (const [code, table] of Object.entries(m.locks ?? {})) {
      claim('lock code', code, m.name);
      lockTables[code] = table;
    }
    for (const code of m.reminders ?? []) {
      if (!(ERINNERUNG_TABELLEN as readonly string[]).includes(code)) throw new Error(`reminder code ${code} of module ${m.name} is not in the contract`);
      claim('reminder code', code, m.name);
      reminderTables.push(code);
    }
    for (const range of m.numberRanges ?? []) {
      claim('number range', range.name, m.name);
      numberRanges.push(range);
    }
    for (const seeder of m.seeders ?? []) {
      claim('seeder', seeder.name, m.name);
      seeders.push(seeder);
    }
  }
  return { modules, lockTables, reminderTables, numberRanges, seeders };
}
