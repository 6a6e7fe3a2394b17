import { useSaveUserParameter, useUserParameter } from '@/features/settings/api';
import { hasRight } from '@/lib/rights';
import { useBasisdaten, useMe } from '../auth/session';

/**
 * The chosen storage region: the saved preference, else the region of the user's default warehouse, else the main region.
 * Read-only without LAG_LGK_WECHSELN (LAG rules, APP-090).
 */
export function useStorageRegion() {
  const me = useMe().data;
  const base = useBasisdaten().data;
  const saved = useUserParameter('userStorageRegion');
  const save = useSaveUserParameter('userStorageRegion');
  const regions = base?.lagerkreise ?? [];
  const fromWarehouse = base?.lager.find((l) => l.id === me?.benutzer.vorgabeLagerId)?.lagerkreisId;
  const candidates = [saved.value, fromWarehouse, regions.find((r) => r.istHauptlagerkreis)?.id];
  const id = candidates.find((c) => c !== null && c !== undefined && regions.some((r) => r.id === c)) ?? null;
  return {
    regions,
    region: regions.find((r) => r.id === id) ?? null,
    readOnly: !hasRight(me, 'LAG_LGK_WECHSELN'),
    choose: (next: number) => save.mutate(next),
  };
}
