import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useToken } from '@/app/auth/session';
import { readUserParameter, settingsKeys, writeUserParameter } from '@/features/settings/api';
import { tokenStore } from '@/lib/api/token';
import { fromDeviceCopy, writeDeviceCopy } from '@/lib/device-copy';
import { queryClient } from '@/lib/query-client';

/** A saved grid preset: the pagination of a list (APP-110). rowsPerPage 0 = no paging, virtual scrolling (APP-109). */
export interface GridPreset {
  rowsPerPage: number;
  sortBy: string | null;
  descending: boolean;
  /** The user's columns on a desktop: their order, the ones shown or hidden by the chooser, widths set by hand (px). */
  columns?: ColumnLayout;
}

export interface ColumnLayout {
  order?: string[];
  visible?: Record<string, boolean>;
  widths?: Record<string, number>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A saved column layout, keeping only what has the right shape. */
function parseLayout(raw: unknown): ColumnLayout | undefined {
  if (!isRecord(raw)) return undefined;
  const order = Array.isArray(raw.order) ? raw.order.filter((x): x is string => typeof x === 'string') : undefined;
  const pick = <V>(r: unknown, ok: (v: unknown) => v is V) =>
    isRecord(r) ? (Object.fromEntries(Object.entries(r).filter(([, v]) => ok(v))) as Record<string, V>) : undefined;
  const visible = pick(raw.visible, (v): v is boolean => typeof v === 'boolean');
  const widths = pick(raw.widths, (v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0);
  return { ...(order ? { order } : {}), ...(visible ? { visible } : {}), ...(widths ? { widths } : {}) };
}

export const presetParameter = (name: string) => `presets${name}`;

const parsePreset = (w: string): GridPreset | null => {
  const raw = JSON.parse(w) as Partial<GridPreset>;
  if (typeof raw !== 'object' || raw === null) return null;
  const columns = parseLayout(raw.columns);
  return { rowsPerPage: Number(raw.rowsPerPage ?? 0), sortBy: raw.sortBy ?? null, descending: !!raw.descending, ...(columns ? { columns } : {}) };
};

/** Reads `/webapp/parameter/presets<Name>`; a missing preset falls back to the default, which is then saved (APP-111, APP-112). */
export async function loadPreset(name: string, fallback: GridPreset): Promise<GridPreset> {
  const saved = await readUserParameter(presetParameter(name), parsePreset);
  if (saved) return saved;
  await writeUserParameter(presetParameter(name), fallback).catch(() => undefined);
  return fallback;
}

/** A list's preset when the user has none saved: no paging, the list's own default order. */
export const presetFallback = (defaults?: Partial<GridPreset>): GridPreset => ({ rowsPerPage: 0, sortBy: null, descending: false, ...defaults });

const gridPresetQuery = (name: string, fallback: GridPreset, token: string | null) =>
  queryOptions({
    queryKey: settingsKeys.custom('parameter', presetParameter(name), token),
    queryFn: async () => {
      const preset = await loadPreset(name, fallback);
      writeDeviceCopy(presetParameter(name), token, preset);
      return preset;
    },
    enabled: !!token,
    staleTime: Infinity,
    meta: { silent: true },
    // The device's copy is shown at once (the grid asks for its first rows without waiting) and checked in the background.
    ...fromDeviceCopy<GridPreset>(presetParameter(name), token),
  });

/** A list route's loader: the user's preset is known when the list first renders, so its first window is asked for at once. */
export async function prefetchGridPreset(name: string, defaults?: Partial<GridPreset>): Promise<void> {
  const token = tokenStore.get();
  if (token) await queryClient.ensureQueryData(gridPresetQuery(name, presetFallback(defaults), token)).catch(() => undefined);
}

export function useGridPreset(name: string, fallback: GridPreset) {
  const token = useToken();
  const query = useQuery(gridPresetQuery(name, fallback, token));
  const key = settingsKeys.custom('parameter', presetParameter(name), token);
  const write = useMutation({ mutationFn: (preset: GridPreset) => writeUserParameter(presetParameter(name), preset), meta: { silent: true } });
  // shown at once (a sort, a column shown or hidden is drawn in the same frame as the click), written in the background
  const save = (preset: GridPreset) => {
    void queryClient.cancelQueries({ queryKey: key });
    writeDeviceCopy(presetParameter(name), token, preset);
    queryClient.setQueryData(key, preset);
    write.mutate(preset);
  };
  return { preset: query.data, ready: query.isSuccess || query.isError, save };
}
