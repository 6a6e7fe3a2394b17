import { BELEG_AKTIONEN, BELEGARTEN, type BelegAktion, type Belegzustand, endpoints, zustandErlaubt } from '@vario/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, DB_KIND, expectError } from './helper';

/**
 * The document status table (issue 18 §2, `@vario/contract` BELEG_AKTIONEN) walked through the API: every (state,
 * action) pair on a fresh order brought into that state — allowed ones succeed, refused ones answer the table's
 * refusal (409 or 422) and change nothing — and every action refused without the right the table names.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;

const kunde = await f.adresse();
const artikel = await f.artikel({ vknetto: 50 });
const AUFTRAG = BELEGARTEN.auftrag.belegart;
/** The transform target of an order, by its belegtyp (the spec's form: `umwandeln/03`). */
const ZIEL = BELEGARTEN.lieferschein.belegtyp;
const png = (
  await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: Buffer.from('<svg width="200" height="80"><path d="M10 60 C 60 10, 120 70, 190 20" stroke="black" stroke-width="4" fill="none"/></svg>') },
    ])
    .png()
    .toBuffer()
).toString('base64');

/** A state of the table and whether the document in it was booked (status 4 exists both ways). */
type Fall = { zustand: Belegzustand; gebucht: boolean };
const FAELLE: Fall[] = [
  { zustand: 1, gebucht: false },
  { zustand: 2, gebucht: false },
  { zustand: 3, gebucht: true },
  { zustand: 4, gebucht: false },
  { zustand: 4, gebucht: true },
  { zustand: 5, gebucht: true },
  { zustand: 6, gebucht: true },
  { zustand: 8, gebucht: false },
  { zustand: 9, gebucht: true },
  { zustand: 'storniert', gebucht: true },
];
const name = (fall: Fall) => `${fall.zustand}${fall.zustand === 4 ? (fall.gebucht ? ' (booked)' : ' (unbooked)') : ''}`;

const buchen = (id: number, as = 'admin') => c.call(endpoints.belegBuchen, { as, params: { id } });
const umwandeln = (id: number, positionen?: { positionId: number; menge: number }[], as = 'admin') =>
  c.call(endpoints.belegUmwandeln, { as, params: { id, targetType: ZIEL }, ...(positionen ? { body: { data: { positionen } } } : {}) });

/** An order with one line of 2 pieces, brought into the state the way users get there (6 and 9 have no call: set). */
async function auftragIm(fall: Fall, as = 'admin') {
  const b = expectOk(await c.call(endpoints.belegCreate, { as, body: { data: { belegart: AUFTRAG, adresseId: kunde.id } } })).result;
  const p = expectOk(await c.call(endpoints.belegPositionCreate, { as, params: { id: b.id }, body: { data: { artikelId: artikel.id, menge: 2 } } })).result
    .position;
  const z = fall.zustand;
  if (z === 2) expectOk(await c.call(endpoints.belegDrucken, { as, params: { id: b.id } }));
  if (fall.gebucht) expectOk(await buchen(b.id, as));
  if (z === 4) expectOk(await umwandeln(b.id, [{ positionId: p.id, menge: 1 }], as));
  if (z === 5 || z === 8) expectOk(await umwandeln(b.id, undefined, as));
  if (z === 'storniert') expectOk(await c.call(endpoints.belegStornieren, { as, params: { id: b.id } }));
  if (z === 6 || z === 9) await db.updateTable('belege').set({ belegstatus: z }).where('id', '=', b.id).execute();
  const kopf = await db.selectFrom('belege').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
  expect(z === 'storniert' ? !!kopf.storniertAm : kopf.belegstatus === z && !kopf.storniertAm, name(fall)).toBe(true);
  expect(!!kopf.gebuchtAm, name(fall)).toBe(fall.gebucht);
  return kopf;
}

/** Runs an action through its endpoint. */
async function aktion(a: BelegAktion, id: number, as = 'admin'): Promise<{ ok: boolean; status: number; body: unknown }> {
  switch (a) {
    case 'ansehen': {
      const get = await c.call(endpoints.belegGet, { as, params: { id } });
      if (!get.ok) return get;
      const pdf = await c.callRaw(endpoints.belegPdf, { as, params: { id } });
      return { ok: pdf.statusCode === 200, status: pdf.statusCode, body: pdf.statusCode === 200 ? null : pdf.json() };
    }
    case 'aendern':
      return c.call(endpoints.belegUpdate, { as, params: { id }, body: { data: { betreff: 'Geändert' } } });
    case 'loeschen':
      return c.call(endpoints.belegDelete, { as, params: { id } });
    case 'drucken':
      return c.call(endpoints.belegDrucken, { as, params: { id } });
    case 'buchen':
      return buchen(id, as);
    case 'stornieren':
      return c.call(endpoints.belegStornieren, { as, params: { id } });
    case 'umwandeln':
      return umwandeln(id, undefined, as);
    case 'unterschreiben':
      return c.call(endpoints.belegUnterschriftSet, { as, params: { id }, body: { data: { daten: png, name: 'Test' } } });
  }
}

const AKTIONEN = Object.keys(BELEG_AKTIONEN) as BelegAktion[];
const kopfVon = (id: number) => db.selectFrom('belege').selectAll().where('id', '=', id).executeTakeFirst();

describe(`the document status table through the API (${DB_KIND})`, () => {
  it('[BEL-027] every (state, action) pair: allowed ones succeed, refused ones answer the table’s refusal and change nothing', async () => {
    const gesehen: string[] = [];
    for (const fall of FAELLE) {
      for (const a of AKTIONEN) {
        const kopf = await auftragIm(fall);
        const erlaubt = zustandErlaubt(a, kopf);
        const r = await aktion(a, kopf.id);
        const was = `${a} in state ${name(fall)}`;
        if (erlaubt) {
          expect(r.ok, `${was}: ${JSON.stringify(r.body)}`).toBe(true);
        } else {
          expectError(r as Parameters<typeof expectError>[0], BELEG_AKTIONEN[a].ablehnung);
          const nachher = await kopfVon(kopf.id);
          expect({ ...nachher, suche: undefined }, was).toEqual({ ...kopf, suche: undefined });
        }
        gesehen.push(`${was}: ${erlaubt ? 'allowed' : BELEG_AKTIONEN[a].ablehnung}`);
      }
    }
    // the walk covered every pair, and the table allows what the spec says (BEL-027: change only in 1 and 2)
    expect(gesehen).toHaveLength(FAELLE.length * AKTIONEN.length);
    expect(gesehen.filter((g) => g.startsWith('aendern') && g.endsWith('allowed'))).toEqual(['aendern in state 1: allowed', 'aendern in state 2: allowed']);
  });

  it('[RIGHT-019] [RIGHT-020] every action the table names a right for is refused (403) without it, in a state that allows it', async () => {
    for (const a of AKTIONEN) {
      const recht = BELEG_AKTIONEN[a].recht;
      const ohne = await f.benutzer({ rechte: { [recht]: false } });
      const fall = FAELLE.find((x) =>
        zustandErlaubt(a, {
          belegstatus: x.zustand === 'storniert' ? 6 : x.zustand,
          storniertAm: x.zustand === 'storniert' ? 'x' : null,
          gebuchtAm: x.gebucht ? 'x' : null,
        }),
      );
      if (!fall) throw new Error(`no state allows ${a}`);
      const kopf = await auftragIm(fall);
      const body = expectError((await aktion(a, kopf.id, ohne.anmeldename)) as Parameters<typeof expectError>[0], 403);
      expect(body.messageParameters, a).toContain(recht);
    }
  });
});
