import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { BELEG_RANGES } from '../src/db/migrations/0007_belege';
import { up as altbestand } from '../src/db/migrations/0012_belege_altbestand';
import { up as offenePostenAltbestand } from '../src/db/migrations/0014_offene_posten_altbestand';
import { umsatzNeuAufbauen } from '../src/db/umsatz';
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
    // the turnover aggregate of such a database is counted by migration 0034 (the rebuild)
    await umsatzNeuAufbauen(db as never);
    expect(await umsatz(kunde.id)).toBe(0); // what an upgraded database showed
    // 0007 started every document range at 1, below the numbers the documents already carry
    await db.updateTable('nummernkreise').set({ naechste: 1 }).where('name', 'like', 'BELEG_0%').execute();

    await altbestand(db as never);
    // 0034 runs after 0012 on an upgrade: its count sees the booking times 0012 gave
    await umsatzNeuAufbauen(db as never);
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

describe('invoices booked before open items existed (migration 0014)', () => {
  const opv = async (belegId: number | null) => {
    const found = expectOk(await c.call(endpoints.offenePostenList, { as, query: { filter: `belegId=${belegId}` } })).result[0];
    return found ? expectOk(await c.call(endpoints.offenerPostenGet, { as, params: { id: found.id } })).result : undefined;
  };
  const opvBetrag = async (id: number) => expectOk(await c.call(endpoints.adresseGet, { as, params: { id } })).result.opvBetrag;
  const vergleichbar = ({ id: _id, nummer: _n, angelegtAm: _a, geaendertAm: _g, ...rest }: Record<string, unknown>) => rest;
  const skontoArt = async () =>
    (await db.selectFrom('zahlungsarten').select('id').where('skontoProzent', '>', 0).where('skontoTage', '>', 0).executeTakeFirstOrThrow()).id;

  it('0014 gives every booked, uncancelled invoice and credit note the open item booking would have made; payments, cancel and new items work after it', async () => {
    const skonto = await skontoArt();
    const mitSkonto = await f.adresse({ zahlart: skonto });
    const ohne = await f.adresse();
    // made through the service: the items the migration must reproduce
    const rechnung = await f.offenerPosten({ betrag: 1000.01, adresseId: mitSkonto.id, belegdatum: '2026-03-02' });
    const gutschrift = await f.offenerPosten({ betrag: 50, belegart: '0500', adresseId: ohne.id, belegdatum: '2026-01-31' });
    const null_ = await f.offenerPosten({ betrag: 0, adresseId: ohne.id, belegdatum: '2026-02-10' });
    // the document's own payment type counts before the address's
    const eigeneBedingung = await f.beleg({ belegart: '0400', adresseId: ohne.id, belegdatum: '2026-02-27', zahlart: skonto });
    await f.position(eigeneBedingung.id, { menge: 3, einzelpreis: 33.33, mwstSatz: 19 });
    expectOk(await c.call(endpoints.belegBuchen, { as, params: { id: eigeneBedingung.id }, body: {} }));
    const eigen = (await opv(eigeneBedingung.id))!;
    expect(eigen).toMatchObject({ skontoProzent: 2, nettoFaellig: '2026-03-29', skontoDatum: '2026-03-09' });
    // a cancelled invoice (whose item its cancellation settled, GoBD), an unbooked invoice and a booked order get none
    const storniert = await f.offenerPosten({ betrag: 10, adresseId: ohne.id });
    expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: storniert.belegId }, body: {} }));
    const ungebucht = await f.beleg({ belegart: '0400', adresseId: ohne.id });
    await f.position(ungebucht.id, { menge: 1, einzelpreis: 5 });
    const auftrag = await gebucht('0200', ohne.id);
    const vorher = { mitSkonto: await opvBetrag(mitSkonto.id), ohne: await opvBetrag(ohne.id) };
    expect(vorher).toEqual({ mitSkonto: 1000.01, ohne: -50 + eigen.offenerBetrag });

    // the previous release: no open items, the addresses' open amounts 0, the range (made by 0008) at 1
    const alle = [rechnung, gutschrift, null_, eigen];
    await db
      .deleteFrom('offenePosten')
      .where(
        'id',
        'in',
        alle.map((o) => o.id),
      )
      .execute();
    await db.updateTable('adressen').set({ opvBetrag: 0 }).where('id', 'in', [mitSkonto.id, ohne.id]).execute();
    const rest = await db
      .selectFrom('offenePosten')
      .select((eb) => eb.fn.max('nummer').as('n'))
      .executeTakeFirst();
    await db
      .updateTable('nummernkreise')
      .set({ naechste: Number(rest?.n ?? 0) + 1 })
      .where('name', '=', 'OFFENER_POSTEN')
      .execute();
    for (const o of alle) expect(await opv(o.belegId)).toBeUndefined();

    await offenePostenAltbestand(db as never);
    const neu = new Map<number | null, Awaited<ReturnType<typeof opv>>>();
    for (const o of alle) {
      const item = await opv(o.belegId);
      expect(item, `open item of ${o.rechnungsnummer}`).toBeDefined();
      expect(vergleichbar(item!)).toEqual(vergleichbar(o));
      neu.set(o.belegId, item);
    }
    expect(neu.get(null_.belegId)).toMatchObject({ rechnungsBetrag: 0, abgeschlossen: true });
    expect(neu.get(rechnung.belegId)).toMatchObject({ skontoBetrag: 20, nettoFaellig: '2026-04-01', skontoDatum: '2026-03-12' });
    expect(neu.get(gutschrift.belegId)).toMatchObject({ opvArt: 'GU', rechnungsBetrag: -50, offenerBetrag: -50 });
    // issue 19 item 8: the cancelled invoice keeps its item, settled by the cancellation (this asserted it deleted before)
    expect(await opv(storniert.belegId)).toMatchObject({ offenerBetrag: 0, abgeschlossen: true, rechnungsBetrag: 10 });
    expect(await opv(ungebucht.id)).toBeUndefined();
    expect(await opv(auftrag.id)).toBeUndefined();
    expect({ mitSkonto: await opvBetrag(mitSkonto.id), ohne: await opvBetrag(ohne.id) }).toEqual(vorher);
    const nummern = [...neu.values()].map((o) => o!.nummer);
    expect(new Set(nummern).size).toBe(alle.length);
    const kreis = await db.selectFrom('nummernkreise').select('naechste').where('name', '=', 'OFFENER_POSTEN').executeTakeFirstOrThrow();
    expect(Number(kreis.naechste)).toBe(Math.max(...nummern) + 1);
    const protokoll = await db.selectFrom('protokoll').select('datensatzId').where('tabelle', '=', 'OPV').where('aktion', '=', 'NEU').execute();
    for (const o of neu.values()) expect(protokoll.map((p) => p.datensatzId)).toContain(o!.id);

    // a second run changes nothing
    await offenePostenAltbestand(db as never);
    expect(
      await db
        .selectFrom('offenePosten')
        .select('id')
        .where(
          'belegId',
          'in',
          alle.map((o) => o.belegId),
        )
        .execute(),
    ).toHaveLength(alle.length);

    // the items work: a payment, the cancellation of an unpaid invoice, a new invoice's number after them
    const bezahlt = expectOk(
      await c.call(endpoints.zahlungCreate, {
        as,
        params: { id: neu.get(rechnung.belegId)!.id },
        body: { data: { zahlungsBetrag: 400, zahlungsDatum: '2026-03-05', zahlungPer: 'Überweisung' } },
      }),
    );
    expect(bezahlt.offenerPosten).toMatchObject({ offenerBetrag: 600.01, bisherGezahlt: 400 });
    expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: eigeneBedingung.id }, body: {} }));
    // settled by the cancellation, not deleted (issue 19 item 8; this asserted the deletion before)
    expect(await opv(eigeneBedingung.id)).toMatchObject({ offenerBetrag: 0, abgeschlossen: true });
    expect(await opvBetrag(ohne.id)).toBe(-50);
    const spaeter = await f.offenerPosten({ betrag: 1, adresseId: ohne.id });
    expect(spaeter.nummer).toBeGreaterThan(Math.max(...nummern));
  });
});
