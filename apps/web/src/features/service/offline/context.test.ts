import { describe, expect, it } from 'vitest';
import { contextOf } from './context';

/** The device copy's answers as the service reads keep them: a planning list and a task detail with its material. */
const planungen = { result: [{ id: 7, serviceAuftragId: 3, vorOrtDatum: null, auftragsnummer: 'SA-0003', adresseName: 'Kälte Nord GmbH' }] };
const detail = {
  id: 3,
  auftragsnummer: 'SA-0003',
  gebrauchteZeit: 0,
  adresseName: 'Kälte Nord GmbH',
  planungen: [],
  material: [{ id: 9, serviceAuftragId: 3, mengeEingebaut: 0, artikelnummer: 'A-100', artikelbezeichnung: 'Filter', mengeneinheit: 'Stk' }],
};

describe('step context from the device copy (issue 19 item 15)', () => {
  it('names order number, customer and article of a step by any of its ids, offline', () => {
    expect(contextOf({ auftragId: 3, materialId: 9 }, [planungen, detail])).toEqual({
      auftragId: 3,
      auftragsnummer: 'SA-0003',
      kunde: 'Kälte Nord GmbH',
      artikel: 'A-100 · Filter',
      mengeneinheit: 'Stk',
    });
    // a journey step carries only its planning item: the task is found through it
    expect(contextOf({ planungId: 7 }, [planungen])).toEqual({ auftragId: 3, auftragsnummer: 'SA-0003', kunde: 'Kälte Nord GmbH' });
    expect(contextOf({ planungId: 99 }, [planungen, detail])).toEqual({});
  });
});
