import { BELEGARTEN, endpoints, standardTexte } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';
import { overlap, readPdf } from './pdf-reader';

/**
 * Issue 20 items 9 and 12: amounts after the document discount, the effective price in cents, duplicating and
 * discarding a document, the types' default texts on new and transformed documents, text lines in partial
 * transforms, and PDFs whose long subject and discount texts flow instead of overlapping.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const kunde = await f.adresse();

const get = async (id: number, as = 'admin') => expectOk(await c.call(endpoints.belegGet, { as, params: { id } })).result;
const positionen = async (id: number) => expectOk(await c.call(endpoints.belegPositionenList, { as: 'admin', params: { id }, query: { limit: 1000 } })).result;
const historie = async (id: number) => expectOk(await c.call(endpoints.belegHistorie, { as: 'admin', params: { id } })).result;
const kopieren = (id: number, as = 'admin') => c.call(endpoints.belegKopieren, { as, params: { id } });
const verwerfen = (id: number, as = 'admin') => c.call(endpoints.belegVerwerfen, { as, params: { id } });
const anzahlBelege = async () =>
  Number(
    (
      await db
        .selectFrom('belege')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('amounts after the document discount', () => {
  it('head and list answer the discount, the net after it, the VAT on the discounted base and the gross that adds up', async () => {
    const a = await f.artikel({ vknetto: 1111.104, mwstsatz: 19 });
    const b = await f.beleg({ adresseId: kunde.id, rabatt1Prozent: 10, rabatt1Text: 'Projektrabatt' });
    // 3 × 1.111,104 less 2,5 % = 3.249,98 (3.249,97920 rounded once); the effective unit price 1.083,3264 is money: 1.083,33
    const { position } = await f.position(b.id, { artikelId: a.id, menge: 3, rabatt1: 2.5 });
    expect(position).toMatchObject({ einzelpreis: 1111.104, endpreis: 1083.33, gesamtpreis: 3249.98 });
    const k = await get(b.id);
    // lines 3.249,98; discount 10 % = 325,00 (324,998); net after it 2.924,98; VAT 19 % on it 555,75 (555,7462); gross 3.480,73
    expect(k).toMatchObject({ betragNetto: 3249.98, rabatt1Wert: 325, endbetragNetto: 2924.98, mwstBetrag: 555.75, betragBrutto: 3480.73 });
    expect(Math.round((k.endbetragNetto + k.mwstBetrag) * 100)).toBe(Math.round(k.betragBrutto * 100));
    const row = expectOk(await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: kunde.id, belegart: '0100', limit: 1000 } })).result.find(
      (r) => r.id === b.id,
    );
    expect(row).toMatchObject({ betragNetto: 3249.98, endbetragNetto: 2924.98, mwstBetrag: 555.75, betragBrutto: 3480.73 });
  });
});

describe('duplicate a document', () => {
  it('makes a new document of the same type with the same head and positions, a new number, status 1, not booked, history "Kopiert von"', async () => {
    const ls = await f.beleg({
      adresseId: kunde.id,
      belegart: '0300',
      betreff: 'Bestellung 4711',
      rabatt1Prozent: 5,
      kopftext: 'Eigener Kopftext',
      liefertermin: '2026-12-24',
      projekt: 'Umbau Halle 3',
    });
    // service articles: a delivery note of them books without stock
    const a = await f.artikel({ vknetto: 12.5, artikelart: '3' });
    await f.position(ls.id, { positionsArt: 'T', bezeichnung: 'Bauabschnitt 1', beschreibung: 'Erdgeschoss' });
    await f.position(ls.id, { artikelId: a.id, menge: 4, einzelpreis: 11.2345, rabatt1: 3 });
    await f.position(ls.id, { artikelId: a.id, menge: 2 });
    expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: ls.id } }));
    const quelle = await get(ls.id);

    const res = await kopieren(ls.id);
    const kopie = expectOk(res).result;
    expect(res.status).toBe(201);
    expect(res.headers.location).toMatch(new RegExp(`/verkauf/belege/${kopie.id}$`));
    expect(kopie.id).not.toBe(ls.id);
    expect(kopie.belegnummer).not.toBe(quelle.belegnummer);
    expect(kopie.belegnummer.startsWith(BELEGARTEN.lieferschein.nummernkreis.praefix)).toBe(true);
    expect(kopie).toMatchObject({
      belegart: '0300',
      belegstatus: 1,
      gebuchtAm: null,
      storniertAm: null,
      vorgaengerId: null,
      adresseId: kunde.id,
      betreff: 'Bestellung 4711',
      rabatt1Prozent: 5,
      kopftext: 'Eigener Kopftext',
      liefertermin: '2026-12-24',
      projekt: 'Umbau Halle 3',
      betragNetto: quelle.betragNetto,
      endbetragNetto: quelle.endbetragNetto,
      betragBrutto: quelle.betragBrutto,
      bearbeitbar: true,
    });
    const felder = (p: Awaited<ReturnType<typeof positionen>>[number]) => ({
      position: p.position,
      positionsArt: p.positionsArt,
      bezeichnung: p.bezeichnung,
      beschreibung: p.beschreibung,
      menge: p.menge,
      einzelpreis: p.einzelpreis,
      rabatt1: p.rabatt1,
      gesamtpreis: p.gesamtpreis,
    });
    const alt = await positionen(ls.id);
    const neu = await positionen(kopie.id);
    expect(neu.map(felder)).toEqual(alt.map(felder));
    // nothing taken over or delivered yet, no source line
    expect(neu.every((p) => p.mengeUebernommen === 0 && p.mengeGeliefert === 0 && p.quellePositionId === null)).toBe(true);
    const h = await historie(kopie.id);
    expect(h.map((x) => x.text)).toContain(`Kopiert von Lieferschein ${quelle.belegnummer}`);
    expect(h.some((x) => x.art === 'C')).toBe(true);
    // the source is untouched; the copy is booked on its own
    expect(await get(ls.id)).toMatchObject({ belegstatus: quelle.belegstatus, gebuchtAm: quelle.gebuchtAm });
    expect((await db.selectFrom('lagerbewegungen').select('id').where('belegId', '=', kopie.id).execute()).length).toBe(0);
  });

  it('does not copy a cancellation document, needs BEK_AENDERN, and a refused copy changes nothing', async () => {
    const re = await f.beleg({ adresseId: kunde.id, belegart: '0400' });
    await f.position(re.id, { menge: 1 });
    expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: re.id } }));
    const storniert = expectOk(await c.call(endpoints.belegStornieren, { as: 'admin', params: { id: re.id } })).result;
    const sr = storniert.stornoBezug?.id as number;
    const vorher = await anzahlBelege();
    const e = expectError(await kopieren(sr), 422);
    expect(e.errors?.fieldErrors?.id?.[0]).toMatch(/Stornierung/);
    const nurSehen = await f.benutzer({ rechte: { BEK_AENDERN: false } });
    expectError(await kopieren(re.id, nurSehen.anmeldename), 403);
    expectError(await kopieren(99_999_999), 404);
    expect(await anzahlBelege()).toBe(vorher);
    // a cancelled invoice itself can be copied (a new, unbooked invoice)
    expect(expectOk(await kopieren(re.id)).result).toMatchObject({ belegart: '0400', belegstatus: 1, storniertAm: null, stornoVonId: null });
  });
});

describe('discard a document made by mistake', () => {
  it('its maker discards a new empty document without BEK_LOESCHEN; answers say so in verwerfbar', async () => {
    const user = await f.benutzer({ rechte: { BEK_LOESCHEN: false } });
    const b = await f.beleg({ adresseId: kunde.id }, { as: user.anmeldename });
    expect((await get(b.id, user.anmeldename)).verwerfbar).toBe(true);
    // the ordinary delete needs BEK_LOESCHEN
    expectError(await c.call(endpoints.belegDelete, { as: user.anmeldename, params: { id: b.id } }), 403);
    expect((await verwerfen(b.id, user.anmeldename)).status).toBe(204);
    expectError(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } }), 404);
    expect(await db.selectFrom('belegStatushistorie').select('id').where('belegId', '=', b.id).execute()).toEqual([]);
  });

  it('refuses with the reason (422) and changes nothing: with positions, printed, booked, or another user’s', async () => {
    const user = await f.benutzer({ rechte: { BEK_LOESCHEN: false } });
    const mitPosition = await f.beleg({ adresseId: kunde.id }, { as: user.anmeldename });
    await f.position(mitPosition.id, { positionsArt: 'T', bezeichnung: 'Nur Text' }, { as: user.anmeldename });
    const gedruckt = await f.beleg({ adresseId: kunde.id }, { as: user.anmeldename });
    await db.updateTable('belege').set({ belegstatus: 2 }).where('id', '=', gedruckt.id).execute();
    const fremd = await f.beleg({ adresseId: kunde.id });
    const faelle: [number, RegExp][] = [
      [mitPosition.id, /hat Positionen/],
      [gedruckt.id, /nicht mehr neu/],
      [fremd.id, /anderen Benutzer/],
    ];
    for (const [id, grund] of faelle) {
      expect((await get(id, user.anmeldename)).verwerfbar, String(id)).toBe(false);
      const e = expectError(await verwerfen(id, user.anmeldename), 422);
      expect(e.errors?.services?.[0]?.message).toMatch(grund);
      expect(e.errors?.fieldErrors?.id?.[0]).toMatch(grund);
      expect((await get(id)).id).toBe(id);
    }
    expect((await positionen(mitPosition.id)).length).toBe(1);
    // a booked document, even an empty one of its maker
    const gebucht = await f.beleg({ adresseId: kunde.id, belegart: '0200' }, { as: user.anmeldename });
    await db.updateTable('belege').set({ belegstatus: 3, gebuchtAm: new Date().toISOString() }).where('id', '=', gebucht.id).execute();
    expectError(await verwerfen(gebucht.id, user.anmeldename), 422);
    expect((await get(gebucht.id)).belegstatus).toBe(3);
  });
});

describe('default head and foot texts per type', () => {
  it('a new document starts with its type’s texts; a transform takes the target type’s unless the user changed them', async () => {
    const an = await f.beleg({ adresseId: kunde.id, belegart: '0100' });
    expect(an).toMatchObject(standardTexte('0100'));
    expect(an.kopftext).toMatch(/bieten Ihnen/);
    await f.position(an.id, { menge: 1 });
    const au = expectOk(await c.call(endpoints.belegUmwandeln, { as: 'admin', params: { id: an.id, targetType: '0200' } })).result;
    expect(au).toMatchObject(standardTexte('0200'));
    expect(au.kopftext).not.toMatch(/bieten Ihnen/);
    expect(au.fusstext).toBeNull();

    // a text the user wrote goes along
    const an2 = await f.beleg({ adresseId: kunde.id, belegart: '0100', kopftext: 'Wie besprochen liefern wir:' });
    await f.position(an2.id, { menge: 1 });
    const au2 = expectOk(await c.call(endpoints.belegUmwandeln, { as: 'admin', params: { id: an2.id, targetType: '0200' } })).result;
    expect(au2.kopftext).toBe('Wie besprochen liefern wir:');
    expect(au2.fusstext).toBe(standardTexte('0200').fusstext);

    // the invoice from a delivery note prints the invoice's introduction, not the offer's
    const ls = await f.beleg({ adresseId: kunde.id, belegart: '0300' });
    await f.position(ls.id, { artikelId: (await f.artikel({ artikelart: '3' })).id, menge: 1 });
    expectOk(await c.call(endpoints.belegBuchen, { as: 'admin', params: { id: ls.id } }));
    const re = expectOk(await c.call(endpoints.belegUmwandeln, { as: 'admin', params: { id: ls.id, targetType: '0400' } })).result;
    expect(re.kopftext).toBe(BELEGARTEN.rechnung.pdf.einleitung);
    const text = (await readPdf((await c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id: re.id } })).rawPayload)).pages.join('\n');
    expect(text).toContain('berechnen wir Ihnen');
    expect(text).not.toContain('bieten Ihnen');
  });
});

describe('text lines in a partial transform', () => {
  it('go along with the lines they head and keep their order; a closing note goes along too', async () => {
    const au = await f.beleg({ adresseId: kunde.id, belegart: '0200' });
    const titel = async (bezeichnung: string) => (await f.position(au.id, { positionsArt: 'T', bezeichnung })).position;
    const artikel = async () => (await f.position(au.id, { menge: 2 })).position;
    await titel('Abschnitt A');
    const a1 = await artikel();
    await titel('Abschnitt B');
    const b1 = await artikel();
    const b2 = await artikel();
    await titel('Hinweis: Lieferung frei Haus');
    // only B's second line, one piece
    const ls = expectOk(
      await c.call(endpoints.belegUmwandeln, {
        as: 'admin',
        params: { id: au.id, targetType: '0300' },
        body: { data: { positionen: [{ positionId: b2.id, menge: 1 }] } },
      }),
    ).result;
    const neu = await positionen(ls.id);
    expect(neu.map((p) => [p.positionsArt, p.bezeichnung, p.menge])).toEqual([
      ['T', 'Abschnitt B', null],
      ['A', b2.bezeichnung, 1],
      ['T', 'Hinweis: Lieferung frei Haus', null],
    ]);
    // choosing A's line takes "Abschnitt A" and not "Abschnitt B"
    const ls2 = expectOk(
      await c.call(endpoints.belegUmwandeln, {
        as: 'admin',
        params: { id: au.id, targetType: '0300' },
        body: { data: { positionen: [{ positionId: a1.id, menge: 2 }] } },
      }),
    ).result;
    expect((await positionen(ls2.id)).map((p) => p.bezeichnung)).toEqual(['Abschnitt A', a1.bezeichnung, 'Hinweis: Lieferung frei Haus']);
    expect(b1.id).toBeGreaterThan(0);
  });
});

describe('PDF: long subject and discount texts flow', () => {
  it('no two texts overlap on any page, the long texts are there in order, and a long introduction adds pages', async () => {
    const lang = `Bestellung ${'Sonderanfertigung Edelstahl '.repeat(4)}Ende`.slice(0, 120);
    const rabattText = 'Sonderrabatt für die Rahmenvereinbarung Nord-Süd mit Abnahmeverpflichtung bis 2027 Ende';
    const kurz = await f.beleg({ adresseId: kunde.id, belegart: '0100' });
    await f.position(kurz.id, { menge: 1 });
    const kurzPdf = await readPdf((await c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id: kurz.id } })).rawPayload);

    const b = await f.beleg({
      adresseId: kunde.id,
      belegart: '0100',
      betreff: lang,
      projekt: `Projekt ${'Erweiterung Werk Süd '.repeat(5)}`.slice(0, 120),
      rabatt1Prozent: 3,
      rabatt1Text: rabattText.slice(0, 80),
      rabatt2Betrag: 10,
      rabatt2Text: `Zweiter ${rabattText}`.slice(0, 80),
      kopftext: Array.from(
        { length: 40 },
        (_, i) => `Absatz ${i + 1}: ${'Die Ausführung erfolgt nach den vereinbarten technischen Bedingungen. '.repeat(3)}`,
      ).join('\n'),
    });
    for (let i = 0; i < 3; i++) await f.position(b.id, { menge: 1 });
    const pdf = await readPdf((await c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id: b.id } })).rawPayload);
    expect(pdf.pages.length).toBeGreaterThan(kurzPdf.pages.length + 1);
    for (const [i, boxes] of pdf.boxes.entries()) {
      for (let x = 0; x < boxes.length; x++)
        for (let y = x + 1; y < boxes.length; y++) {
          const [p, q] = [boxes[x], boxes[y]] as [(typeof boxes)[number], (typeof boxes)[number]];
          expect(overlap(p, q), `page ${i + 1}: "${p.str}" and "${q.str}"`).toBe(false);
        }
    }
    const alles = pdf.pages.join(' ').replace(/\s+/g, ' ');
    const ohneUmbruch = (s: string) => s.replace(/\s+/g, ' ').trim();
    // every word of the long texts is printed, in order
    for (const text of [lang, rabattText.slice(0, 80), 'Absatz 1:', 'Absatz 40:']) {
      let ab = 0;
      for (const wort of ohneUmbruch(text).split(' ')) {
        const at = alles.indexOf(wort, ab);
        expect(at, `${wort} of ${text.slice(0, 30)}`).toBeGreaterThanOrEqual(0);
        ab = at;
      }
    }
    expect(alles.indexOf('Absatz 1:')).toBeLessThan(alles.indexOf('Absatz 40:'));
    expect(alles.indexOf('Absatz 40:')).toBeLessThan(alles.indexOf(rabattText.slice(0, 20)));
  });
});
