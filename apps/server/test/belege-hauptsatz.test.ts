import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);

// The document read (GET, one statement with the maker's short name and the main rate) and the answers of writes
// (built from the head they wrote) derive the freight's gross from the same rule: the rate with the largest line net,
// of equal nets the higher one, the standard rate without article lines.
describe('freight gross at the main rate', () => {
  it('the read and the write answers agree: no lines, a tie, a larger net at the lower rate, text lines left out', async () => {
    const artikel = await f.artikel({ vknetto: 10 });
    const b = await f.beleg();
    const get = async () => expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result;
    const head = expectOk(await c.call(endpoints.belegUpdate, { as: 'admin', params: { id: b.id }, body: { data: { frachtkosten: 10 } } })).result;
    expect(head.frachtkostenBrutto).toBe(11.9);
    expect((await get()).frachtkostenBrutto).toBe(11.9);
    const add = async (data: Record<string, unknown>) =>
      expectOk(await c.call(endpoints.belegPositionCreate, { as: 'admin', params: { id: b.id }, body: { data } })).result.beleg;
    // 10 € at 7 %, 10 € at 19 %: a tie, the higher rate
    expect((await add({ artikelnummer: artikel.artikelnummer, menge: 1, einzelpreis: 10, mwstSatz: 7 })).frachtkostenBrutto).toBe(10.7);
    const tie = await add({ artikelnummer: artikel.artikelnummer, menge: 1, einzelpreis: 10, mwstSatz: 19 });
    expect(tie.frachtkostenBrutto).toBe(11.9);
    expect(await get()).toEqual(tie);
    // a text line does not count; 20 € at 7 % against 10 € at 19 %
    await add({ positionsArt: 'T', bezeichnung: 'Abschnitt' });
    const lower = await add({ artikelnummer: artikel.artikelnummer, menge: 1, einzelpreis: 10, mwstSatz: 7 });
    expect(lower.frachtkostenBrutto).toBe(10.7);
    expect(await get()).toEqual(lower);
    expect((await get()).benutzer).toBe(lower.benutzer);
  });
});
