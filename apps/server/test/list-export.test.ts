import type { Readable } from 'node:stream';
import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { MAX_EXPORTS } from '../src/lib/list-export';
import { api, buildUrl, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const BOM = '\uFEFF';

/** `n` addresses named `<prefix> 000000 …` in the order of their numbers, written straight into the table (test data only). */
let naechsteNummer = 8_000_000;
async function bulkAdressen(prefix: string, n: number, more: (i: number) => { ort?: string | null; plz?: string | null } = () => ({})) {
  // each call its own range of numbers (the file has its own database; random ranges of thousands could overlap)
  const start = naechsteNummer;
  naechsteNummer += n;
  const now = new Date().toISOString();
  for (let i = 0; i < n; i += 500) {
    const rows = Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
      adressnummer: start + i + j,
      name1: `${prefix} ${String(i + j).padStart(6, '0')} ${'x'.repeat(60)}`,
      angelegtAm: now,
      geaendertAm: now,
      ...more(i + j),
    }));
    await db.insertInto('adressen').values(rows).execute();
  }
  return start;
}

/** The export's answer split into lines and cells (the cells as written, quotes included). */
const linesOf = (body: string) =>
  body
    .slice(BOM.length)
    .split('\r\n')
    .filter((l) => l !== '');

/** An export answered as a stream that nobody reads until the test does (the export holds its place meanwhile). */
async function streamed(query: Record<string, string>): Promise<{ statusCode: number; stream: Readable }> {
  const res = await c.callRaw(endpoints.adressenExport, { as: 'admin', query, payloadAsStream: true });
  return { statusCode: res.statusCode, stream: (res as unknown as { stream: () => Readable }).stream() };
}

const exportAdressen = (query: Record<string, string>, as = 'admin') => c.callRaw(endpoints.adressenExport, { as, query });
const exportOp = (query: Record<string, string>, as = 'admin') => c.callRaw(endpoints.offenePostenExport, { as, query });

describe('list export as CSV (issue 20 item 10)', () => {
  it("addresses: the list's filter and sort, the columns and labels in the given order, UTF-8 with BOM, ';' between cells", async () => {
    const p = unique('Exp');
    await f.adresse({ name1: `${p} Bäckerei`, ort: 'Köln', istKunde: true });
    await f.adresse({ name1: `${p} Apotheke`, ort: 'Aachen', istKunde: true });
    await f.adresse({ name1: `${p} Zimmerei`, ort: 'Berlin', istKunde: true, gesperrt: true });
    await f.adresse({ name1: `${p} Lieferant`, ort: 'Bonn', istKunde: false, istLieferant: true });
    const res = await exportAdressen({
      filter: `name1~${p},istKunde=true`,
      orderBy: '-name1',
      columns: 'ort,name1,gesperrt',
      labels: 'Ort,Name 1,Gesperrt',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Adressen_\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(linesOf(res.body)).toEqual(['Ort;Name 1;Gesperrt', `Berlin;${p} Zimmerei;Ja`, `Köln;${p} Bäckerei;Nein`, `Aachen;${p} Apotheke;Nein`]);
    // the same rows as the list answers for the same query
    const list = expectOk(await c.call(endpoints.adressenList, { as: 'admin', query: { filter: `name1~${p},istKunde=true`, orderBy: '-name1' } }));
    expect(list.result.map((a) => a.name1)).toEqual([`${p} Zimmerei`, `${p} Bäckerei`, `${p} Apotheke`]);
  });

  it('the quick search narrows the export as it narrows the list; labels with a comma are escaped, cells with ; or " are quoted', async () => {
    const p = unique('Qs');
    await f.adresse({ name1: `${p} "Eins"; GmbH` });
    await f.adresse({ name1: `${p} Zwei` });
    const res = await exportAdressen({ search: p, orderBy: 'name1', columns: 'name1', labels: 'Name\\, Firma' });
    expect(res.statusCode).toBe(200);
    expect(linesOf(res.body)).toEqual(['Name, Firma', `"${p} ""Eins""; GmbH"`, `${p} Zwei`]);
  });

  it('open items: amounts as 1.234,56 and dates as 31.12.2026, levels as digits', async () => {
    const kunde = await f.adresse({ name1: unique('OP-Export ') });
    const op = await f.offenerPosten({ betrag: 1234.56, adresseId: kunde.id, belegdatum: '2026-12-31' });
    await f.offenerPosten({ betrag: 0.5, adresseId: kunde.id, belegdatum: '2026-01-02' });
    const res = await exportOp({
      filter: `adresseId=${kunde.id}`,
      orderBy: '-rechnungsBetrag',
      columns: 'rechnungsnummer,rechnungsdatum,rechnungsBetrag,offenerBetrag,mahnstufe,strittig',
      labels: 'Rechnungsnr.,Rechnungsdatum,Betrag,Offen,Mahnstufe,Strittig',
    });
    expect(res.statusCode).toBe(200);
    const [head, first, second, ...rest] = linesOf(res.body);
    expect(head).toBe('Rechnungsnr.;Rechnungsdatum;Betrag;Offen;Mahnstufe;Strittig');
    expect(first).toBe(`${op.rechnungsnummer};31.12.2026;1.234,56;1.234,56;0;Nein`);
    expect(second?.split(';').slice(1)).toEqual(['02.01.2026', '0,50', '0,50', '0', 'Nein']);
    expect(rest).toEqual([]);
  });

  it("products, sales documents and assets export the same way: unit prices with up to four decimals, the lists' own filters", async () => {
    const p = unique('PX-');
    await f.artikel({ artikelnummer: `${p}1`, bezeichnung: 'Pumpe', vknetto: 1234.5678 });
    await f.artikel({ artikelnummer: `${p}2`, bezeichnung: 'Ventil', vknetto: 12.5 });
    const art = await c.callRaw(endpoints.artikelExport, {
      as: 'admin',
      query: {
        filter: `artikelnummer~${p}`,
        orderBy: 'artikelnummer',
        columns: 'artikelnummer,bezeichnung,vknetto',
        labels: 'Artikelnr.,Bezeichnung,VK netto',
      },
    });
    expect(art.headers['content-disposition']).toMatch(/filename="Artikel_/);
    expect(linesOf(art.body)).toEqual(['Artikelnr.;Bezeichnung;VK netto', `${p}1;Pumpe;1.234,5678`, `${p}2;Ventil;12,50`]);

    const kunde = await f.adresse({ name1: unique('Belegkunde ') });
    const angebot = await f.beleg({ adresseId: kunde.id, belegdatum: '2026-03-01', betreff: 'Angebot' });
    await f.position(angebot.id, { menge: 2, einzelpreis: 1000.25, mwstSatz: 19 });
    await f.beleg({ adresseId: kunde.id, belegart: '0200', belegdatum: '2026-03-02' });
    const bel = await c.callRaw(endpoints.belegeExport, {
      as: 'admin',
      query: { adresseId: String(kunde.id), belegart: '0100', columns: 'belegnummer,belegdatum,betragNetto,betreff' },
    });
    expect(linesOf(bel.body)).toEqual(['belegnummer;belegdatum;betragNetto;betreff', `${angebot.belegnummer};01.03.2026;2.000,50;Angebot`]);

    const q = unique('AX-');
    await f.asset({ assetnummer: `${q}1`, istAktiv: true });
    await f.asset({ assetnummer: `${q}2`, istAktiv: false });
    const ass = await c.callRaw(endpoints.assetsExport, { as: 'admin', query: { filter: `assetnummer~${q},istAktiv=false`, columns: 'assetnummer,istAktiv' } });
    expect(linesOf(ass.body)).toEqual(['assetnummer;istAktiv', `${q}2;Nein`]);
  });

  it('code columns export the labels the list shows for their codes (status, kind, booleans), a code without a label as itself', async () => {
    const kunde = await f.adresse({ name1: unique('Statuskunde ') });
    const angebot = await f.beleg({ adresseId: kunde.id, belegdatum: '2026-03-01' });
    const auftrag = await f.beleg({ adresseId: kunde.id, belegart: '0200', belegdatum: '2026-03-02' });
    const values = { belegstatus: { '1': 'Gespeichert', '3': 'Gebucht' }, belegart: { '0100': 'Angebot' } };
    const bel = await c.callRaw(endpoints.belegeExport, {
      as: 'admin',
      query: {
        adresseId: String(kunde.id),
        belegart: '0100,0200',
        orderBy: 'belegdatum',
        columns: 'belegnummer,belegart,belegstatus',
        labels: 'Nummer,Art,Status',
        values: JSON.stringify(values),
      },
    });
    expect(bel.statusCode).toBe(200);
    expect(linesOf(bel.body)).toEqual(['Nummer;Art;Status', `${angebot.belegnummer};Angebot;Gespeichert`, `${auftrag.belegnummer};0200;Gespeichert`]);
    const q = unique('AL-');
    await f.asset({ assetnummer: `${q}1`, istAktiv: true });
    const ass = await c.callRaw(endpoints.assetsExport, {
      as: 'admin',
      query: { filter: `assetnummer~${q}`, columns: 'assetnummer,istAktiv', values: JSON.stringify({ istAktiv: { true: 'Aktiv', false: 'Inaktiv' } }) },
    });
    expect(linesOf(ass.body)).toEqual(['assetnummer;istAktiv', `${q}1;Aktiv`]);
    // labels that are no JSON, no map of texts, or for a column not exported are refused with a field error
    expect(expectError(await exportAdressen({ columns: 'name1', values: '{kein json' }), 400).errors.fieldErrors.values).toBeDefined();
    expect(expectError(await exportAdressen({ columns: 'art', values: '{"art":{"NATURAL":1}}' }), 400).errors.fieldErrors.values).toBeDefined();
    expect(expectError(await exportAdressen({ columns: 'name1', values: '{"art":{"NATURAL":"Person"}}' }), 400).errors.fieldErrors.values).toEqual([
      'Keine Spalte: art',
    ]);
  });

  it("formula injection: text cells starting with = + - @ get a leading ', numbers keep their sign", async () => {
    const p = unique('Fx');
    const names = ['=HYPERLINK("http://x";"y")', '+49 30 123', '-Rabatt', '@SUMME(A1)'];
    for (const [i, n] of names.entries()) await f.adresse({ name1: n, name2: `${p}${i}` });
    const res = await exportAdressen({ filter: `name2~${p}`, orderBy: 'name2', columns: 'name1,name2' });
    expect(res.statusCode).toBe(200);
    expect(linesOf(res.body)).toEqual(['name1;name2', `"'=HYPERLINK(""http://x"";""y"")";${p}0`, `'+49 30 123;${p}1`, `'-Rabatt;${p}2`, `'@SUMME(A1);${p}3`]);
    // a negative amount is a number, not a formula
    const kunde = await f.adresse({ name1: unique('Gutschrift ') });
    await f.offenerPosten({ betrag: 10, adresseId: kunde.id, belegart: '0500' });
    const gs = await exportOp({ filter: `adresseId=${kunde.id}`, columns: 'offenerBetrag', labels: 'Offen' });
    expect(linesOf(gs.body)).toEqual(['Offen', '-10,00']);
  });

  it('rights: the see-right of the list (403 naming it); not signed in 401', async () => {
    const ohneAdr = await f.benutzer({ rechte: { ADR_SEHEN: false } });
    const ohneOp = await f.benutzer({ rechte: { BEK_SEHEN: false } });
    expect(expectError(await exportAdressen({ columns: 'name1' }, ohneAdr.anmeldename), 403).messageParameters).toEqual(['ADR_SEHEN']);
    expect(expectError(await exportOp({ columns: 'nummer' }, ohneOp.anmeldename), 403).messageParameters).toEqual(['BEK_SEHEN']);
    expect((await exportOp({ columns: 'nummer' }, ohneAdr.anmeldename)).statusCode).toBe(200);
    expectError(await c.callRaw(endpoints.adressenExport, { token: null, query: { columns: 'name1' } }), 401);
  });

  it('refused queries answer the error object with field errors before any byte of the file', async () => {
    expect(expectError(await exportAdressen({ columns: 'name1,geheim' }), 400).errors.fieldErrors.columns).toEqual(['Unbekanntes Feld: geheim']);
    expect(expectError(await exportAdressen({ columns: 'constructor' }), 400).errors.fieldErrors.columns).toBeDefined();
    expect(expectError(await exportAdressen({ columns: 'name1,ort', labels: 'Name' }), 400).errors.fieldErrors.labels).toBeDefined();
    expect(expectError(await exportAdressen({ columns: 'name1', filter: 'geheim=1' }), 400).errors.fieldErrors.filter).toBeDefined();
    expect(expectError(await exportAdressen({ columns: 'name1', orderBy: 'geheim' }), 400).errors.fieldErrors.orderBy).toBeDefined();
    expectError(await exportAdressen({ columns: 'name1', format: 'xlsx' }), 400);
    expectError(await exportAdressen({}), 400);
  });

  it('streams: many rows in keyset batches, read while the client reads (a row added mid-export after the cursor is in it), each row once', async () => {
    const p = unique('Str');
    const n = 12_000;
    const start = await bulkAdressen(p, n);
    const { statusCode, stream } = await streamed({ filter: `name1~${p}`, orderBy: 'name1', columns: 'adressnummer,name1' });
    expect(statusCode).toBe(200);
    const chunks: Buffer[] = [];
    let added = false;
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      if (!added) {
        // the export has read only its first batches: a row sorting last is still ahead of it
        added = true;
        await c.call(endpoints.adresseCreate, { as: 'admin', body: { data: { name1: `${p} zzz spät` }, ProtokollBemerkung: 'Test' } });
      }
    }
    expect(chunks.length).toBeGreaterThan(3);
    const lines = linesOf(Buffer.concat(chunks).toString('utf8'));
    expect(lines[0]).toBe('adressnummer;name1');
    const rows = lines.slice(1);
    expect(rows).toHaveLength(n + 1);
    expect(rows.at(-1)).toMatch(new RegExp(`;${p} zzz spät$`));
    const numbers = rows.slice(0, n).map((l) => Number(l.split(';')[0]));
    expect(numbers).toEqual(Array.from({ length: n }, (_, i) => start + i));
  }, 120_000);

  it('keyset batches keep the order of the list across batch ends: nullable and equal sort values, both directions', async () => {
    const p = unique('Ks');
    await bulkAdressen(p, 2600, (i) => ({ ort: i % 3 === 0 ? null : i % 3 === 1 ? 'Übach' : `Ort ${i % 7}`, plz: i % 5 === 0 ? null : String(i % 4) }));
    for (const orderBy of ['ort', '-ort', 'plz', '-plz,name1', '-adressnummer']) {
      const listed: number[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = expectOk(await c.call(endpoints.adressenList, { as: 'admin', query: { filter: `name1~${p}`, orderBy, limit: 1000, offset } }));
        listed.push(...page.result.map((a) => a.adressnummer));
        if (!page.hasMoreData) break;
      }
      const res = await exportAdressen({ filter: `name1~${p}`, orderBy, columns: 'adressnummer' });
      expect(linesOf(res.body).slice(1).map(Number), orderBy).toEqual(listed);
      expect(listed).toHaveLength(2600);
    }
  }, 120_000);

  it(`at most ${MAX_EXPORTS} exports run at once: one more answers 503 with Retry-After, and a finished one frees its place`, async () => {
    // enough rows that an export not read by its client is still running
    const p = unique('Par');
    await bulkAdressen(p, 5000);
    const open = () => streamed({ filter: `name1~${p}`, columns: 'name1' });
    const running = [];
    for (let i = 0; i < MAX_EXPORTS; i++) running.push(await open());
    for (const r of running) expect(r.statusCode).toBe(200);
    const refused = await c.callRaw(endpoints.adressenExport, { as: 'admin', query: { columns: 'name1' } });
    expect(expectError(refused, 503).messageCode).toBe('DIENST_NICHT_VERFUEGBAR');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // reading them to their end frees their places
    const drain = async (r: { stream: Readable }) => {
      for await (const _ of r.stream) {
        /* read */
      }
    };
    await drain(running[0] as { stream: Readable });
    expect((await c.callRaw(endpoints.adressenExport, { as: 'admin', query: { columns: 'name1', filter: 'adressnummer=1' } })).statusCode).toBe(200);
    await drain(running[1] as { stream: Readable });

    // a client that goes away (over a real connection) frees its place: wide rows, so that the socket cannot take them all
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const wide = buildUrl(endpoints.adressenExport.path, {}, { filter: `name1~${p}`, columns: Array(20).fill('name1').join(',') });
      const abort = new AbortController();
      const token = await t.login('admin');
      const held = await fetch(`${address}${wide}`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
      expect(held.status).toBe(200);
      const reader = held.body?.getReader();
      expect((await reader?.read())?.done).toBe(false);
      const second = await open();
      expect(second.statusCode).toBe(200);
      expectError(await c.callRaw(endpoints.adressenExport, { as: 'admin', query: { columns: 'name1' } }), 503);
      abort.abort();
      await drain(second);
      await new Promise((r) => setTimeout(r, 100));
      const again = [await open(), await open()];
      expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
      for (const r of again) await drain(r);
    } finally {
      // the app closes its server after the file; the connections of this test go now
      t.app.server.closeAllConnections();
    }
  }, 120_000);
});
