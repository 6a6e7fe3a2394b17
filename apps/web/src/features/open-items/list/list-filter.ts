import { berlinTag } from '@vario/contract';
import { listSearchQ } from '@/components/data-grid/keep-alive';

/** Which items the index shows: open (default), completed, or all. */
export const OPEN_ITEM_STATES = ['open', 'completed', 'all'] as const;
export type OpenItemState = (typeof OPEN_ITEM_STATES)[number];
export const DUNNING_LEVELS = [0, 1, 2, 3, 4, 5] as const;

export interface OpenItemListSearch {
  status?: OpenItemState;
  /** Dunning level 0–5. */
  stufe?: number;
  strittig?: boolean;
  overdue?: boolean;
  /** The items of one address (from an address's screens). */
  adresseId?: number;
  q?: string;
}

const flag = (v: unknown) => (v === true || v === 'true' ? true : undefined);
const level = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : undefined;
};

export const validateOpenItemListSearch = (s: Record<string, unknown>): OpenItemListSearch => ({
  status: OPEN_ITEM_STATES.includes(s.status as OpenItemState) && s.status !== 'open' ? (s.status as OpenItemState) : undefined,
  stufe: level(s.stufe),
  strittig: flag(s.strittig),
  overdue: flag(s.overdue),
  adresseId: typeof s.adresseId === 'number' || (typeof s.adresseId === 'string' && /^[1-9]\d{0,9}$/.test(s.adresseId)) ? Number(s.adresseId) : undefined,
  q: listSearchQ(s.q),
});

/** An open item is overdue when something is still open and its net due date has passed (`today`: the Berlin business day the server dates by). */
export const isOverdue = (item: { abgeschlossen: boolean; nettoFaellig: string; offenerBetrag: number }, today = berlinTag()) =>
  !item.abgeschlossen && item.offenerBetrag > 0 && item.nettoFaellig < today;

/** The list filter in the server's grammar. */
export function openItemFilter(s: OpenItemListSearch, today = berlinTag()): string | undefined {
  const parts: string[] = [];
  const status = s.status ?? 'open';
  if (status === 'open' || s.overdue) parts.push('abgeschlossen=false');
  if (status === 'completed') parts.push('abgeschlossen=true');
  if (s.stufe !== undefined) parts.push(`mahnstufe=${s.stufe}`);
  if (s.strittig) parts.push('strittig=true');
  if (s.overdue) parts.push(`nettoFaellig<${today}`, 'offenerBetrag>0');
  if (s.adresseId) parts.push(`adresseId=${s.adresseId}`);
  return parts.length ? [...new Set(parts)].join(',') : undefined;
}
