import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories, unique } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp({ parameterCacheMs: 0 });
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const artId = async () => expectOk(await c.call(endpoints.aktivitaetsarten, { as: 'admin', query: { limit: 1 } })).result[0]!.id;
const ticket = async () => {
  const adresse = await f.adresse();
  return expectOk(await c.call(endpoints.ticketCreate, { as: 'admin', body: { data: { betreff: `T ${unique()}`, adresseId: adresse.id } } })).result;
};
const neu = async (as: string, data: { ticketId?: number; dealId?: number; benutzerId?: number; dauer?: number }) =>
  c.call(endpoints.aktivitaetCreate, {
    as,
    body: { data: { artId: await artId(), beschreibung: `Aktivität ${unique()}`, dauer: data.dauer ?? 15, datum: new Date().toISOString(), ...data } },
  });
const deal = async (status = 0) => {
  const adresse = await f.adresse();
  const now = new Date().toISOString();
  return db
    .insertInto('deals')
    .values({ titel: `Deal ${unique()}`, adresseId: adresse.id, status, angelegtAm: now, geaendertAm: now })
    .returning(['id', 'adresseId'])
    .executeTakeFirstOrThrow();
};
const patch = (as: string, id: number, beschreibung = 'geändert') =>
  c.call(endpoints.aktivitaetUpdate, { as, params: { id }, body: { data: { beschreibung } } });
const del = (as: string, id: number) => c.call(endpoints.aktivitaetDelete, { as, params: { id } });

describe('activities of tickets and deals', () => {
  it('[TKT-026] a ticket activity is created with ticketId (its address is the ticket address) and listed under the ticket', async () => {
    const tk = await ticket();
    const a = expectOk(await neu('admin', { ticketId: tk.id, dauer: 25 })).result;
    expect(a).toMatchObject({ ticketId: tk.id, adresseId: tk.adresseId, dauer: 25 });
    const list = expectOk(await c.call(endpoints.ticketAktivitaeten, { as: 'admin', params: { id: tk.id } })).result;
    expect(list.map((x) => x.id)).toEqual([a.id]);
    expect(expectOk(await c.call(endpoints.aktivitaetGet, { as: 'admin', params: { id: a.id } })).result.id).toBe(a.id);
    const body = expectError(await neu('admin', { ticketId: 999999 }), 400);
    expect(body.errors.fieldErrors.ticketId).toBeDefined();
  });

  it('[RIGHT-027] creating a ticket activity needs TKT_AENDERN; writing one for another user needs the foreign right', async () => {
    const tk = await ticket();
    const ohne = await f.benutzer({ rechte: { TKT_AENDERN: false } });
    expectError(await neu(ohne.anmeldename, { ticketId: tk.id }), 403);
    const other = await f.benutzer();
    const ohneFremd = await f.benutzer({ rechte: { TKT_AKT_FREMD_AENDERN: false } });
    expectError(await neu(ohneFremd.anmeldename, { ticketId: tk.id, benutzerId: other.id }), 403);
    expectOk(await neu(ohneFremd.anmeldename, { ticketId: tk.id }));
    expect(await db.selectFrom('aktivitaeten').select('id').where('ticketId', '=', tk.id).execute()).toHaveLength(1);
  });

  it('[RIGHT-029] [RIGHT-031] changing an own ticket activity needs TKT_AKT_AENDERN, a foreign one TKT_AKT_FREMD_AENDERN', async () => {
    const tk = await ticket();
    const ownerOhne = await f.benutzer({ rechte: { TKT_AKT_AENDERN: false } });
    const own = expectOk(await neu(ownerOhne.anmeldename, { ticketId: tk.id })).result;
    expectError(await patch(ownerOhne.anmeldename, own.id), 403);
    const owner = await f.benutzer();
    const mine = expectOk(await neu(owner.anmeldename, { ticketId: tk.id })).result;
    expect(expectOk(await patch(owner.anmeldename, mine.id)).result.beschreibung).toBe('geändert');
    const fremdOhne = await f.benutzer({ rechte: { TKT_AKT_FREMD_AENDERN: false } });
    expectError(await patch(fremdOhne.anmeldename, mine.id, 'fremd'), 403);
    const fremdMit = await f.benutzer({ rechte: { TKT_AKT_AENDERN: false } });
    expect(expectOk(await patch(fremdMit.anmeldename, mine.id, 'fremd')).result.beschreibung).toBe('fremd');
    // taking over one's own activity for another user counts as foreign
    expectError(
      await c.call(endpoints.aktivitaetUpdate, {
        as: fremdOhne.anmeldename,
        params: { id: expectOk(await neu(fremdOhne.anmeldename, { ticketId: tk.id })).result.id },
        body: { data: { benutzerId: owner.id } },
      }),
      403,
    );
    // an activity stays with its ticket
    const other = await ticket();
    expectError(await c.call(endpoints.aktivitaetUpdate, { as: 'admin', params: { id: mine.id }, body: { data: { ticketId: other.id } } }), 400);
  });

  it('[RIGHT-030] [RIGHT-032] deleting an own ticket activity needs TKT_AKT_LOESCHEN, a foreign one TKT_AKT_FREMD_LOESCHEN', async () => {
    const tk = await ticket();
    const ohne = await f.benutzer({ rechte: { TKT_AKT_LOESCHEN: false } });
    const own = expectOk(await neu(ohne.anmeldename, { ticketId: tk.id })).result;
    expectError(await del(ohne.anmeldename, own.id), 403);
    const fremdOhne = await f.benutzer({ rechte: { TKT_AKT_FREMD_LOESCHEN: false } });
    expectError(await del(fremdOhne.anmeldename, own.id), 403);
    expect(await db.selectFrom('aktivitaeten').select('id').where('id', '=', own.id).executeTakeFirst()).toBeDefined();
    const fremdMit = await f.benutzer({ rechte: { TKT_AKT_LOESCHEN: false } });
    expect((await del(fremdMit.anmeldename, own.id)).status).toBe(204);
    const owner = await f.benutzer({ rechte: { TKT_AKT_FREMD_LOESCHEN: false } });
    const mine = expectOk(await neu(owner.anmeldename, { ticketId: tk.id })).result;
    expect((await del(owner.anmeldename, mine.id)).status).toBe(204);
  });

  it('a closed ticket keeps its activities: create, change and delete are 409', async () => {
    const tk = await ticket();
    const a = expectOk(await neu('admin', { ticketId: tk.id })).result;
    expectOk(await c.call(endpoints.ticketUpdate, { as: 'admin', params: { id: tk.id }, body: { data: { status: 90 } } }));
    expectError(await neu('admin', { ticketId: tk.id }), 409);
    expectError(await patch('admin', a.id), 409);
    expectError(await del('admin', a.id), 409);
  });

  it('the usage parameter tickets off: ticket activities answer 403', async () => {
    const tk = await ticket();
    const a = expectOk(await neu('admin', { ticketId: tk.id })).result;
    const set = (wert: string) => db.updateTable('systemParameter').set({ wert }).where('name', '=', 'NUTZUNG.TICKETS').execute();
    await set('0');
    try {
      expectError(await c.call(endpoints.aktivitaetGet, { as: 'admin', params: { id: a.id } }), 403);
      expectError(await neu('admin', { ticketId: tk.id }), 403);
      expectError(await patch('admin', a.id), 403);
      expectError(await del('admin', a.id), 403);
    } finally {
      await set('1');
    }
  });

  it('deal activities: listed under the deal; open deal DEALS_AENDERN/DEALS_LOESCHEN, closed deal ABGL_DEALS_AENDERN and no delete', async () => {
    const offen = await deal(0);
    const a = expectOk(await neu('admin', { dealId: offen.id })).result;
    expect(a).toMatchObject({ dealId: offen.id, adresseId: offen.adresseId });
    expect(expectOk(await c.call(endpoints.dealAktivitaeten, { as: 'admin', params: { id: offen.id } })).result.map((x) => x.id)).toEqual([a.id]);
    const ohneAendern = await f.benutzer({ rechte: { DEALS_AENDERN: false } });
    expectError(await neu(ohneAendern.anmeldename, { dealId: offen.id }), 403);
    expectError(await patch(ohneAendern.anmeldename, a.id), 403);
    const ohneLoeschen = await f.benutzer({ rechte: { DEALS_LOESCHEN: false } });
    expectError(await del(ohneLoeschen.anmeldename, a.id), 403);

    const gewonnen = await deal(1);
    const ohneAbgl = await f.benutzer({ rechte: { ABGL_DEALS_AENDERN: false } });
    expectError(await neu(ohneAbgl.anmeldename, { dealId: gewonnen.id }), 403);
    const mitAbgl = await f.benutzer({ rechte: { DEALS_AENDERN: false } });
    const b = expectOk(await neu(mitAbgl.anmeldename, { dealId: gewonnen.id })).result;
    expectOk(await patch(mitAbgl.anmeldename, b.id));
    expectError(await del('admin', b.id), 409);
    const mit = await f.benutzer();
    expect((await del(mit.anmeldename, a.id)).status).toBe(204);
  });

  it('the usage parameter deals off: deal activities answer 403', async () => {
    const d = await deal(0);
    const set = (wert: string) => db.updateTable('systemParameter').set({ wert }).where('name', '=', 'NUTZUNG.DEALS').execute();
    await set('0');
    try {
      expectError(await c.call(endpoints.dealAktivitaeten, { as: 'admin', params: { id: d.id } }), 403);
      expectError(await neu('admin', { dealId: d.id }), 403);
    } finally {
      await set('1');
    }
  });

  it('an address activity keeps its address rights (ADR_AENDERN)', async () => {
    const adresse = await f.adresse();
    const ohne = await f.benutzer({ rechte: { ADR_AENDERN: false } });
    expectError(
      await c.call(endpoints.aktivitaetCreate, {
        as: ohne.anmeldename,
        body: { data: { adresseId: adresse.id, artId: await artId(), beschreibung: 'x', dauer: 1, datum: new Date().toISOString() } },
      }),
      403,
    );
    const a = await f.aktivitaet(adresse.id);
    expectError(await patch(ohne.anmeldename, a.id), 403);
    expect(expectOk(await patch('buero', a.id)).result.beschreibung).toBe('geändert');
    expectError(
      await c.call(endpoints.aktivitaetCreate, {
        as: 'admin',
        body: { data: { artId: await artId(), beschreibung: 'x', dauer: 1, datum: new Date().toISOString() } },
      }),
      400,
    );
  });
});
