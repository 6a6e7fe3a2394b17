import type { Me, ServicePlanung } from '@vario/contract';

const mineOf = (planungen: readonly ServicePlanung[], me: Me | undefined) => planungen.filter((p) => !me?.techniker || p.technikerId === me.techniker.id);

/**
 * The planning item of a task the screen works on: the current technician's active visit (accepted first, then the
 * earliest); for an office user the first active one. Null when none is active (task finished, returned …).
 */
export function activePlanning(planungen: readonly ServicePlanung[], me: Me | undefined): ServicePlanung | null {
  const mine = mineOf(planungen, me).filter((p) => p.aktiv);
  const sorted = [...mine].sort((a, b) => Number(!!b.angenommenDatum) - Number(!!a.angenommenDatum) || a.beginnDatum.localeCompare(b.beginnDatum));
  return sorted[0] ?? null;
}

/**
 * The planning item whose times a task's screens show: the active one, else — the task completed, the visit ended —
 * the last visit that was not rejected (its appointment, acceptance, travel and arrival stay visible, issue 20 item 8).
 */
export function shownPlanning(planungen: readonly ServicePlanung[], me: Me | undefined): ServicePlanung | null {
  const active = activePlanning(planungen, me);
  if (active) return active;
  const ended = mineOf(planungen, me).filter((p) => !p.abgelehntDatum);
  const last = (p: ServicePlanung) => p.erledigtDatum ?? p.beginnDatum;
  return [...ended].sort((a, b) => last(b).localeCompare(last(a)))[0] ?? null;
}
