import { endpoints, TICKET_AUFZAEHLUNG_ENDPOINTS, TICKET_AUFZAEHLUNG_NAMEN, TICKET_VORGABEN } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, type BodyOf, buildUrl, expectOk, invalid } from './client';
import { factories, unique } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

const t = await createTestApp({ parameterCacheMs: 0 });
const c = api(t);
const f = factories(c);
const db = t.handle.db;

type TicketData = BodyOf<typeof endpoints.ticketCreate>['data'];
const neuesTicket = async (data: Partial<TicketData> = {}, as = 'admin') => {
  const adresseId = data.adresseId ?? (await f.adresse()).id;
  return expectOk(await c.call(endpoints.ticketCreate, { as, body: { data: { betreff: `Ticket ${unique()}`, ...data, adresseId } } })).result;
};
const aktivitaet = (ticketId: number, dauer: number, as = 'admin', benutzerId?: number) =>
  f.aktivitaet(undefined as unknown as number, { adresseId: undefined, ticketId, dauer, ...(benutzerId ? { benutzerId } : {}) }, { as });
const setStatus = (id: number, status: number, as = 'admin') => c.call(endpoints.ticketUpdate, { as, params: { id }, body: { data: { status } } });

describe('tickets', () => {
  it('[TKT-012] [TKT-013] [TKT-020] a new ticket gets the defaults and the current user in the four user fields; its id is in the Location header', async () => {
    const user = await f.benutzer();
    const adresse = await f.adresse();
    const res = await c.call(endpoints.ticketCreate, { as: user.anmeldename, body: { data: { betreff: 'Drucker', adresseId: adresse.id } } });
    const tk = expectOk(res).result;
    expect(res.headers.location).toBe(buildUrl(endpoints.ticketGet.path, { id: tk.id }));
    expect(tk).toMatchObject({ ...TICKET_VORGABEN, adresseId: adresse.id, adresseName: adresse.name1, aufwandIst: 0 });
    for (const k of ['verantwortlichBenutzerId', 'angefordertVonBenutzerId', 'zugeordnetBenutzerId', 'nachErledigungZurueckAnBenutzerId'] as const)
      expect(tk[k]).toBe(user.id);
    expect(tk.ticketNummer).toBeGreaterThan(0);
    const next = await neuesTicket();
    expect(next.ticketNummer).toBe(tk.ticketNummer + 1);
  });

  it('[TKT-017] betreff is required: 400 on the field and nothing stored', async () => {
    const adresse = await f.adresse();
    const before = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const body = expectError(await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: '  ', adresseId: adresse.id } } }), 400);
    expect(body.errors.fieldErrors.betreff).toBeDefined();
    expectError(await c.call(endpoints.ticketCreate, { as: 'admin', body: invalid({ data: { adresseId: adresse.id } }) }), 400);
    const after = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('unknown enumeration values, users and addresses are field errors, never a 500', async () => {
    const adresse = await f.adresse();
    for (const [field, value] of [
      ['prioritaet', 4],
      ['status', 42],
      ['art', 99],
      ['rolle', 77],
      ['abrechnungsart', 9],
      ['abrechnungsartAktivitaeten', 9],
      ['zugeordnetBenutzerId', 999999],
      ['hauptTicketId', 999999],
    ] as const) {
      const body = expectError(
        await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: 'x', adresseId: adresse.id, [field]: value } } }),
        400,
      );
      expect(body.errors.fieldErrors[field], field).toBeDefined();
    }
    expect(
      expectError(await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: 'x', adresseId: 999999 } } }), 400).errors.fieldErrors.adresseId,
    ).toBeDefined();
  });

  it('[TKT-018] [TKT-019] the list is sorted by ticketNummer descending, quick search finds number, subject and address; one ticket reads', async () => {
    const adresse = await f.adresse({ name1: `Kältetechnik Weiß ${unique()}` });
    const a = await neuesTicket({ adresseId: adresse.id, betreff: 'Kompressor brummt laut' });
    const b = await neuesTicket({ betreff: 'Anderes Thema' });
    const list = expectOk(await c.call(endpoints.ticketsList, { as: 'admin', query: { limit: 50, returnTotal: true } }));
    const nums = list.result.map((r) => r.ticketNummer);
    expect(nums).toEqual([...nums].sort((x, y) => y - x));
    expect(list.result[0]!.id).toBe(b.id);
    expect(list.resultCount).toBeGreaterThanOrEqual(2);
    const byWord = expectOk(await c.call(endpoints.ticketsList, { as: 'admin', query: { search: 'kompressor' } })).result.map((r) => r.id);
    expect(byWord).toContain(a.id);
    expect(byWord).not.toContain(b.id);
    const byAddress = expectOk(await c.call(endpoints.ticketsList, { as: 'admin', query: { search: 'Weiss' } })).result.map((r) => r.id);
    expect(byAddress).toContain(a.id);
    const byNumber = expectOk(await c.call(endpoints.ticketsList, { as: 'admin', query: { search: String(a.ticketNummer) } })).result.map((r) => r.id);
    expect(byNumber).toContain(a.id);
    const ofAddress = expectOk(await c.call(endpoints.ticketsList, { as: 'admin', query: { filter: `adresseId=${adresse.id}` } })).result;
    expect(ofAddress.map((r) => r.id)).toEqual([a.id]);
    expect(expectOk(await c.call(endpoints.ticketGet, { as: 'admin', params: { id: a.id } })).result.betreff).toBe('Kompressor brummt laut');
    expectError(await c.call(endpoints.ticketGet, { as: 'admin', params: { id: 999999 } }), 404);
  });

  it('[TKT-009] the six enumerations answer wert/bezeichnung with limit=500', async () => {
    for (const name of TICKET_AUFZAEHLUNG_NAMEN) {
      const res = expectOk(await c.call(endpoints[TICKET_AUFZAEHLUNG_ENDPOINTS[name]], { as: 'buero', query: { limit: 500 } }));
      expect(res.result.length, name).toBeGreaterThan(0);
      expect(Object.keys(res.result[0]!).sort()).toEqual(['bezeichnung', 'wert']);
    }
    const status = expectOk(await c.call(endpoints.ticketStatustexte, { as: 'admin' })).result.map((r) => r.wert);
    expect(status).toContain(0);
    expect(status.some((s) => s >= 90)).toBe(true);
  });

  it('[TKT-014] a ticket with status 90 and above is read-only; only reopening (status alone below 90) is allowed', async () => {
    const tk = await neuesTicket();
    expectOk(await setStatus(tk.id, 90));
    const refused = expectError(await c.call(endpoints.ticketUpdate, { as: 'admin', params: { id: tk.id }, body: { data: { betreff: 'neu' } } }), 409);
    expect(refused.errors.services[0]!.message).toMatch(/geschlossen/);
    expect(expectOk(await c.call(endpoints.ticketGet, { as: 'admin', params: { id: tk.id } })).result.betreff).toBe(tk.betreff);
    expectError(await c.call(endpoints.ticketDelete, { as: 'admin', params: { id: tk.id } }), 409);
    expect(expectOk(await setStatus(tk.id, 10)).result.status).toBe(10);
    expect(expectOk(await c.call(endpoints.ticketUpdate, { as: 'admin', params: { id: tk.id }, body: { data: { betreff: 'neu' } } })).result.betreff).toBe(
      'neu',
    );
  });

  it('[TKT-015] a ticket with activities cannot be deleted (409 naming it); without, it can', async () => {
    const tk = await neuesTicket();
    await aktivitaet(tk.id, 30);
    const body = expectError(await c.call(endpoints.ticketDelete, { as: 'admin', params: { id: tk.id } }), 409);
    expect(body.errors.services[0]!.message).toContain(`T${tk.ticketNummer}`);
    expect(body.errors.services[0]!.message).toMatch(/Aktivitäten/);
    expect(await db.selectFrom('tickets').select('id').where('id', '=', tk.id).executeTakeFirst()).toBeDefined();
    const leer = await neuesTicket();
    expect((await c.call(endpoints.ticketDelete, { as: 'admin', params: { id: leer.id } })).status).toBe(204);
    expectError(await c.call(endpoints.ticketGet, { as: 'admin', params: { id: leer.id } }), 404);
  });

  it('[TKT-006] [TKT-025] sub-tickets: created with hauptTicketId, listed under the main ticket; the main one closes only when all are closed', async () => {
    const haupt = await neuesTicket();
    const u1 = await neuesTicket({ hauptTicketId: haupt.id, adresseId: haupt.adresseId });
    const u2 = await neuesTicket({ hauptTicketId: haupt.id, adresseId: haupt.adresseId });
    const subs = expectOk(await c.call(endpoints.ticketUntertickets, { as: 'admin', params: { id: haupt.id } })).result.map((r) => r.id);
    expect(subs.sort()).toEqual([u1.id, u2.id].sort());
    expectOk(await setStatus(u1.id, 90));
    const body = expectError(await setStatus(haupt.id, 90), 409);
    expect(body.errors.services[0]!.message).toContain(`T${u2.ticketNummer}`);
    expect(body.errors.services[0]!.message).not.toContain(`T${u1.ticketNummer}`);
    expect(expectOk(await c.call(endpoints.ticketGet, { as: 'admin', params: { id: haupt.id } })).result.status).toBe(0);
    expectOk(await setStatus(u2.id, 95));
    expectOk(await setStatus(haupt.id, 90));
    // a closed main ticket takes no new open sub-ticket, and none of its sub-tickets reopens
    expectError(
      await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: 'spät', adresseId: haupt.adresseId, hauptTicketId: haupt.id } } }),
      409,
    );
    expectError(await setStatus(u1.id, 10), 409);
    // a ticket cannot move under its own sub-ticket
    const a = await neuesTicket();
    const b = await neuesTicket({ hauptTicketId: a.id, adresseId: a.adresseId });
    expectError(await c.call(endpoints.ticketUpdate, { as: 'admin', params: { id: a.id }, body: { data: { hauptTicketId: b.id } } }), 400);
    expectError(await c.call(endpoints.ticketDelete, { as: 'admin', params: { id: a.id } }), 409);
  });

  it('the effort spent rolls up from the activities of the ticket and all its sub-tickets, three levels deep', async () => {
    const a = await neuesTicket({ aufwandGeschaetzt: 60, aufwandBeauftragt: 90 });
    const b = await neuesTicket({ hauptTicketId: a.id, adresseId: a.adresseId });
    const cc = await neuesTicket({ hauptTicketId: b.id, adresseId: a.adresseId });
    await aktivitaet(a.id, 10);
    await aktivitaet(b.id, 20);
    await aktivitaet(cc.id, 40);
    await aktivitaet(cc.id, 5);
    const read = async (id: number) => expectOk(await c.call(endpoints.ticketGet, { as: 'admin', params: { id } })).result;
    expect((await read(a.id)).aufwandIst).toBe(75);
    expect((await read(b.id)).aufwandIst).toBe(65);
    expect((await read(cc.id)).aufwandIst).toBe(45);
    expect(await read(a.id)).toMatchObject({ aufwandGeschaetzt: 60, aufwandBeauftragt: 90 });
  });

  it('rueckfrageAnBenutzerId creates a reminder (TKT) for that user, once', async () => {
    const user = await f.benutzer();
    const tk = await neuesTicket({ rueckfrageAnBenutzerId: user.id });
    const rows = () => db.selectFrom('erinnerungen').selectAll().where('tabelle', '=', 'TKT').where('tabelleId', '=', tk.id).execute();
    expect(await rows()).toMatchObject([{ benutzerId: user.id, tabelle: 'TKT', tabelleId: tk.id }]);
    expectOk(await c.call(endpoints.ticketUpdate, { as: 'admin', params: { id: tk.id }, body: { data: { betreff: 'geändert' } } }));
    expect(await rows()).toHaveLength(1);
  });

  it('[RIGHT-028] seeing, changing and deleting need TKT_ANSEHEN, TKT_AENDERN, TKT_LOESCHEN', async () => {
    const tk = await neuesTicket();
    const params = { id: tk.id };
    const ohneSehen = await f.benutzer({ rechte: { TKT_ANSEHEN: false } });
    expectError(await c.call(endpoints.ticketsList, { as: ohneSehen.anmeldename }), 403);
    expectError(await c.call(endpoints.ticketGet, { as: ohneSehen.anmeldename, params }), 403);
    const ohneAendern = await f.benutzer({ rechte: { TKT_AENDERN: false } });
    expectOk(await c.call(endpoints.ticketGet, { as: ohneAendern.anmeldename, params }));
    expectError(await c.call(endpoints.ticketUpdate, { as: ohneAendern.anmeldename, params, body: { data: { betreff: 'x' } } }), 403);
    expectError(await c.call(endpoints.ticketCreate, { as: ohneAendern.anmeldename, body: { data: { betreff: 'x', adresseId: tk.adresseId } } }), 403);
    const ohneLoeschen = await f.benutzer({ rechte: { TKT_LOESCHEN: false } });
    expectError(await c.call(endpoints.ticketDelete, { as: ohneLoeschen.anmeldename, params }), 403);
    const mit = await f.benutzer();
    expectOk(await c.call(endpoints.ticketUpdate, { as: mit.anmeldename, params, body: { data: { betreff: 'y' } } }));
    expect((await c.call(endpoints.ticketDelete, { as: mit.anmeldename, params })).status).toBe(204);
  });

  it('the usage parameter tickets off: every tickets endpoint answers 403, also for an administrator', async () => {
    const tk = await neuesTicket();
    const set = (wert: string) => db.updateTable('systemParameter').set({ wert }).where('name', '=', 'NUTZUNG.TICKETS').execute();
    await set('0');
    try {
      expectError(await c.call(endpoints.ticketsList, { as: 'admin' }), 403);
      expectError(await c.call(endpoints.ticketGet, { as: 'admin', params: { id: tk.id } }), 403);
      expectError(await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: 'x', adresseId: tk.adresseId } } }), 403);
      expectError(await c.call(endpoints.ticketAktivitaeten, { as: 'admin', params: { id: tk.id } }), 403);
      expectError(await c.call(endpoints.ticketPrioritaeten, { as: 'admin' }), 403);
      expectError(await c.call(endpoints.ticketAnhaenge, { as: 'admin', params: { id: tk.id } }), 403);
    } finally {
      await set('1');
    }
    expectOk(await c.call(endpoints.ticketsList, { as: 'admin' }));
  });

  it('[TKT-007] [TKT-023] [TKT-024] attachments: upload by content type, list, download, delete; other types and empty files are 400', async () => {
    const tk = await neuesTicket();
    const params = { id: tk.id };
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const up = await c.call(endpoints.ticketAnhangCreate, {
      as: 'buero',
      params,
      body: { data: { dateiname: 'bericht.pdf', daten: pdf.toString('base64'), betreff: 'Bericht' } },
    });
    const anhang = expectOk(up).result;
    expect(anhang).toMatchObject({ ticketId: tk.id, dateiname: 'bericht.pdf', betreff: 'Bericht', mimeType: 'application/pdf', groesse: pdf.length });
    expect(anhang.id).toBeGreaterThan(0);
    expect(Date.parse(anhang.datum as string)).toBeGreaterThan(Date.now() - 60_000);
    const csv = Buffer.from('a;b\n1;2\n');
    expectOk(await c.call(endpoints.ticketAnhangCreate, { as: 'buero', params, body: { data: { dateiname: 'werte.csv', daten: csv.toString('base64') } } }));
    const list = expectOk(await c.call(endpoints.ticketAnhaenge, { as: 'buero', params })).result;
    expect(list.map((a) => a.dateiname).sort()).toEqual(['bericht.pdf', 'werte.csv']);
    const dl = await c.callRaw(endpoints.dateiInhalt, { as: 'buero', params: { id: anhang.id } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.rawPayload.equals(pdf)).toBe(true);
    // an executable disguised as a PDF, a zip named .docx without a Word part, binary bytes named .txt
    for (const [dateiname, bytes] of [
      ['virus.pdf', Buffer.from('MZ\x90\x00\x03\x00', 'latin1')],
      ['brief.docx', Buffer.from('PK\x03\x04 nothing inside', 'latin1')],
      ['notiz.txt', Buffer.from([0x00, 0x01, 0x02, 0xff])],
    ] as const) {
      const body = expectError(
        await c.call(endpoints.ticketAnhangCreate, { as: 'buero', params, body: { data: { dateiname, daten: bytes.toString('base64') } } }),
        400,
      );
      expect(body.errors.fieldErrors.daten, dateiname).toBeDefined();
    }
    const ohne = await f.benutzer({ rechte: { TKT_AENDERN: false } });
    expectError(await c.call(endpoints.ticketAnhangDelete, { as: ohne.anmeldename, params: { id: tk.id, subId: anhang.id } }), 403);
    expect((await c.call(endpoints.ticketAnhangDelete, { as: 'buero', params: { id: tk.id, subId: anhang.id } })).status).toBe(204);
    expect((await c.callRaw(endpoints.dateiInhalt, { as: 'buero', params: { id: anhang.id } })).statusCode).toBe(404);
    const ohneSehen = await f.benutzer({ rechte: { TKT_ANSEHEN: false } });
    const other = list.find((a) => a.dateiname === 'werte.csv')!;
    expect((await c.callRaw(endpoints.dateiInhalt, { as: ohneSehen.anmeldename, params: { id: other.id } })).statusCode).toBe(403);
  });

  it('attachments also upload as multipart/form-data (the file by its bytes, betreff beside it); a form without a file or with two is a 400', async () => {
    const tk = await neuesTicket();
    const form = async (fd: FormData) => {
      const req = new Request('http://x', { method: 'POST', body: fd });
      return { headers: { 'content-type': req.headers.get('content-type')! }, payload: Buffer.from(await req.arrayBuffer()) };
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const fd = new FormData();
    fd.set('datei', new Blob([png]), 'Schaltplan Halle 3.png');
    fd.set('betreff', 'Schaltplan – Übersicht');
    const { headers, payload } = await form(fd);
    const up = await c.callRaw(endpoints.ticketAnhangCreate, { as: 'buero', params: { id: tk.id }, headers, payload });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().result).toMatchObject({
      dateiname: 'Schaltplan Halle 3.png',
      betreff: 'Schaltplan – Übersicht',
      mimeType: 'image/png',
      groesse: png.length,
    });
    const dl = await c.callRaw(endpoints.dateiInhalt, { as: 'buero', params: { id: up.json().result.id } });
    expect(dl.rawPayload.equals(png)).toBe(true);
    const before = expectOk(await c.call(endpoints.ticketAnhaenge, { as: 'buero', params: { id: tk.id } })).result.length;
    const none = new FormData();
    none.set('betreff', 'ohne Datei');
    const two = new FormData();
    two.append('a', new Blob([png]), 'a.png');
    two.append('b', new Blob([png]), 'b.png');
    const disguised = new FormData();
    disguised.set('datei', new Blob([Buffer.from('MZ\x90\x00', 'latin1')]), 'rechnung.pdf');
    for (const bad of [none, two, disguised]) {
      const r = await c.callRaw(endpoints.ticketAnhangCreate, { as: 'buero', params: { id: tk.id }, ...(await form(bad)) });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors.fieldErrors.daten).toBeDefined();
    }
    const broken = await c.callRaw(endpoints.ticketAnhangCreate, {
      as: 'buero',
      params: { id: tk.id },
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.from('--x\r\nnonsense'),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ httpStatus: 400, errors: { fieldErrors: { daten: expect.any(Array) } } });
    expect(expectOk(await c.call(endpoints.ticketAnhaenge, { as: 'buero', params: { id: tk.id } })).result).toHaveLength(before);
  });

  it('create billing document: billable activities become positions of an order for the ticket address; abrechnungBelegId is set; twice is 409', async () => {
    const artikel = await f.artikel({ artikelart: '3', vknetto: 120 });
    await db.deleteFrom('systemParameter').where('name', '=', 'TICKETS.ABRECHNUNGSARTIKEL').execute();
    await db.insertInto('systemParameter').values({ name: 'TICKETS.ABRECHNUNGSARTIKEL', wert: artikel.artikelnummer }).execute();
    const tk = await neuesTicket({ abrechnungsartAktivitaeten: 2 });
    await aktivitaet(tk.id, 20);
    await aktivitaet(tk.id, 60);
    const res = expectOk(await c.call(endpoints.ticketAbrechnen, { as: 'admin', params: { id: tk.id }, body: { belegart: '0200' } })).result;
    expect(res.abrechnungBelegId).not.toBeNull();
    const beleg = await db.selectFrom('belege').selectAll().where('id', '=', res.abrechnungBelegId!).executeTakeFirstOrThrow();
    expect(beleg).toMatchObject({ belegart: '0200', adresseId: tk.adresseId });
    const pos = await db.selectFrom('belegPositionen').select(['menge', 'artikelId']).where('belegId', '=', beleg.id).orderBy('position').execute();
    // 20 minutes rounded up to 30 (rule 2): 0.5 h; 60 minutes: 1 h (qty3 in thousandths)
    expect(pos.map((p) => Number(p.menge))).toEqual([500, 1000]);
    expectError(await c.call(endpoints.ticketAbrechnen, { as: 'admin', params: { id: tk.id }, body: { belegart: '0200' } }), 409);
    expectError(await c.call(endpoints.ticketAbrechnen, { as: 'admin', params: { id: tk.id }, body: invalid({ belegart: '0100' }) }), 400);
    const leer = await neuesTicket();
    expectError(await c.call(endpoints.ticketAbrechnen, { as: 'admin', params: { id: leer.id }, body: { belegart: '0400' } }), 409);
    expect((await db.selectFrom('tickets').select('abrechnungBelegId').where('id', '=', leer.id).executeTakeFirstOrThrow()).abrechnungBelegId).toBeNull();
  });

  it.runIf(DB_KIND === 'postgres')(
    'parallel: closing a main ticket and creating or reopening a sub-ticket never leaves a closed main ticket with an open sub-ticket',
    async () => {
      for (let round = 0; round < 6; round++) {
        const haupt = await neuesTicket();
        const zu = await neuesTicket({ hauptTicketId: haupt.id, adresseId: haupt.adresseId });
        expectOk(await setStatus(zu.id, 90));
        const [close, create] = await Promise.all([
          setStatus(haupt.id, 90),
          round % 2 === 0
            ? c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: 'parallel', adresseId: haupt.adresseId, hauptTicketId: haupt.id } } })
            : setStatus(zu.id, 10),
        ]);
        expect([close.status, create.status].filter((s) => s < 300).length).toBeGreaterThanOrEqual(1);
        const h = await db.selectFrom('tickets').select('status').where('id', '=', haupt.id).executeTakeFirstOrThrow();
        const offen = await db.selectFrom('tickets').select('id').where('hauptTicketId', '=', haupt.id).where('status', '<', 90).execute();
        expect(h.status >= 90 && offen.length > 0, `round ${round}`).toBe(false);
      }
    },
  );
});
