import { beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage of a browser, for the node test environment. */
const storage = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, String(v)),
  removeItem: (k: string) => void storage.delete(k),
  clear: () => storage.clear(),
  key: (i: number) => [...storage.keys()][i] ?? null,
  get length() {
    return storage.size;
  },
});
const calls: { name: string; limit: unknown }[] = [];
vi.mock('@/lib/api/client', () => ({
  api: async (name: string, opts: { params: { limit: unknown } }) => {
    calls.push({ name, limit: opts.params.limit });
    return { result: [{ wert: 90, bezeichnung: `${name} erledigt` }] };
  },
}));

const { loadTicketEnums, stampIsFresh, enumLabel } = await import('./enums');
const { tokenStore, TICKET_ENUM_STAMP_KEY } = await import('@/lib/api/token');

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 27, 10);

describe('ticket enumerations on the device', () => {
  beforeEach(() => {
    storage.clear();
    calls.length = 0;
  });

  it('[TKT-009] loads the six enumerations with limit 500, rows wert/bezeichnung as value/label [TKT-010]', async () => {
    const enums = await loadTicketEnums('tok', now);
    expect(calls.map((c) => c.name).sort()).toEqual([
      'ticketAbrechnungsarten',
      'ticketAbrechnungsregeln',
      'ticketArten',
      'ticketPrioritaeten',
      'ticketRollen',
      'ticketStatustexte',
    ]);
    expect(calls.every((c) => c.limit === 500)).toBe(true);
    expect(enums.statustexte).toEqual([{ value: '90', label: 'ticketStatustexte erledigt' }]);
    expect(enumLabel(enums.statustexte, 90)).toBe('ticketStatustexte erledigt');
    expect(enumLabel(enums.statustexte, 7)).toBe('7');
  });

  it('[TKT-011] are refreshed when missing, never stamped or older than a day, and kept while fresh', async () => {
    await loadTicketEnums('tok', now);
    expect(calls).toHaveLength(6);
    await loadTicketEnums('tok', now + DAY - 1);
    expect(calls).toHaveLength(6);
    await loadTicketEnums('tok', now + DAY);
    expect(calls).toHaveLength(12);
    storage.delete(TICKET_ENUM_STAMP_KEY);
    await loadTicketEnums('tok', now + DAY);
    expect(calls).toHaveLength(18);
  });

  it('logout (tokenStore.clear) removes the stamp with the token, so the next session loads them afresh', async () => {
    tokenStore.set('tok');
    await loadTicketEnums('tok', now);
    expect(storage.get(TICKET_ENUM_STAMP_KEY)).toBe(String(now));
    tokenStore.clear();
    expect(storage.has(TICKET_ENUM_STAMP_KEY)).toBe(false);
    expect(storage.has('vario.token')).toBe(false);
  });

  it('a stamp from the future or not a number does not count', () => {
    expect(stampIsFresh(String(now + 1000), now)).toBe(false);
    expect(stampIsFresh('abc', now)).toBe(false);
    expect(stampIsFresh(null, now)).toBe(false);
    expect(stampIsFresh(String(now - 1000), now)).toBe(true);
  });
});
