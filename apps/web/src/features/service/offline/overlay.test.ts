import { describe, expect, it } from 'vitest';
import type { QueuedAction } from './db';
import { withPending } from './overlay';

const at = (hh: number, mm = 0) => new Date(2026, 10, 26, hh, mm).toISOString();
let seq = 0;
const step = (art: QueuedAction['art'], extra: Partial<QueuedAction> = {}): QueuedAction => ({
  seq: ++seq,
  clientId: `c${seq}`,
  art,
  zeitpunkt: at(9),
  daten: {},
  user: 1,
  queuedAt: at(9),
  attempts: 0,
  ...extra,
});

const planung = () => ({
  id: 5,
  serviceAuftragId: 3,
  reisebeginnDatum: null,
  vorOrtDatum: null,
  angenommenDatum: at(7),
  auftragsstatus: '02',
  strecke: null,
  aktiv: true,
});
const material = () => ({ id: 9, artikelId: 77, mengeEingebaut: 0, mengeDoa: 0, mengeBestaetigt: 1, mengeGutteilretoure: 0 });
const detail = () => ({
  id: 3,
  auftragsnummer: 'AU-1',
  auftragsstatus: '02',
  planungen: [planung()],
  material: [material()],
  materialbuchungen: [],
  zeiten: [],
  schritte: [],
  hatUnterschrift: false,
  unterschriftName: null,
  unterschriftAm: null,
});

describe('device copy with the unsent steps', () => {
  it('continues the journey offline: travel start, arrival, time, material, signature', () => {
    const steps = [
      step('reisebeginn', { planungId: 5, daten: { datum: '08:10' } }),
      step('ankunft', { planungId: 5, daten: { datum: '08:40', strecke: 12 } }),
      step('zeitStart', { planungId: 5, daten: { datum: '08:45' } }),
      step('materialBuchung', { auftragId: 3, materialId: 9, daten: { art: 'eingebaut', menge: 0.1 } }),
      step('materialBuchung', { auftragId: 3, materialId: 9, daten: { art: 'eingebaut', menge: 0.2 } }),
      step('unterschrift', { auftragId: 3, daten: { name: 'Frau Kunde', daten: 'iVBORw0KGgo=' } }),
    ];
    const server = detail();
    const shown = withPending(server, steps);
    expect(server.planungen[0]?.reisebeginnDatum).toBeNull(); // the kept server answer is left alone
    expect(shown.planungen[0]).toMatchObject({ reisebeginnDatum: at(8, 10), vorOrtDatum: at(8, 40), strecke: 12, auftragsstatus: '05' });
    expect(shown.auftragsstatus).toBe('05');
    expect(shown.material[0]?.mengeEingebaut).toBe(0.3);
    expect(shown.materialbuchungen).toHaveLength(2);
    expect(shown.zeiten).toMatchObject([{ art: 'A', von: at(8, 45), bis: null, pending: true }]);
    expect(shown).toMatchObject({ hatUnterschrift: true, unterschriftName: 'Frau Kunde' });
    expect(shown.schritte.map((s: { art: string }) => s.art)).toEqual([
      'reisebeginn',
      'ankunft',
      'zeitStart',
      'materialBuchung',
      'materialBuchung',
      'unterschrift',
    ]);
  });

  it('patches planning items wherever they are (lists) and leaves other tasks alone', () => {
    const list = { result: [planung(), { ...planung(), id: 6 }], hasMoreData: false };
    const shown = withPending(list, [step('reisebeginn', { planungId: 6, zeitpunkt: at(10, 5) })]);
    expect(shown.result[0]?.reisebeginnDatum).toBeNull();
    expect(shown.result[1]?.reisebeginnDatum).toBe(at(10, 5));
  });

  it('shows the copy unchanged when nothing waits', () => {
    const d = detail();
    expect(withPending(d, [])).toBe(d);
  });
});
