import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/**
 * A product's graduated prices carry a validity period (ART-019, issue 20 item 18): stored and answered per row,
 * checked (end not before start, no two rows of a price group pricing the same quantity on the same day), and the
 * price determination takes a scale only on the days it is valid.
 */

const t = await createTestApp();
const c = api(t);
const f = factories(c);

const setzen = (id: number, data: Record<string, unknown>[], ap: 'AP3' | 'AP5' = 'AP3') =>
  c.call(endpoints.preisstaffelSet, { as: 'admin', params: { id, ap }, body: { data: data as never } });
const lesen = async (id: number, ap: 'AP3' | 'AP5' = 'AP3') => expectOk(await c.call(endpoints.preisstaffel, { as: 'buero', params: { id, ap } })).result;

describe('price scales with a validity period (ART-019)', () => {
  it('[ART-019] rows of one price group for several periods are stored and answered with gueltigVon and gueltigBis', async () => {
    const a = await f.artikel({ staffel: '2', mwstsatz: 19 });
    expectOk(
      await setzen(a.id, [
        { preisgruppe: 1, gueltigVon: '2026-07-01', gueltigBis: null, menge1: 1, vk1: 11 },
        { preisgruppe: 1, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30', menge1: 1, vk1: 10, menge2: 10, vk2: 9 },
        { preisgruppe: 2, menge1: 1, vk1: 9.5 },
      ]),
    );
    const rows = await lesen(a.id);
    expect(rows.map((r) => [r.preisgruppe, r.gueltigVon, r.gueltigBis, r.vk1])).toEqual([
      [1, '2026-01-01', '2026-06-30', 10],
      [1, '2026-07-01', null, 11],
      [2, null, null, 9.5],
    ]);
    expect(rows[0]).toMatchObject({ menge1: 1, vk1Brutto: 11.9, menge2: 10, vk2: 9, vk2Brutto: 10.71 });
    expect(rows[1]).not.toHaveProperty('vk2');
  });

  it('an end before the start and an impossible date are refused with a German field error; nothing is changed', async () => {
    const a = await f.artikel({ staffel: '2' });
    expectOk(await setzen(a.id, [{ preisgruppe: 1, menge1: 1, vk1: 10 }]));
    const e = expectError(await setzen(a.id, [{ preisgruppe: 1, gueltigVon: '2026-05-01', gueltigBis: '2026-04-30', menge1: 1, vk1: 12 }]), 400);
    expect(e.errors.fieldErrors).toEqual({ '0.gueltigBis': ['Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen'] });
    const d = expectError(await setzen(a.id, [{ preisgruppe: 1, gueltigVon: '2026-02-30', menge1: 1, vk1: 12 }]), 400);
    expect(d.errors.fieldErrors['0.gueltigVon']).toEqual(['Ungültiges Datum']);
    // the same day as start and end is a valid one-day period
    expectOk(await setzen(a.id, [{ preisgruppe: 1, gueltigVon: '2026-05-01', gueltigBis: '2026-05-01', menge1: 1, vk1: 12 }]));
    expect((await lesen(a.id)).map((r) => [r.gueltigVon, r.gueltigBis, r.vk1])).toEqual([['2026-05-01', '2026-05-01', 12]]);
  });

  it('two rows of a price group pricing the same quantity in overlapping periods are refused; other quantities, groups or periods are not', async () => {
    const a = await f.artikel({ staffel: '2' });
    expectOk(await setzen(a.id, [{ preisgruppe: 1, menge1: 1, vk1: 10 }]));
    const e = expectError(
      await setzen(a.id, [
        { preisgruppe: 1, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30', menge1: 1, vk1: 10, menge2: 10, vk2: 9 },
        { preisgruppe: 1, gueltigVon: '2026-06-30', gueltigBis: null, menge1: 10, vk1: 8 },
      ]),
      400,
    );
    expect(e.errors.fieldErrors).toEqual({
      '1.gueltigVon': ['Überschneidet sich mit der Staffel der Preisgruppe 1 (vom 01.01.2026 bis 30.06.2026) für die Menge 10'],
    });
    // an open period overlaps every other one: a tier without quantity counts from 0
    const offen = expectError(
      await setzen(a.id, [
        { preisgruppe: 1, vk1: 10 },
        { preisgruppe: 1, gueltigVon: '2027-01-01', menge1: 0, vk1: 8 },
      ]),
      400,
    );
    expect(offen.errors.fieldErrors['1.gueltigVon']?.[0]).toContain('(unbefristet) für die Menge 0');
    // the refused requests changed nothing
    expect((await lesen(a.id)).map((r) => [r.gueltigVon, r.vk1])).toEqual([[null, 10]]);
    // periods that meet no day, other quantities in the same period, or another price group are fine
    expectOk(
      await setzen(a.id, [
        { preisgruppe: 1, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30', menge1: 1, vk1: 10 },
        { preisgruppe: 1, gueltigVon: '2026-07-01', menge1: 1, vk1: 11 },
        { preisgruppe: 1, gueltigVon: '2026-01-01', menge1: 100, vk1: 7 },
        { preisgruppe: 2, menge1: 1, vk1: 9 },
      ]),
    );
    expect(await lesen(a.id)).toHaveLength(4);
  });

  it('the price group applies a scale only inside its period, and the explanation names the period', async () => {
    const adresse = await f.adresse({ preisgruppe: 3 });
    const art = await f.artikel({ vknetto: 10 });
    expectOk(
      await setzen(art.id, [
        { preisgruppe: 3, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30', menge1: 1, vk1: 9, menge2: 20, vk2: 8 },
        { preisgruppe: 3, gueltigVon: '2026-07-01', gueltigBis: '2026-12-31', menge1: 1, vk1: 9.5 },
      ]),
    );
    const amTag = async (belegdatum: string, menge: number) =>
      (await f.position((await f.beleg({ adresseId: adresse.id, belegdatum })).id, { artikelId: art.id, menge })).position;
    const fruehjahr = await amTag('2026-03-01', 20);
    expect(fruehjahr.einzelpreis).toBe(8);
    expect(fruehjahr.preisHerkunft).toMatchObject({
      regel: 'PREISGRUPPE',
      preisgruppe: 3,
      staffel: 2,
      abMenge: 20,
      gueltigVon: '2026-01-01',
      gueltigBis: '2026-06-30',
      text: 'Preisgruppe 3, Staffel 2 ab Menge 20, gültig vom 01.01.2026 bis 30.06.2026: 8,00 €',
    });
    // the last day of the first period, the first of the second
    expect((await amTag('2026-06-30', 1)).einzelpreis).toBe(9);
    const herbst = await amTag('2026-07-01', 20);
    expect(herbst.einzelpreis).toBe(9.5);
    expect(herbst.preisHerkunft).toMatchObject({ staffel: 1, gueltigVon: '2026-07-01', gueltigBis: '2026-12-31' });
    // outside every period the article's base price applies
    const danach = await amTag('2027-01-04', 1);
    expect(danach.einzelpreis).toBe(10);
    expect(danach.preisHerkunft?.regel).toBe('GRUNDPREIS');
  });
});
