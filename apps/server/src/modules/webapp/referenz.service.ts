import {
  NUTZUNGSPARAMETER,
  type Nutzungsparameter,
  RUNDUNGSARTEN,
  ZEITERFASSUNG_PARAMETER,
  ZEITERFASSUNG_VORGABEN,
  type ZeiterfassungParameter,
} from '@vario/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

async function parameterWerte(db: Db, names: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('systemParameter')
    .select(['name', 'wert'])
    .where('name', 'in', [...names])
    .execute();
  return new Map(rows.map((r) => [r.name, r.wert]));
}

/** A usage flag is set by 1/true/ja, cleared by 0/false/nein; anything else (or unset) keeps the part's default. */
export function flag(wert: string | null | undefined, vorgabe: boolean): boolean {
  const w = wert?.trim().toLowerCase();
  if (w && /^(1|true|ja|yes|j|y)$/.test(w)) return true;
  if (w && /^(0|false|nein|no|n)$/.test(w)) return false;
  return vorgabe;
}

/**
 * Whether one usage parameter is on, read through the app's cached parameters (`ctx.parameter`; pass the transaction
 * inside a write). Areas that the parameter switches off answer 403 while it is off (RIGHT-026/027).
 */
export async function nutzungAn(ctx: { parameter(name: string, db?: Db): Promise<string | null> }, key: keyof Nutzungsparameter, db?: Db): Promise<boolean> {
  return flag(await ctx.parameter(NUTZUNGSPARAMETER[key].name, db), NUTZUNGSPARAMETER[key].vorgabe);
}

/** Usage parameters (APP-028) from the system parameters NUTZUNG.*. */
export async function ladeNutzungsparameter(db: Db): Promise<Nutzungsparameter> {
  const keys = Object.keys(NUTZUNGSPARAMETER) as (keyof Nutzungsparameter)[];
  const werte = await parameterWerte(
    db,
    keys.map((k) => NUTZUNGSPARAMETER[k].name),
  );
  return Object.fromEntries(keys.map((k) => [k, flag(werte.get(NUTZUNGSPARAMETER[k].name), NUTZUNGSPARAMETER[k].vorgabe)])) as Nutzungsparameter;
}

const ganzzahl = (wert: string | null | undefined, min: number, max: number): number | null => {
  const w = wert?.trim() ?? '';
  if (!/^\d{1,5}$/.test(w)) return null;
  const n = Number(w);
  return n >= min && n <= max ? n : null;
};

/**
 * Time-tracking parameters (APP-028) from the system parameters ZEITERFASSUNG.*; each value that is unset or not
 * readable falls back to its default on its own (a wrong rounding does not throw away the working hours).
 */
export async function ladeZeiterfassungParameter(db: Db): Promise<ZeiterfassungParameter> {
  const werte = await parameterWerte(db, Object.values(ZEITERFASSUNG_PARAMETER));
  const soll = (werte.get(ZEITERFASSUNG_PARAMETER.sollMinutenProTag) ?? '').split(',').map((v) => ganzzahl(v, 0, 1440));
  const rundungsart = werte.get(ZEITERFASSUNG_PARAMETER.rundungsart)?.trim().toUpperCase();
  return {
    sollMinutenProTag: soll.length === 7 && soll.every((n) => n !== null) ? (soll as number[]) : [...ZEITERFASSUNG_VORGABEN.sollMinutenProTag],
    rundungMinuten: ganzzahl(werte.get(ZEITERFASSUNG_PARAMETER.rundungMinuten), 1, 60) ?? ZEITERFASSUNG_VORGABEN.rundungMinuten,
    rundungsart: (RUNDUNGSARTEN as readonly string[]).includes(rundungsart ?? '')
      ? (rundungsart as ZeiterfassungParameter['rundungsart'])
      : ZEITERFASSUNG_VORGABEN.rundungsart,
  };
}
