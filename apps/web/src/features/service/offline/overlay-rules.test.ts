import { JOURNEY_SCHRITTE, MATERIAL_MENGENFELD, type ServiceAktionArt, statusNach } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import type { QueuedAction } from './db';
import { withPending } from './overlay';

/** The device copy follows the contract's rules: the status after each step and the quantity field of each material step. */

const step = (art: ServiceAktionArt, extra: Partial<QueuedAction> = {}): QueuedAction => ({
  seq: 1,
  clientId: 'c1',
  art,
  zeitpunkt: '2026-11-26T09:00:00.000Z',
  daten: {},
  user: 1,
  queuedAt: '2026-11-26T09:00:00.000Z',
  attempts: 0,
  ...extra,
});
const planung = () => ({
  id: 5,
  serviceAuftragId: 3,
  beginnDatum: '2026-11-26T08:00:00.000Z',
  endeDatum: '2026-11-26T10:00:00.000Z',
  reisebeginnDatum: null,
  vorOrtDatum: null,
  angenommenDatum: '2026-11-26T07:00:00.000Z',
  auftragsstatus: '02',
  aktiv: true,
});

describe('device copy × the contract’s journey table', () => {
  it.each(Object.keys(JOURNEY_SCHRITTE) as ServiceAktionArt[])('%s leaves the status the server sets', (art) => {
    for (const daten of [{}, { datum: '2026-12-01', uhrzeit: '10:00' }]) {
      const shown = withPending({ result: [planung()] }, [step(art, { planungId: 5, daten })]);
      expect(shown.result[0]?.auftragsstatus).toBe(statusNach(art, daten) ?? '02');
    }
  });

  it('material steps count in the field of their kind, in thousandths', () => {
    const line = {
      id: 9,
      menge: 3,
      mengeEingebaut: 0.1,
      mengeDoa: 0,
      mengeGutteilretoure: 0,
      mengeDefektVerkauft: 0,
      mengeDefektEingelagert: 0,
      mengeBestaetigt: 0,
    };
    for (const [art, feld] of Object.entries(MATERIAL_MENGENFELD)) {
      const shown = withPending([line], [step('materialBuchung', { materialId: 9, daten: { art, menge: 0.2 } })]);
      expect(shown[0]?.[feld], art).toBe(feld === 'mengeEingebaut' ? 0.3 : 0.2);
    }
    expect(withPending([line], [step('rueckbuchung', { materialId: 9, daten: { menge: 1 } })])[0]?.mengeGutteilretoure).toBe(1);
    expect(withPending([line], [step('materialBestaetigen', { materialId: 9, daten: { menge: 2 } })])[0]?.mengeBestaetigt).toBe(2);
  });
});
