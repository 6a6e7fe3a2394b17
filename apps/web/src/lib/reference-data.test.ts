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
const calls: string[] = [];
const answers: Record<string, unknown> = {
  systemParameter: {
    result: [
      { name: 'NUTZUNG.DEALS', wert: '1' },
      { name: 'PFA.WIRTSCHAFTSJAHRBEGINN', wert: '4' },
    ],
  },
  nutzungsparameter: { result: { deals: true, tickets: true, service: true, zeiterfassung: false } },
  preisgruppen: {
    result: [
      { nummer: 1, bezeichnung: 'Standardpreis' },
      { nummer: 2, bezeichnung: 'Preisgruppe 2' },
    ],
  },
  serviceKalenderTypen: { result: [{ id: 1, bezeichnung: 'Termin', farbe: null }] },
  zeiterfassungParameter: { result: { sollMinutenProTag: [480, 480, 480, 480, 480, 0, 0], rundungMinuten: 15, rundungsart: 'KAUFMAENNISCH' } },
  aktivitaetsarten: { result: [{ id: 1, wert: 'NOTIZ', bezeichnung: 'Notiz' }] },
};
vi.mock('@/lib/api/client', () => ({
  api: async (name: string) => {
    calls.push(name);
    return answers[name];
  },
}));

const { loadReferenceData, copyIsFresh, REFERENCE_COPY } = await import('./reference-data');
const { readDeviceCopy } = await import('./device-copy');

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26, 10);

describe('reference data', () => {
  beforeEach(() => {
    storage.clear();
    calls.length = 0;
  });

  it('[APP-028] loads system parameters, usage parameters, price groups, calendar types, time tracking and activity types in one go', async () => {
    const data = await loadReferenceData('t1', now);
    expect(calls.sort()).toEqual([
      'aktivitaetsarten',
      'nutzungsparameter',
      'preisgruppen',
      'serviceKalenderTypen',
      'systemParameter',
      'zeiterfassungParameter',
    ]);
    expect(data.systemParameter).toEqual({ 'NUTZUNG.DEALS': '1', 'PFA.WIRTSCHAFTSJAHRBEGINN': '4' });
    expect(data.nutzungsparameter.zeiterfassung).toBe(false);
    expect(data.preisgruppen[0]).toEqual({ nummer: 1, bezeichnung: 'Standardpreis' });
    expect(data.kalenderTypen).toHaveLength(1);
    expect(data.zeiterfassung.rundungMinuten).toBe(15);
    expect(data.aktivitaetsarten[0]?.wert).toBe('NOTIZ');
    expect(readDeviceCopy(REFERENCE_COPY, 't1')).toEqual({ stamp: now, data });
  });

  it('[APP-028] is read once per session: a fresh device copy answers without a request', async () => {
    const first = await loadReferenceData('t1', now);
    calls.length = 0;
    expect(await loadReferenceData('t1', now + DAY - 1)).toEqual(first);
    expect(calls).toEqual([]);
  });

  it('[APP-028] [APP-027] is reloaded when older than a day, unstamped, from the future or of another session', async () => {
    const data = await loadReferenceData('t1', now);
    calls.length = 0;
    await loadReferenceData('t1', now + DAY);
    expect(calls).toHaveLength(6);
    calls.length = 0;
    await loadReferenceData('t2', now + DAY);
    expect(calls).toHaveLength(6);
    expect(copyIsFresh({ data }, now)).toBe(false);
    expect(copyIsFresh({ stamp: now + 60_000, data }, now)).toBe(false);
    expect(copyIsFresh({ stamp: now }, now)).toBe(false);
    expect(copyIsFresh({ stamp: now - DAY + 1, data }, now)).toBe(true);
  });

  it('[APP-028] a broken device copy is simply reloaded', async () => {
    storage.set(`vario.copy.${REFERENCE_COPY}`, '{not json');
    await loadReferenceData('t1', now);
    expect(calls).toHaveLength(6);
  });
});
