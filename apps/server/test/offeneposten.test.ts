import { endpoints, MessageCode } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { heute, plusTage } from '../src/modules/offeneposten/offeneposten.service';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const as = 'buero';

const zahle = (id: number, zahlungsBetrag: number, extra: Partial<{ zahlungsDatum: string; auszug: string; bemerkung: string }> = {}, who = as) =>
  c.call(endpoints.zahlungCreate, {
    as: who,
    params: { id },
    body: { data: { zahlungsBetrag, zahlungsDatum: heute(), zahlungPer: 'Überweisung', ...extra } },
  });

describe('open items', () => {
  it('[OP-003] an invoice makes an open item with the terms of the address (default 14 days net)', async () => {
    const op = await f.offenerPosten({ betrag: 238, belegdatum: '2026-03-02' });
    expect(op).toMatchObject({
      opvArt: 'RE',
      rechnungsBetrag: 238,
      offenerBetrag: 238,
      bisherGezahlt: 0,
      rechnungsdatum: '2026-03-02',
      valuta: '2026-03-02',
      nettoFaellig: '2026-03-16',
      skontoDatum: null,
      mahnstufe: 0,
      abgeschlossen: false,
    });
    const zahlart = (await t.handle.db.selectFrom('zahlungsarten').select('id').where('skontoProzent', '>', 0).executeTakeFirstOrThrow()).id;
    const kunde = await f.adresse({ zahlart });
    const mitSkonto = await f.offenerPosten({ betrag: 1000, adresseId: kunde.id, belegdatum: '2026-03-02' });
    expect(mitSkonto).toMatchObject({ nettoFaellig: '2026-04-01', skontoDatum: '2026-03-12', skontoProzent: 2, skontoBetrag: 20 });
  });

  it('partial and full payment; completed when nothing is open; overpayment refused', async () => {
    const op = await f.offenerPosten({ betrag: 100.5 });
    const teil = expectOk(await zahle(op.id, 40.25, { auszug: 'KA 12/3', bemerkung: 'erste Rate' }));
    expect(teil.offenerPosten).toMatchObject({ offenerBetrag: 60.25, bisherGezahlt: 40.25, abgeschlossen: false });
    expect(teil.result).toMatchObject({ zahlungsBetrag: 40.25, auszug: 'KA 12/3', zahlungPer: 'Überweisung', bemerkung: 'erste Rate' });
    const zuViel = expectError(await zahle(op.id, 60.26), 422, MessageCode.unprocessable);
    expect(zuViel.errors.fieldErrors.zahlungsBetrag?.[0]).toContain('60,25');
    const rest = expectOk(await zahle(op.id, 60.25));
    expect(rest.offenerPosten).toMatchObject({ offenerBetrag: 0, bisherGezahlt: 100.5, abgeschlossen: true });
    expectError(await zahle(op.id, 1), 422);
    const list = expectOk(await c.call(endpoints.zahlungenList, { as, params: { id: op.id } }));
    expect(list.result.map((z) => z.zahlungsBetrag)).toEqual([40.25, 60.25]);
    const one = expectOk(await c.call(endpoints.zahlungGet, { as, params: { id: op.id, paymentId: teil.result.id } }));
    expect(one.result.bemerkung).toBe('erste Rate');
  });

  it('dunning run raises overdue items once per day', async () => {
    const alt = await f.offenerPosten({ betrag: 50, belegdatum: plusTage(heute(), -40) });
    const first = expectOk(await c.call(endpoints.mahnlauf, { as }));
    const second = expectOk(await c.call(endpoints.mahnlauf, { as }));
    expect(first.result.bereitsGelaufen).toBe(false);
    expect(second.result).toMatchObject({ bereitsGelaufen: true, erhoeht: 0 });
    expect(expectOk(await c.call(endpoints.offenerPostenGet, { as, params: { id: alt.id } })).result.mahnstufe).toBe(1);
    const u = expectOk(await c.call(endpoints.offenePostenUebersicht, { as })).daten[0]!.datensaetze[0]!;
    expect(u.stufe1_Anzahl).toBeGreaterThanOrEqual(1);
  });
});
