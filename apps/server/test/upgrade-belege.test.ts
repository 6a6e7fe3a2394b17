import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { BELEG_RANGES } from '../src/db/migrations/0007_belege';
import { up as altbestand } from '../src/db/migrations/0012_belege_altbestand';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp } from './helper';

/**
 * Upgrading a database of the previous release: its documents were written with `belegstatus` 3 and no `gebuchtAm`
 * (that column came with 0007). Such documents are made here through the API and then put back into the old shape;
 * migration 0012 gives them their booking time, so turnover, cancel and transform treat them as booked, and moves the
 * number ranges (which 0007 started at 1) past the numbers the old documents carry.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const as = 'admin';

async function gebucht(belegart: '0200' | '0400', adresseId: number, menge = 2) {
  const beleg = await f.beleg({ belegart, adresseId });
  await f.position(beleg.id, { menge });
  expectOk(await c.call(endpoints.belegBuchen, { as, params: { id: beleg.id }, body: {} }));
  return beleg;
}
/** The shape the previous release wrote: status as it is, no booking time. */
const alsAlteDaten = (ids: number[]) => db.updateTable('belege').set({ gebuchtAm: null }).where('id', 'in', ids).execute();
const kopf = (id: number) =>
  db.selectFrom('belege').select(['belegstatus', 'belegdatum', 'gebuchtAm', 'storniertAm']).where('id', '=', id).executeTakeFirstOrThrow();
const umsatz = async (adresseId: number) =>
  expectOk(await c.call(endpoints.umsatzstatistik, { as, query: { adresseId } })).daten[0]!.datensaetze.reduce((s, r) => s + r.summe, 0);

describe('documents booked before migration 0007', () => {
  it('0012 fills gebuchtAm of booked (3) and adopted (5) documents only and moves the number ranges past the old numbers: turnover, cancel, transform and new documents work', async () => {
    const kunde = await f.adresse();
    const rechnung = await gebucht('0400', kunde.id);
    const netto = (await db.selectFrom('belege').select('betragNetto').where('id', '=', rechnung.id).executeTakeFirstOrThrow()).betragNetto;
    const auftrag = await gebucht('0200', kunde.id);
    const offen = await f.beleg({ belegart: '0200', adresseId: kunde.id });
    await f.position(offen.id, { menge: 1 });
    // an order adopted before it was booked (8) stays unbooked
    const ungebucht = await f.beleg({ belegart: '0200', adresseId: kunde.id });
    await f.position(ungebucht.id, { menge: 1 });
    expectOk(await c.call(endpoints.belegUmwandeln, { as, params: { id: ungebucht.id, targetType: '0300' }, body: {} }));
    expect((await kopf(ungebucht.id)).belegstatus).toBe(8);
    const vorher = await umsatz(kunde.id);
    expect(vorher).toBeCloseTo(Number(netto) / 100, 2);

    await alsAlteDaten([rechnung.id, auftrag.id]);
    expect(await umsatz(kunde.id)).toBe(0); // what an upgraded database showed
    // 0007 started every document range at 1, below the numbers the documents already carry
    await db.updateTable('nummernkreise').set({ naechste: 1 }).where('name', 'like', 'BELEG_0%').execute();

    await altbestand(db as never);
    const r = await kopf(rechnung.id);
    expect(r.gebuchtAm).toBe(`${r.belegdatum}T00:00:00.000Z`);
    expect((await kopf(auftrag.id)).gebuchtAm).not.toBeNull();
    expect((await kopf(offen.id)).gebuchtAm).toBeNull();
    expect((await kopf(ungebucht.id)).gebuchtAm).toBeNull();
    expect(await umsatz(kunde.id)).toBe(vorher);
    for (const r of BELEG_RANGES) {
      const nummern = await db
        .selectFrom('belege')
        .select('belegnummer')
        .where('belegart', 'like', `${r.name.slice(-2)}%`)
        .execute();
      const hoechste = Math.max(0, ...nummern.filter((n) => n.belegnummer.startsWith(r.praefix)).map((n) => Number(n.belegnummer.slice(r.praefix.length + 5))));
      const kreis = await db.selectFrom('nummernkreise').select('naechste').where('name', '=', r.name).executeTakeFirstOrThrow();
      expect(Number(kreis.naechste), r.name).toBe(hoechste === 0 ? 1 : hoechste + 1);
    }

    // a transformed booked order becomes adopted (5), not "adopted, not yet booked" (8)
    expectOk(await c.call(endpoints.belegUmwandeln, { as, params: { id: auftrag.id, targetType: '0300' }, body: {} }));
    expect((await kopf(auftrag.id)).belegstatus).toBe(5);
    // and new documents continue the ranges
    const neu = await f.beleg({ belegart: '0400', adresseId: kunde.id });
    const re = BELEG_RANGES.find((r) => r.name === 'BELEG_04')!;
    const vorgaenger = await db.selectFrom('belege').select('belegnummer').where('belegart', '=', '0400').where('id', '!=', neu.id).execute();
    const zahl = (n: string) => Number(n.slice(re.praefix.length + 5));
    expect(zahl(neu.belegnummer)).toBeGreaterThan(Math.max(...vorgaenger.filter((v) => v.belegnummer.startsWith(re.praefix)).map((v) => zahl(v.belegnummer))));
    // the invoice can be cancelled (it was refused as "nicht gebucht")
    expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: rechnung.id }, body: {} }));
    expect((await kopf(rechnung.id)).storniertAm).not.toBeNull();
    expect(await umsatz(kunde.id)).toBe(0);
  });
});
