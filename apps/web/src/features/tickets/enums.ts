import { useQuery } from '@tanstack/react-query';
import { TICKET_AUFZAEHLUNG_ENDPOINTS, TICKET_AUFZAEHLUNG_LIMIT, TICKET_AUFZAEHLUNG_NAMEN, type TicketAufzaehlung } from '@vario/contract';
import { api } from '@/lib/api/client';
import { TICKET_ENUM_STAMP_KEY, tokenState } from '@/lib/api/token';
import { readDeviceCopy, writeDeviceCopy } from '@/lib/device-copy';
import { createQueryKeys } from '@/lib/query-keys';
import { useStore } from '@/lib/store';

/** One choice of an enumeration: the row's wert and bezeichnung as value and label (TKT-010). */
export interface EnumOption {
  value: string;
  label: string;
}
export type TicketEnums = Record<TicketAufzaehlung, EnumOption[]>;

const COPY = 'ticketEnums';
const DAY_MS = 24 * 60 * 60 * 1000;
export const ticketEnumKeys = createQueryKeys('ticketEnums');

/** The stamp counts while it is a number, not older than a day and not from the future (TKT-011). */
export function stampIsFresh(stamp: string | null, now: number): boolean {
  if (!stamp || !/^\d+$/.test(stamp)) return false;
  const at = Number(stamp);
  return at <= now && now - at < DAY_MS;
}

/** The label of a value, or the value itself when the enumeration does not list it. */
export const enumLabel = (options: readonly EnumOption[] | undefined, value: number | null | undefined) =>
  value === null || value === undefined ? '' : (options?.find((o) => o.value === String(value))?.label ?? String(value));

async function fetchEnums(): Promise<TicketEnums> {
  const lists = await Promise.all(
    TICKET_AUFZAEHLUNG_NAMEN.map(async (name) => {
      const res = await api(TICKET_AUFZAEHLUNG_ENDPOINTS[name], { params: { limit: TICKET_AUFZAEHLUNG_LIMIT } });
      return [name, res.result.map((r) => ({ value: String(r.wert), label: r.bezeichnung }))] as const;
    }),
  );
  return Object.fromEntries(lists) as TicketEnums;
}

/**
 * The six ticket enumerations (TKT-008/009), kept on the device with a stamp: reloaded when missing, never stamped or
 * older than a day (TKT-011); logout removes the stamp (APP-023, `tokenStore.clear`), login the copy.
 */
export async function loadTicketEnums(token: string | null, now = Date.now()): Promise<TicketEnums> {
  const copy = readDeviceCopy<TicketEnums>(COPY, token);
  if (copy && stampIsFresh(localStorage.getItem(TICKET_ENUM_STAMP_KEY), now)) return copy;
  const data = await fetchEnums();
  writeDeviceCopy(COPY, token, data);
  localStorage.setItem(TICKET_ENUM_STAMP_KEY, String(now));
  return data;
}

export function useTicketEnums() {
  const token = useStore(tokenState);
  return useQuery({
    queryKey: ticketEnumKeys.custom(token),
    queryFn: () => loadTicketEnums(token),
    enabled: !!token,
    staleTime: DAY_MS,
    meta: { silent: true },
  });
}
