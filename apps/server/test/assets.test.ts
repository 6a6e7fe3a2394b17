import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { png } from '../src/seed/png';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/vario-api${url}` });
const b64 = (b: Buffer) => b.toString('base64');

async function neuesAsset(data: Record<string, unknown> = {}) {
  const res = await t.call(buero, {
    method: 'POST',
    url: '/vario-api/stammdaten/assets',
    payload: { data: { assetnummer: `AT-${Math.random().toString(36).slice(2, 9)}`, bezeichnung: 'Kältemaschine', ...data } },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().result as { id: number } & Record<string, unknown>;
}

describe('assets', () => {
  it('[ASS-002] [ASS-003] list columns, read one, create, change, delete with rights', async () => {
    const list = (await get(buero, '/stammdaten/assets?limit=5&returnTotal=true')).json();
    expect(list.result).toHaveLength(5);
    expect(Object.keys(list.result[0]).sort()).toEqual(['adresseId', 'assetnummer', 'bezeichnung', 'id', 'imei', 'istAktiv', 'seriennummer'].sort());
    const a = await neuesAsset({ beginnGarantie: '2025-01-01', endeGarantie: '2027-01-01', abweichenderStandort: true, standortName: 'Dach', s01: '2019' });
    expect((await get(buero, `/stammdaten/assets/${a.id}`)).json().result).toMatchObject({
      istAktiv: true,
      abweichenderStandort: true,
      standortName: 'Dach',
      s01: '2019',
      endeGarantie: '2027-01-01',
    });
    expect(
      (await t.call(buero, { method: 'PATCH', url: `/vario-api/stammdaten/assets/${a.id}`, payload: { data: { istAktiv: false } } })).json().result.istAktiv,
    ).toBe(false);
    expectError(await t.call(buero, { method: 'DELETE', url: `/vario-api/stammdaten/assets/${a.id}` }), 403);
    expect((await t.call(admin, { method: 'DELETE', url: `/vario-api/stammdaten/assets/${a.id}` })).statusCode).toBe(204);
  });

  it('[ASS-004] bad dates, IMEI and references are 400 with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ beginnGarantie: '2025-05-01', endeGarantie: '2025-01-01' }, 'endeGarantie'],
      [{ imei: '123' }, 'imei'],
      [{ adresseId: 999_999 }, 'adresseId'],
      [{ beginnService: '1.1.2025' }, 'beginnService'],
    ];
    for (const [data, field] of cases) {
      const res = await t.call(buero, {
        method: 'POST',
        url: '/vario-api/stammdaten/assets',
        payload: { data: { assetnummer: 'X-1', bezeichnung: 'x', ...data } },
      });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors), field).toContain(field);
    }
    const a = await neuesAsset({ beginnService: '2025-01-01' });
    expect(
      Object.keys(
        expectError(
          await t.call(buero, {
            method: 'PATCH',
            url: `/vario-api/stammdaten/assets/${a.id}`,
            payload: { data: { endeService: '2024-01-01', beginnService: '2025-01-01' } },
          }),
          400,
        ).errors.fieldErrors,
      ),
    ).toEqual(['endeService']);
  });

  it('[ASS-005] the free-field labels come from the parameters', async () => {
    const rows = (await get(buero, '/stammdaten/assets/sfelder')).json().result;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ feld: 's01', bezeichnung: 'Baujahr' });
  });

  it('[RIGHT-013] without ASS_SEHEN assets are refused', async () => {
    const id = (await t.handle.db.selectFrom('benutzer').select('id').where('anmeldename', '=', 'buero').executeTakeFirstOrThrow()).id;
    await t.handle.db.updateTable('rechte').set({ genehmigt: false }).where('benutzerId', '=', id).where('recht', '=', 'ASS_SEHEN').execute();
    expectError(await get(buero, '/stammdaten/assets'), 403);
    await t.handle.db.updateTable('rechte').set({ genehmigt: true }).where('benutzerId', '=', id).where('recht', '=', 'ASS_SEHEN').execute();
  });
});

describe('asset images and files', () => {
  it('[APP-108] [ASS-007] [ASS-008] [ASS-009] [ASS-013] images only; the server makes a 400×400 thumbnail and a 1600×1600 popup', async () => {
    const a = await neuesAsset();
    const refused = await t.call(buero, {
      method: 'POST',
      url: `/vario-api/stammdaten/assets/${a.id}/bilder`,
      payload: { data: { dateiname: 'x.png', daten: b64(Buffer.from('%PDF-1.4 kein Bild')) } },
    });
    expect(expectError(refused, 400).errors.fieldErrors.daten).toBeDefined();
    const big = png(3200, 2000, (x, y) => [x % 256, y % 256, 128]);
    const up = await t.call(buero, {
      method: 'POST',
      url: `/vario-api/stammdaten/assets/${a.id}/bilder`,
      payload: { data: { dateiname: 'gross.png', daten: b64(big) } },
    });
    expect(up.statusCode).toBe(201);
    await t.call(buero, {
      method: 'POST',
      url: `/vario-api/stammdaten/assets/${a.id}/bilder`,
      payload: { data: { dateiname: 'klein.png', daten: b64(png(300, 200, () => [10, 20, 30])) } },
    });
    const list = (await get(buero, `/stammdaten/assets/${a.id}/bilder?limit=50&offset=0&orderBy=bildindex`)).json();
    expect(list.resultCount).toBe(2);
    expect(list.result.map((r: { bildindex: number; dateiname: string }) => [r.bildindex, r.dateiname])).toEqual([
      [1, 'gross.png'],
      [2, 'klein.png'],
    ]);
    const thumb = await sharp(Buffer.from(list.result[0].gfx, 'base64')).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 250]);
    const popup = (await get(buero, `/stammdaten/assets/${a.id}/bilder/${list.result[0].id}`)).json().result;
    const pm = await sharp(Buffer.from(popup.gfx, 'base64')).metadata();
    expect([pm.width, pm.height]).toEqual([1600, 1000]);
    const small = await sharp(Buffer.from(list.result[1].gfx, 'base64')).metadata();
    expect([small.width, small.height]).toEqual([300, 200]);
    expect((await t.call(buero, { method: 'DELETE', url: `/vario-api/stammdaten/assets/${a.id}/bilder/${list.result[0].id}` })).statusCode).toBe(204);
    expect((await get(buero, `/stammdaten/assets/${a.id}/bilder`)).json().resultCount).toBe(1);
  });

  it('[ASS-010] [ASS-011] files: upload, list 50 per page, read base64, binary download, delete', async () => {
    const a = await neuesAsset();
    const content = Buffer.from('Prüfbericht', 'utf8');
    const up = await t.call(buero, {
      method: 'POST',
      url: `/vario-api/stammdaten/assets/${a.id}/dateien`,
      payload: { data: { dateiname: 'bericht.txt', daten: b64(content) } },
    });
    expect(up.statusCode).toBe(201);
    const f = up.json().result;
    const list = (await get(buero, `/stammdaten/assets/${a.id}/dateien?limit=50&offset=0`)).json();
    expect(list.result.map((r: { id: number }) => r.id)).toEqual([f.id]);
    expect(Buffer.from((await get(buero, `/stammdaten/assets/${a.id}/dateien/${f.id}`)).json().result.daten, 'base64').toString('utf8')).toBe('Prüfbericht');
    const bin = await get(buero, `/assets/${a.id}/dateien/${f.id}/gfx`);
    expect(bin.headers['content-type']).toContain('text/plain');
    expect(bin.rawPayload.equals(content)).toBe(true);
    expect((await t.call(buero, { method: 'DELETE', url: `/vario-api/stammdaten/assets/${a.id}/dateien/${f.id}` })).statusCode).toBe(204);
    expectError(await get(buero, `/assets/${a.id}/dateien/${f.id}/gfx`), 404);
  });
});
