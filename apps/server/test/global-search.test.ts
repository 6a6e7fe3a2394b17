import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, expectError } from './helper';

// Issue 23 items 1–3: the global search makes the seven list calls of SRCH-018; each list enforces its see-right
// itself, a term that looks like a number is matched on the number columns and those rows come first, umlauts and ß
// match both ways on the lists that got their full-text index (persons, assets) and on deals and tickets.
const t = await createTestApp();
const c = api(t);
const f = factories(c);

const ids = (r: { result: { id: number }[] }) => r.result.map((x) => x.id);

/** The seven lists of the global search with the see-right each needs (SRCH-009, SRCH-018). */
const GROUPS = [
  { group: 'addresses', recht: 'ADR_SEHEN', endpoint: endpoints.adressenList },
  { group: 'persons', recht: 'ADR_SEHEN', endpoint: endpoints.ansprechpartnerList },
  { group: 'products', recht: 'ART_SEHEN', endpoint: endpoints.artikelList },
  { group: 'documents', recht: 'BEK_SEHEN', endpoint: endpoints.belegeList },
  { group: 'assets', recht: 'ASS_SEHEN', endpoint: endpoints.assetsList },
  { group: 'deals', recht: 'DEALS_SEHEN', endpoint: endpoints.dealsList },
  { group: 'tickets', recht: 'TKT_ANSEHEN', endpoint: endpoints.ticketsList },
] as const;

const neuerDeal = async (titel: string, adresseId?: number) =>
  expectOk(await c.call(endpoints.dealCreate, { as: 'admin', body: { data: { titel, adresseId: adresseId ?? (await f.adresse()).id } } })).result;
const neuesTicket = async (betreff: string, adresseId?: number) =>
  expectOk(await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff, adresseId: adresseId ?? (await f.adresse()).id } } })).result;

describe('each list of the global search enforces its see-right itself', () => {
  for (const g of GROUPS) {
    it(`${g.group}: 403 from ${g.endpoint.path} without ${g.recht}, 200 with it`, async () => {
      const ohne = await f.benutzer({ rechte: { [g.recht]: false } });
      const mit = await f.benutzer({ rechte: { [g.recht]: true } });
      const query = { search: 'test', returnTotal: 'true', limit: 5 } as never;
      expectError(await c.call(g.endpoint, { as: ohne.anmeldename, query }), 403);
      const ok = expectOk(await c.call(g.endpoint, { as: mit.anmeldename, query }));
      expect(typeof ok.resultCount).toBe('number');
    });
  }
});

describe('a term that looks like a number', () => {
  it('a document number fragment such as "2026-00" finds the documents whose number holds it, by date descending', async () => {
    const kunde = await f.adresse({ name1: `Fragment ${unique()}` });
    const alt = await f.beleg({ adresseId: kunde.id, belegdatum: '2026-01-10' });
    const neu = await f.beleg({ adresseId: kunde.id, belegdatum: '2026-03-10' });
    expect(alt.belegnummer).toMatch(/^[A-Z]+2026-0/);
    const found = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { search: '2026-00', returnTotal: 'true', limit: 500 } }));
    const hit = ids(found);
    expect(hit).toContain(alt.id);
    expect(hit).toContain(neu.id);
    expect(hit.indexOf(neu.id)).toBeLessThan(hit.indexOf(alt.id));
    expect(found.resultCount).toBeGreaterThanOrEqual(2);
    expect(found.result.every((b) => b.belegnummer.includes('2026-00'))).toBe(true);
    // a fragment from the middle of one number finds exactly that document
    const mitte = neu.belegnummer.slice(3);
    const exakt = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { search: mitte, returnTotal: 'true' } }));
    expect(ids(exakt)).toContain(neu.id);
    expect(exakt.result.every((b) => b.belegnummer.includes(mitte))).toBe(true);
  });

  it('rows whose number holds the term come before rows that match it in another field', async () => {
    const kunde = await f.adresse({ name1: `Nummer zuerst ${unique()}` });
    const nummer = String(kunde.kundennummer);
    // a name that starts with the customer number: matched by its words, but not by its number — sorted behind by name
    const namensTreffer = await f.adresse({ name1: `${nummer}0 AAA Namenstreffer` });
    const found = ids(expectOk(await c.call(endpoints.adressenList, { as: 'admin', query: { search: nummer } })));
    expect(found).toContain(namensTreffer.id);
    expect(found[0]).toBe(kunde.id);

    const artikel = await f.artikel({ artikelnummer: unique('NR-77') });
    const andererArtikel = await f.artikel({ bezeichnung: `AAA ${artikel.artikelnummer.replace('NR-', '')} Zubehör` });
    const produkte = ids(expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { search: artikel.artikelnummer } })));
    expect(produkte[0]).toBe(artikel.id);
    expect(produkte).not.toContain(andererArtikel.id);

    const asset = await f.asset({ assetnummer: unique('AS-55') });
    const assets = ids(expectOk(await c.call(endpoints.assetsList, { as: 'admin', query: { search: asset.assetnummer } })));
    expect(assets[0]).toBe(asset.id);
  });
});

describe('number hits first, read as two windows', () => {
  it('windows of any offset page through the number hits, then the other matches, each in the list order', async () => {
    const num = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
    const hits = [];
    const others = [];
    for (let i = 0; i < 3; i++) hits.push((await f.artikel({ artikelnummer: `${num}${i}`, bezeichnung: `Nummerntreffer ${i}` })).id);
    for (let i = 0; i < 3; i++) others.push((await f.artikel({ bezeichnung: `Zubehör ${num}${i}` })).id);
    const list = async (offset: number, limit: number) =>
      expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { search: num, offset, limit, returnTotal: 'true' } }));
    const all = await list(0, 100);
    expect(all.resultCount).toBe(6);
    expect(ids(all).slice(0, 3).sort()).toEqual([...hits].sort());
    expect(ids(all).slice(3).sort()).toEqual([...others].sort());
    // the same rows page by page: a window inside the hits, one across the border, one past the hits
    const paged = [...ids(await list(0, 2)), ...ids(await list(2, 2)), ...ids(await list(4, 2))];
    expect(paged).toEqual(ids(all));
    expect(ids(await list(5, 2))).toEqual(ids(all).slice(5));
    expect((await list(4, 2)).hasMoreData).toBe(false);
    expect((await list(2, 2)).hasMoreData).toBe(true);
  });
});

describe('umlauts and ß match every way on the seven groups (issue 23 item 3)', () => {
  /** Müller = Mueller = Muller and Straße = Strasse: each spelling stored, each searched. */
  const SPELLINGS = [
    ['Müller', 'Mueller', 'Muller'],
    ['Straße', 'Strasse'],
  ];
  const CASES = SPELLINGS.flatMap((group) => group.flatMap((stored) => group.map((term) => [stored, term] as const)));
  const owner = f.adresse({ name1: `Faltung ${unique()}` });
  const LISTS: { list: string; make: (text: string) => Promise<number>; search: (term: string) => Promise<number[]> }[] = [
    {
      list: 'addresses',
      make: async (text) => (await f.adresse({ name1: text })).id,
      search: async (search) =>
        ids(expectOk(await c.call(endpoints.adressenList, { as: 'admin', query: { search, filter: 'gesperrt=false', returnTotal: 'true' } }))),
    },
    {
      list: 'persons',
      make: async (text) => (await f.ansprechpartner((await owner).id, { name: text })).id,
      search: async (search) => ids(expectOk(await c.call(endpoints.ansprechpartnerList, { as: 'admin', query: { search, returnTotal: 'true' } }))),
    },
    {
      list: 'products',
      make: async (text) => (await f.artikel({ bezeichnung: text })).id,
      search: async (search) =>
        ids(expectOk(await c.call(endpoints.artikelList, { as: 'admin', query: { search, filter: 'gesperrt=false', returnTotal: 'true' } }))),
    },
    {
      list: 'documents',
      make: async (text) => (await f.beleg({ adresseId: (await f.adresse({ name1: text })).id })).id,
      search: async (search) =>
        ids(expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { search, orderBy: '-belegdatum', returnTotal: 'true' } }))),
    },
    {
      list: 'assets',
      make: async (text) => (await f.asset({ bezeichnung: text })).id,
      search: async (search) => ids(expectOk(await c.call(endpoints.assetsList, { as: 'admin', query: { search, returnTotal: 'true' } }))),
    },
    {
      list: 'deals',
      make: async (text) => (await neuerDeal(text, (await owner).id)).id,
      search: async (search) => ids(expectOk(await c.call(endpoints.dealsList, { as: 'admin', query: { search, orderBy: '-id', returnTotal: 'true' } }))),
    },
    {
      list: 'tickets',
      make: async (text) => (await neuesTicket(text, (await owner).id)).id,
      search: async (search) =>
        ids(expectOk(await c.call(endpoints.ticketsList, { as: 'admin', query: { search, orderBy: '-ticketNummer', returnTotal: 'true' } }))),
    },
  ];
  for (const l of LISTS) {
    it(`${l.list}: a stored Müller, Mueller and Muller each found by each spelling, Straße and Strasse alike`, async () => {
      for (const [stored, term] of CASES) {
        const marker = unique('gs').toLowerCase();
        const hit = await l.make(`${stored} ${marker}`);
        const other = await l.make(`Weber ${marker}`);
        const found = await l.search(`${term} ${marker}`);
        expect(found, `${term} → ${stored}`).toContain(hit);
        expect(found, `${term} ↛ Weber`).not.toContain(other);
      }
    });
  }
});

describe('blocked addresses and products are left out with gesperrt=false (SRCH-017)', () => {
  it('the search finds the blocked address and product only without the filter', async () => {
    const marker = unique('gesp').toLowerCase();
    const offen = await f.adresse({ name1: `Offen ${marker}` });
    const gesperrt = await f.adresse({ name1: `Gesperrt ${marker}`, gesperrt: true });
    const adressen = (filter?: string) => c.call(endpoints.adressenList, { as: 'admin', query: { search: marker, returnTotal: 'true', filter } });
    const mitFilter = expectOk(await adressen('gesperrt=false'));
    expect(ids(mitFilter)).toEqual([offen.id]);
    expect(mitFilter.resultCount).toBe(1);
    expect(ids(expectOk(await adressen()))).toContain(gesperrt.id);

    const artikelOffen = await f.artikel({ bezeichnung: `Offen ${marker}` });
    const artikelGesperrt = await f.artikel({ bezeichnung: `Gesperrt ${marker}`, gesperrt: true });
    const artikel = (filter?: string) => c.call(endpoints.artikelList, { as: 'admin', query: { search: marker, returnTotal: 'true', filter } });
    const artikelMitFilter = expectOk(await artikel('gesperrt=false'));
    expect(ids(artikelMitFilter)).toEqual([artikelOffen.id]);
    expect(artikelMitFilter.resultCount).toBe(1);
    expect(ids(expectOk(await artikel()))).toContain(artikelGesperrt.id);
  });
});
