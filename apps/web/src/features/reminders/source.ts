import type { Erinnerung } from '@vario/contract';
import { AREAS } from '@/app/registry';

type Tabelle = NonNullable<Erinnerung['tabelle']>;

/** Route group → source table of a reminder made there (REM-009), from the areas' reminder links (`Area.reminder`). */
const GROUPS = new Map<string, Tabelle>([
  ...AREAS.flatMap((area) => {
    const link = area.reminder;
    if (!link) return [];
    return (link.groups ?? [link.detail(1).split('/')[1] ?? '']).map((group): [string, Tabelle] => [group, link.tabelle]);
  }),
]);

/**
 * The record a new reminder belongs to: the route group's table and the record id of the path (`/addresses/10158/…` →
 * ADR 10158), none on other screens or a new record (REM-009, issue 9 item 10).
 */
export function reminderSource(pathname: string): { tabelle: Erinnerung['tabelle']; tabelleId: number } | null {
  const [group, id] = pathname.split('/').filter(Boolean);
  const tabelle = group ? GROUPS.get(group) : undefined;
  if (!tabelle || !id || !/^[1-9]\d*$/.test(id)) return null;
  return { tabelle, tabelleId: Number(id) };
}
