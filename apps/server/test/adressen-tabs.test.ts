import { describe, expect, it } from 'vitest';
import { avatarPng } from '../src/seed/png';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const admin = await t.login('admin');
const buero = await t.login('buero');
const techniker = await t.login('techniker');
const base = '/vario-api/stammdaten/adressen';
const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const adresse = (await t.handle.db.selectFrom('adressen').select('id').where('anrede', '=', 'Firma').orderBy('id').executeTakeFirstOrThrow()).id;
const andere = (await t.handle.db.selectFrom('adressen').select('id').where('id', '!=', adresse).orderBy('id').executeTakeFirstOrThrow()).id;
const b64 = (b: Buffer) => b.toString('base64');

describe('persons', () => {
  it('[ADR-036] [ADR-037] lists the persons of an address ordered by sortierung', async () => {
    const rows = (await get(buero, `${base}/${adresse}/ansprechpartner?orderBy=sortierung`)).json().result;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { adresseId: number }) => r.adresseId === adresse)).toBe(true);
    const s = rows.map((r: { sortierung: number }) => r.sortierung);
    expect(s).toEqual([...s].sort((a: number, b: number) => a - b));
  });

  it('[ADR-043] [ADR-046] create needs a last name, answers Location of the person', async () => {
    const bad = expectError(await t.call(buero, { method: 'POST', url: `${base}/${adresse}/ansprechpartner`, payload: { data: { vorname: 'Ohne' } } }), 400);
    expect(bad.errors.fieldErrors.name).toBeDefined();
    const blank = expectError(await t.call(buero, { method: 'POST', url: `${base}/${adresse}/ansprechpartner`, payload: { data: { name: '  ' } } }), 400);
    expect(blank.errors.fieldErrors.name).toEqual(['Please enter a last name to continue']);
    const res = await t.call(buero, {
      method: 'POST',
      url: `${base}/${adresse}/ansprechpartner`,
      payload: { data: { name: 'Neumann', vorname: 'Nora', anrede: 'Frau' } },
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().result;
    expect(res.headers.location).toBe(`/vario-api/stammdaten/ansprechpartner/${p.id}`);
    expect(p).toMatchObject({ adresseId: adresse, name: 'Neumann', vorname: 'Nora', gfxid: null });
    expect((await get(buero, `/vario-api/stammdaten/ansprechpartner/${p.id}`)).json().result.name).toBe('Neumann');
  });

  it('a person of an unknown address is a 404', async () => {
    expectError(await t.call(buero, { method: 'POST', url: `${base}/999999/ansprechpartner`, payload: { data: { name: 'X' } } }), 404);
  });

  it('[APP-108] [ADR-042] a picture must be an image; the image is served as binary', async () => {
    const p = (await t.call(buero, { method: 'POST', url: `${base}/${adresse}/ansprechpartner`, payload: { data: { name: 'Bild' } } })).json().result;
    const refused = await t.call(buero, {
      method: 'POST',
      url: `/vario-api/stammdaten/ansprechpartner/${p.id}/bild`,
      payload: { data: { dateiname: 'foto.png', daten: b64(Buffer.from('kein Bild, nur Text')) } },
    });
    expect(expectError(refused, 400).errors.fieldErrors.daten).toBeDefined();
    const image = avatarPng(200, 32);
    const ok = await t.call(buero, {
      method: 'POST',
      url: `/vario-api/stammdaten/ansprechpartner/${p.id}/bild`,
      payload: { data: { dateiname: 'foto.png', daten: b64(image) } },
    });
    const gfxid = ok.json().result.gfxid;
    expect(gfxid).toBeGreaterThan(0);
    const gfx = await get(buero, `/vario-api/stammdaten/bilder/${gfxid}/gfx`);
    expect(gfx.headers['content-type']).toBe('image/png');
    expect(gfx.rawPayload.equals(image)).toBe(true);
    expectError(await t.call(null, { method: 'GET', url: `/vario-api/stammdaten/bilder/${gfxid}/gfx` }), 401);
  });

  it('[ADR-049] delete removes the person and its picture', async () => {
    const p = (await t.call(buero, { method: 'POST', url: `${base}/${adresse}/ansprechpartner`, payload: { data: { name: 'Kurz' } } })).json().result;
    const withPic = (
      await t.call(buero, {
        method: 'POST',
        url: `/vario-api/stammdaten/ansprechpartner/${p.id}/bild`,
        payload: { data: { dateiname: 'a.png', daten: b64(avatarPng(10, 16)) } },
      })
    ).json().result;
    expect((await t.call(buero, { method: 'DELETE', url: `/vario-api/stammdaten/ansprechpartner/${p.id}` })).statusCode).toBe(204);
    expectError(await get(buero, `/vario-api/stammdaten/ansprechpartner/${p.id}`), 404);
    expectError(await get(buero, `/vario-api/stammdaten/bilder/${withPic.gfxid}/gfx`), 404);
  });
});

describe('activities', () => {
  const arten = async () => (await get(buero, '/vario-api/crm/aktivitaetsarten')).json().result as { id: number; wert: string; bezeichnung: string }[];

  it('[ADR-050] [ADR-051] [ADR-052] create, read with its type, list newest first, change, delete', async () => {
    const [art] = await arten();
    const res = await t.call(buero, {
      method: 'POST',
      url: '/vario-api/crm/aktivitaeten',
      payload: { data: { adresseId: adresse, artId: art?.id, beschreibung: 'Anruf wegen Wartung', dauer: 15, datum: '2099-01-02T10:00:00+01:00' } },
    });
    expect(res.statusCode).toBe(201);
    const a = res.json().result;
    expect(a).toMatchObject({ adresseId: adresse, dauer: 15, datum: '2099-01-02T09:00:00.000Z', art: { wert: art?.wert, bezeichnung: art?.bezeichnung } });
    expect(a.benutzerId).toBeGreaterThan(0);
    const list = (await get(buero, `${base}/${adresse}/aktivitaeten`)).json().result;
    expect(list[0].id).toBe(a.id);
    const changed = await t.call(buero, { method: 'PATCH', url: `/vario-api/crm/aktivitaeten/${a.id}`, payload: { data: { dauer: 30 } } });
    expect(changed.json().result.dauer).toBe(30);
    expect((await t.call(buero, { method: 'DELETE', url: `/vario-api/crm/aktivitaeten/${a.id}` })).statusCode).toBe(204);
  });

  it('an unknown type, a negative duration or a person of another address are 400', async () => {
    const [art] = await arten();
    const fremd = (await t.handle.db.selectFrom('ansprechpartner').select('id').where('adresseId', '!=', adresse).executeTakeFirstOrThrow()).id;
    const cases: [Record<string, unknown>, string][] = [
      [{ artId: 9999 }, 'artId'],
      [{ artId: art?.id, dauer: -1 }, 'dauer'],
      [{ artId: art?.id, ansprechpartnerId: fremd }, 'ansprechpartnerId'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.call(buero, {
        method: 'POST',
        url: '/vario-api/crm/aktivitaeten',
        payload: { data: { adresseId: adresse, beschreibung: 'x', dauer: 5, datum: new Date().toISOString(), ...extra } },
      });
      expect(Object.keys(expectError(res, 400).errors.fieldErrors)).toContain(field);
    }
  });
});

describe('additional addresses', () => {
  it('[ADR-034] [ADR-035] create, filter by art, read, change, delete — always under their own address', async () => {
    const res = await t.call(buero, {
      method: 'POST',
      url: `${base}/${adresse}/zusatzadressen`,
      payload: { data: { art: 'LIEFERADRESSE', name1: 'Lager Süd', ort: 'Ulm' } },
    });
    expect(res.statusCode).toBe(201);
    const z = res.json().result;
    expect(res.headers.location).toBe(`/vario-api/stammdaten/adressen/${adresse}/zusatzadressen/${z.id}`);
    const rows = (await get(buero, `${base}/${adresse}/zusatzadressen?filter=art=LIEFERADRESSE`)).json().result;
    expect(rows.map((r: { id: number }) => r.id)).toContain(z.id);
    expect(rows.every((r: { art: string }) => r.art === 'LIEFERADRESSE')).toBe(true);
    expect((await get(buero, `${base}/${adresse}/zusatzadressen?filter=art=RECHNUNGSADRESSE`)).json().result.map((r: { id: number }) => r.id)).not.toContain(
      z.id,
    );
    expectError(await get(buero, `${base}/${andere}/zusatzadressen/${z.id}`), 404);
    expectError(await t.call(buero, { method: 'PATCH', url: `${base}/${andere}/zusatzadressen/${z.id}`, payload: { data: { ort: 'X' } } }), 404);
    expect(
      (await t.call(buero, { method: 'PATCH', url: `${base}/${adresse}/zusatzadressen/${z.id}`, payload: { data: { ort: 'Neu-Ulm' } } })).json().result.ort,
    ).toBe('Neu-Ulm');
    expectError(await t.call(buero, { method: 'POST', url: `${base}/${adresse}/zusatzadressen`, payload: { data: { art: 'IRGENDWAS', name1: 'x' } } }), 400);
    expect((await t.call(buero, { method: 'DELETE', url: `${base}/${adresse}/zusatzadressen/${z.id}` })).statusCode).toBe(204);
  });
});

describe('files', () => {
  it('[ADR-069] [ADR-070] [ADR-071] upload, list without e-mails, read base64, download binary, delete', async () => {
    const content = Buffer.from('%PDF-1.4\n% Testdokument\n', 'latin1');
    const up = await t.call(buero, {
      method: 'POST',
      url: `${base}/${adresse}/dateien`,
      payload: { data: { dateiname: 'Angebot Ä.pdf', daten: b64(content), betreff: 'Angebot' } },
    });
    expect(up.statusCode).toBe(201);
    const f = up.json().result;
    expect(f).toMatchObject({ dateiname: 'Angebot Ä.pdf', mimeType: 'application/pdf', groesse: content.length, istEmail: false });
    expect(f.daten).toBeUndefined();
    await t.call(buero, {
      method: 'POST',
      url: `${base}/${adresse}/dateien`,
      payload: { data: { dateiname: 'Mail.eml', daten: b64(Buffer.from('Subject: x')) } },
    });
    const list = (await get(buero, `${base}/${adresse}/dateien?filter=istEmail=false&returnTotal=true`)).json();
    expect(list.result.every((r: { istEmail: boolean }) => !r.istEmail)).toBe(true);
    expect(list.result.map((r: { id: number }) => r.id)).toContain(f.id);
    expect(list.resultCount).toBe(list.result.length);
    const one = (await get(buero, `${base}/${adresse}/dateien/${f.id}`)).json().result;
    expect(Buffer.from(one.daten, 'base64').equals(content)).toBe(true);
    const dl = await get(buero, `${base}/${adresse}/dateien/${f.id}/download`);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''Angebot%20%C3%84.pdf");
    expect(dl.rawPayload.equals(content)).toBe(true);
    expectError(await get(buero, `${base}/${andere}/dateien/${f.id}`), 404);
    expect((await t.call(buero, { method: 'DELETE', url: `${base}/${adresse}/dateien/${f.id}` })).statusCode).toBe(204);
  });

  it('an empty or non-base64 upload is a 400', async () => {
    expectError(await t.call(buero, { method: 'POST', url: `${base}/${adresse}/dateien`, payload: { data: { dateiname: 'x.txt', daten: '' } } }), 400);
    expectError(await t.call(buero, { method: 'POST', url: `${base}/${adresse}/dateien`, payload: { data: { dateiname: 'x.txt', daten: '###' } } }), 400);
  });
});

describe('customer-specific prices', () => {
  const create = async (data: Record<string, unknown>) => {
    const res = await t.call(buero, {
      method: 'POST',
      url: `${base}/${adresse}/kundensonderpreise`,
      payload: { data: { artikelnummer: `T-${Math.random()}`, ...data } },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().result;
  };

  it('[ADR-054] [ADR-060] a price answers gross, the effective price after both discounts', async () => {
    const p = await create({ sonderpreis: 100, rabatt1: 10, rabatt2: 5, preisart: 0 });
    expect(p).toMatchObject({ sonderpreis: 100, sonderpreisBrutto: 119, rabatt1: 10, rabatt2: 5, effektiverPreis: 85.5, mwstSatz: 19 });
  });

  it('[ADR-056] [ADR-061] [ADR-064] tiers: set by number, deleted by null, gross derived and ignored on input', async () => {
    const p = await create({ sonderpreis: 50, preisart: 1 });
    const url = `${base}/${adresse}/kundensonderpreise/${p.id}`;
    const set = await t.call(buero, {
      method: 'PATCH',
      url,
      payload: { data: { mengenabhaengigePreise: { menge2: 10, vk2: 45, vk2Brutto: 999, menge3: 50, vk3: 40, rabatt3: 2 } } },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().result.mengenabhaengigePreise).toEqual({
      menge2: 10,
      vk2: 45,
      vk2Brutto: 53.55,
      rabatt2: null,
      menge3: 50,
      vk3: 40,
      vk3Brutto: 47.6,
      rabatt3: 2,
    });
    const del = await t.call(buero, {
      method: 'PATCH',
      url,
      payload: { data: { mengenabhaengigePreise: { menge3: null, vk3: null, rabatt3: null, vk2: null } } },
    });
    expect(del.json().result.mengenabhaengigePreise).toEqual({ menge2: 10, vk2: null, vk2Brutto: null, rabatt2: null });
    const rab = await t.call(buero, { method: 'PATCH', url, payload: { data: { mengenabhaengigeRabatte: { menge2: 5, rabatt2: 3 } } } });
    expect(rab.json().result.mengenabhaengigeRabatte).toEqual({ menge2: 5, rabatt2: 3 });
    expect(rab.json().result.mengenabhaengigePreise).toEqual({ menge2: 10, vk2: null, vk2Brutto: null, rabatt2: null });
  });

  it('tier values out of range are 400', async () => {
    const p = await create({ preisart: 2 });
    const url = `${base}/${adresse}/kundensonderpreise/${p.id}`;
    expectError(await t.call(buero, { method: 'PATCH', url, payload: { data: { mengenabhaengigeRabatte: { rabatt2: 150 } } } }), 400);
    expectError(await t.call(buero, { method: 'PATCH', url, payload: { data: { mengenabhaengigePreise: { vk2: 'zehn' } } } }), 400);
  });

  it('[ADR-065] [ADR-066] [ADR-067] [ADR-068] time- and quantity-dependent records: create, read, change, delete', async () => {
    const p = await create({ preisart: 3, sonderpreis: 20 });
    const url = `${base}/${adresse}/kundensonderpreise/${p.id}/apz`;
    const res = await t.call(buero, {
      method: 'POST',
      url,
      payload: { data: { abMenge: 10, sonderpreis: 18.5, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30' } },
    });
    expect(res.statusCode).toBe(201);
    const apz = res.json().result;
    expect(res.headers.location).toBe(`${url}/${apz.id}`);
    expect((await get(buero, `${url}/${apz.id}`)).json().result).toEqual({
      id: apz.id,
      abMenge: 10,
      sonderpreis: 18.5,
      gueltigVon: '2026-01-01',
      gueltigBis: '2026-06-30',
    });
    expect(
      (
        await t.call(buero, {
          method: 'PATCH',
          url: `${url}/${apz.id}`,
          payload: { data: { abMenge: 20, sonderpreis: 17, gueltigVon: '2026-01-01', gueltigBis: null } },
        })
      ).json().result,
    ).toMatchObject({ abMenge: 20, gueltigBis: null });
    const bad = expectError(
      await t.call(buero, { method: 'POST', url, payload: { data: { abMenge: 1, sonderpreis: 1, gueltigVon: '2026-05-01', gueltigBis: '2026-04-01' } } }),
      400,
    );
    expect(bad.errors.fieldErrors.gueltigBis).toBeDefined();
    expect((await get(buero, `${base}/${adresse}/kundensonderpreise/${p.id}`)).json().result.zeitabhaengigePreise).toHaveLength(1);
    expect((await t.call(buero, { method: 'DELETE', url: `${url}/${apz.id}` })).statusCode).toBe(204);
    expectError(await get(buero, `${url}/${apz.id}`), 404);
  });

  it('[RIGHT-011] without ART_SONDERPREISE prices can be read but not changed', async () => {
    const p = await create({ sonderpreis: 10 });
    const url = `${base}/${adresse}/kundensonderpreise/${p.id}`;
    expect((await get(techniker, url)).statusCode).toBe(200);
    expectError(await t.call(techniker, { method: 'PATCH', url, payload: { data: { sonderpreis: 1 } } }), 403);
    expectError(await t.call(techniker, { method: 'POST', url: `${url}/apz`, payload: { data: { abMenge: 1, sonderpreis: 1 } } }), 403);
    expectError(await t.call(techniker, { method: 'DELETE', url }), 403);
    expect((await get(admin, url)).json().result.sonderpreis).toBe(10);
  });

  it('a price of another address is a 404', async () => {
    const p = await create({ sonderpreis: 10 });
    expectError(await get(buero, `${base}/${andere}/kundensonderpreise/${p.id}`), 404);
  });
});

describe('turnover, backorders, history', () => {
  const kunde = async () =>
    (await t.handle.db.selectFrom('belege').select('adresseId').where('belegart', '=', '0400').orderBy('adresseId').executeTakeFirstOrThrow()).adresseId;

  it('[ADR-020] turnover by month equals the invoices less credit notes', async () => {
    const id = await kunde();
    const res = (await get(buero, `/vario-api/auswertungen/umsatzstatistik/daten?adresseId=${id}`)).json();
    const rows = res.daten[0].datensaetze as { jahr: number; monat: number; summe: number }[];
    const belege = await t.handle.db
      .selectFrom('belege')
      .select(['belegart', 'belegdatum', 'betragNetto'])
      .where('adresseId', '=', id)
      .where('belegart', 'in', ['0400', '0500'])
      .execute();
    const expected = new Map<string, number>();
    for (const b of belege) {
      const key = `${Number(b.belegdatum.slice(0, 4))}-${Number(b.belegdatum.slice(5, 7))}`;
      expected.set(key, (expected.get(key) ?? 0) + (b.belegart === '0500' ? -1 : 1) * Number(b.betragNetto));
    }
    expect(rows.length).toBe(expected.size);
    for (const r of rows) expect(Math.round(r.summe * 100)).toBe(expected.get(`${r.jahr}-${r.monat}`));
  });

  it('[ADR-072] [ADR-073] [ADR-074] backorders list only open order lines, oldest document first', async () => {
    const offen = await t.handle.db
      .selectFrom('belege as b')
      .innerJoin('belegPositionen as p', 'p.belegId', 'b.id')
      .select('b.adresseId')
      .where('b.belegart', '=', '0200')
      .where('b.belegstatus', 'in', [1, 2])
      .whereRef('p.mengeGeliefert', '<', 'p.menge')
      .executeTakeFirst();
    expect(offen).toBeDefined();
    const rows = (await get(buero, `/vario-api/auswertungen/auftragsrueckstaende/daten?adresseId=${offen?.adresseId}`)).json().daten[0].datensaetze;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r: { offeneMenge: number; menge: number; mengeGeliefert: number }) => r.offeneMenge > 0 && r.offeneMenge === r.menge - r.mengeGeliefert),
    ).toBe(true);
    const dates = rows.map((r: { belegdatum: string }) => r.belegdatum);
    expect(dates).toEqual([...dates].sort());
    expect(rows[0]).toEqual(expect.objectContaining({ belegid: expect.any(Number), belegnr: expect.stringMatching(/^AB/), belegdatum: expect.any(String) }));
  });

  it('[ADR-076] [ADR-077] [ADR-079] history lists invoice lines and filters by article, description and dates', async () => {
    const id = await kunde();
    const all = (await get(buero, `${base}/${id}/historie?returnTotal=true`)).json();
    expect(all.result.length).toBeGreaterThan(0);
    expect(all.resultCount).toBe(all.result.length);
    expect(all.result[0]).toEqual(
      expect.objectContaining({ rowKey: expect.any(String), belegId: expect.any(Number), belegnummer: expect.stringMatching(/^RE/) }),
    );
    const first = all.result[0];
    const byArticle = (await get(buero, `${base}/${id}/historie?artikelnr=${encodeURIComponent(first.artikelnummer)}`)).json().result;
    expect(byArticle.length).toBeGreaterThan(0);
    expect(byArticle.every((r: { artikelnummer: string }) => r.artikelnummer === first.artikelnummer)).toBe(true);
    const word = first.bezeichnung.split(' ')[0].toLowerCase();
    expect(
      (await get(buero, `${base}/${id}/historie?bezeichnung=${encodeURIComponent(word)}`))
        .json()
        .result.every((r: { bezeichnung: string }) => r.bezeichnung.toLowerCase().includes(word)),
    ).toBe(true);
    const von = first.belegdatum;
    const ranged = (await get(buero, `${base}/${id}/historie?datumvon=${von}&datumbis=${von}`)).json().result;
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((r: { belegdatum: string }) => r.belegdatum === von)).toBe(true);
    expectError(await get(buero, `${base}/${id}/historie?datumvon=01.01.2024`), 400);
  });

  it('reports of an unknown address are 404', async () => {
    expectError(await get(buero, '/vario-api/auswertungen/umsatzstatistik/daten?adresseId=999999'), 404);
    expectError(await get(buero, '/vario-api/auswertungen/auftragsrueckstaende/daten'), 400);
  });
});
