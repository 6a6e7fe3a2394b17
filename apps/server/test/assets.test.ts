import { endpoints } from '@vario/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { png } from '../src/seed/png';
import { api, type BodyOf, expectOk, invalid } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const as = 'buero';
const b64 = (b: Buffer) => b.toString('base64');
const neuesAsset = (data: Parameters<typeof f.asset>[0] = {}) => f.asset(data, { as });
const size = async (base64: string) => {
  const m = await sharp(Buffer.from(base64, 'base64')).metadata();
  return [m.width, m.height];
};

describe('assets', () => {
  it('[ASS-002] [ASS-003] list columns, read one, create, change, delete with rights', async () => {
    const list = expectOk(await c.call(endpoints.assetsList, { as, query: { limit: 5, returnTotal: true } }));
    expect(list.result).toHaveLength(5);
    expect(Object.keys(list.result[0]!).sort()).toEqual(['adresseId', 'assetnummer', 'bezeichnung', 'id', 'imei', 'istAktiv', 'seriennummer'].sort());
    const a = await neuesAsset({ beginnGarantie: '2025-01-01', endeGarantie: '2027-01-01', abweichenderStandort: true, standortName: 'Dach', s01: '2019' });
    const params = { id: a.id };
    expect(expectOk(await c.call(endpoints.assetGet, { as, params })).result).toMatchObject({
      istAktiv: true,
      abweichenderStandort: true,
      standortName: 'Dach',
      s01: '2019',
      endeGarantie: '2027-01-01',
    });
    expect(expectOk(await c.call(endpoints.assetUpdate, { as, params, body: { data: { istAktiv: false } } })).result.istAktiv).toBe(false);
    expectError(await c.call(endpoints.assetDelete, { as, params }), 403);
    expect((await c.call(endpoints.assetDelete, { as: 'admin', params })).status).toBe(204);
  });

  it('[ASS-004] every asset field is stored and read back', async () => {
    const data = {
      seriennummer: 'SN-4711',
      imei: '490154203237518',
      bemerkung: 'Bemerkung',
      beschreibung: 'Beschreibung',
      beginnGarantie: '2025-01-01',
      endeGarantie: '2027-01-01',
      beginnService: '2025-02-01',
      endeService: '2026-02-01',
      istAktiv: true,
      abweichenderStandort: true,
      standortName: 'Halle 3',
      standortStrasse: 'Werkstr. 1',
      standortPlz: '04109',
      standortOrt: 'Leipzig',
      s01: 'eins',
      s02: 'zwei',
      s03: 'drei',
      s04: 'vier',
      s05: 'fünf',
      s06: 'sechs',
    };
    const a = await neuesAsset(data);
    expect(expectOk(await c.call(endpoints.assetGet, { as, params: { id: a.id } })).result).toMatchObject({ id: a.id, assetnummer: a.assetnummer, ...data });
  });

  it('bad dates, IMEI and references of an asset are 400 with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ beginnGarantie: '2025-05-01', endeGarantie: '2025-01-01' }, 'endeGarantie'],
      [{ imei: '123' }, 'imei'],
      [{ adresseId: 999_999 }, 'adresseId'],
      [{ beginnService: '1.1.2025' }, 'beginnService'],
    ];
    for (const [data, field] of cases) {
      const res = await c.call(endpoints.assetCreate, { as, body: invalid({ data: { assetnummer: 'X-1', bezeichnung: 'x', ...data } }) });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors), field).toContain(field);
    }
    const a = await neuesAsset({ beginnService: '2025-01-01' });
    const res = await c.call(endpoints.assetUpdate, { as, params: { id: a.id }, body: { data: { endeService: '2024-01-01', beginnService: '2025-01-01' } } });
    expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toEqual(['endeService']);
  });

  it('a duplicate asset number is a 409 naming the field and the value', async () => {
    const a = await f.asset();
    const dup = expectError(await c.call(endpoints.assetCreate, { as: 'admin', body: { data: { assetnummer: a.assetnummer, bezeichnung: 'x' } } }), 409);
    expect(Object.keys(dup.errors.fieldErrors)).toEqual(['assetnummer']);
    expect(dup.errors.fieldErrors.assetnummer?.[0]).toContain(a.assetnummer);
  });

  it('[ASS-005] the free-field labels come from the parameters', async () => {
    const rows = expectOk(await c.call(endpoints.assetSfelder, { as })).result;
    expect(rows.map((r) => r.feld)).toEqual(['s01', 's02', 's03', 's04', 's05', 's06']);
    expect(rows[0]).toEqual({ feld: 's01', bezeichnung: 'Baujahr' });
    // a changed parameter is the new label
    const db = t.handle.db;
    await db.updateTable('systemParameter').set({ wert: 'Herstellungsjahr' }).where('name', '=', 'ASSETS.S01').execute();
    try {
      expect(expectOk(await c.call(endpoints.assetSfelder, { as })).result[0]).toEqual({ feld: 's01', bezeichnung: 'Herstellungsjahr' });
    } finally {
      await db.updateTable('systemParameter').set({ wert: 'Baujahr' }).where('name', '=', 'ASSETS.S01').execute();
    }
  });

  it('[RIGHT-013] without ASS_SEHEN assets are refused', async () => {
    const user = await f.benutzer({ rechte: { ASS_SEHEN: false } });
    const a = await neuesAsset();
    expectError(await c.call(endpoints.assetsList, { as: user.anmeldename }), 403);
    expectError(await c.call(endpoints.assetGet, { as: user.anmeldename, params: { id: a.id } }), 403);
    expect((await c.call(endpoints.assetGet, { as, params: { id: a.id } })).status).toBe(200);
  });
});

describe('asset images and files', () => {
  const uploadImage = (id: number, data: BodyOf<typeof endpoints.assetBildCreate>['data']) =>
    c.call(endpoints.assetBildCreate, { as, params: { id }, body: { data } });

  it('[APP-108] [ASS-007] [ASS-008] [ASS-009] [ASS-013] images only; the server makes a 400×400 thumbnail and a 1600×1600 popup', async () => {
    const a = await neuesAsset();
    const refused = await uploadImage(a.id, { dateiname: 'x.png', daten: b64(Buffer.from('%PDF-1.4 kein Bild')) });
    expect(expectError(refused, 400).errors.fieldErrors.daten).toBeDefined();
    const big = png(3200, 2000, (x, y) => [x % 256, y % 256, 128]);
    const up = await uploadImage(a.id, { dateiname: 'gross.png', daten: b64(big) });
    expect(up.status).toBe(201);
    expectOk(await uploadImage(a.id, { dateiname: 'klein.png', daten: b64(png(300, 200, () => [10, 20, 30])) }));
    const list = expectOk(await c.call(endpoints.assetBilder, { as, params: { id: a.id }, query: { limit: 50, offset: 0, orderBy: 'bildindex' } }));
    expect(list.resultCount).toBe(2);
    expect(list.result.map((r) => [r.bildindex, r.dateiname])).toEqual([
      [1, 'gross.png'],
      [2, 'klein.png'],
    ]);
    const first = list.result[0]!;
    const second = list.result[1]!;
    expect(await size(first.gfx)).toEqual([400, 250]);
    const popup = expectOk(await c.call(endpoints.assetBild, { as, params: { id: a.id, subId: first.id } })).result;
    expect(await size(popup.gfx)).toEqual([1600, 1000]);
    expect(await size(second.gfx)).toEqual([300, 200]);
    expect((await c.call(endpoints.assetBildDelete, { as, params: { id: a.id, subId: first.id } })).status).toBe(204);
    expect(expectOk(await c.call(endpoints.assetBilder, { as, params: { id: a.id } })).resultCount).toBe(1);
  });

  it('[ASS-010] [ASS-011] files: upload, list 50 per page, read base64, binary download, delete', async () => {
    const a = await neuesAsset();
    const content = Buffer.from('Prüfbericht', 'utf8');
    const up = await c.call(endpoints.assetDateiCreate, { as, params: { id: a.id }, body: { data: { dateiname: 'bericht.txt', daten: b64(content) } } });
    expect(up.status).toBe(201);
    const file = expectOk(up).result;
    const list = expectOk(await c.call(endpoints.assetDateien, { as, params: { id: a.id }, query: { limit: 50, offset: 0 } }));
    expect(list.result.map((r) => r.id)).toEqual([file.id]);
    const params = { id: a.id, subId: file.id };
    expect(Buffer.from(expectOk(await c.call(endpoints.assetDatei, { as, params })).result.daten, 'base64').toString('utf8')).toBe('Prüfbericht');
    const bin = await c.callRaw(endpoints.assetDateiGfx, { as, params });
    expect(bin.headers['content-type']).toContain('text/plain');
    expect(bin.rawPayload.equals(content)).toBe(true);
    expect((await c.call(endpoints.assetDateiDelete, { as, params })).status).toBe(204);
    expectError(await c.callRaw(endpoints.assetDateiGfx, { as, params }), 404);
  });
});
