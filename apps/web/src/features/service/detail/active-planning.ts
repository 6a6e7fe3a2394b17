import type { Me, ServicePlanung } from '@vario/contract';

/**
 * The planning item of a task the screen works on: the current technician's active visit (accepted first, then the
 * earliest); for an office user the first active one. Null when none is active (task finished, returned …).
 */
export function activePlanning(planungen: readonly ServicePlanung[], me: Me | undefined): ServicePlanung | null {
  const mine = planungen.filter((p) => p.aktiv && (!me?.techniker || p.technikerId === me.techniker.id));
  const sorted = [...mine].sort((a, b) => Number(!!b.angenommenDatum) - Number(!!a.angenommenDatum) || a.beginnDatum.localeCompare(b.beginnDatum));
  return sorted[0] ?? null;
}
