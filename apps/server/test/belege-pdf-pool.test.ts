import { createHash } from 'node:crypto';
import { endpoints, MessageCode } from '@vario/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

// issue 19 item 5: PDFs render in the worker pool. One thread and a queue of three here, so that four renders fill it
// (set before the server's modules load: the pool reads them once).
process.env.PDF_WORKER = '1';
process.env.PDF_WARTESCHLANGE = '3';
const { api, expectOk } = await import('./client');
const { factories } = await import('./factories');
const { createTestApp, expectError } = await import('./helper');
const { readPdf } = await import('./pdf-reader');
const { belegPdfModel } = await import('../src/modules/belege/belege.pdf-model');
const { renderGeschaeftsdokument, SeitenGrenzeErreicht } = await import('../src/modules/belege/belege.pdf');
const { PDF_GRENZEN, pdfPoolStand } = await import('../src/modules/belege/belege.pdf-pool');

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const db = t.handle.db;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const kunde = await f.adresse({ name1: 'Großabnehmer Nord GmbH', strasse: 'Kaistraße 1', plz: '24103', ort: 'Kiel' });
const artikel = await f.artikel({ bezeichnung: 'Flachdichtung' });

/**
 * An invoice with n article lines: the first through the API, the others copies of its row (the API would take
 * minutes for thousands; the PDF reads the rows as they are stored). Position i is called "Dichtung Nr. i".
 */
async function rechnungMit(n: number) {
  const beleg = await f.beleg({ belegart: '0400', adresseId: kunde.id });
  const erste = (await f.position(beleg.id, { artikelId: artikel.id, bezeichnung: 'Dichtung Nr. 1', menge: 1 })).position;
  const { id: _, ...zeile } = await db.selectFrom('belegPositionen').selectAll().where('id', '=', erste.id).executeTakeFirstOrThrow();
  const kopien = Array.from({ length: n - 1 }, (_x, i) => ({ ...zeile, position: i + 2, bezeichnung: `Dichtung Nr. ${i + 2}` }));
  for (let i = 0; i < kopien.length; i += 200)
    await db
      .insertInto('belegPositionen')
      .values(kopien.slice(i, i + 200))
      .execute();
  return { ...beleg, erstePositionId: erste.id };
}

const pdfAnfrage = (id: number) => c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id } });
async function pdfOf(id: number) {
  const res = await pdfAnfrage(id);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['x-content-sha256']).toBe(sha256(res.rawPayload));
  return res.rawPayload;
}

describe('PDF rendering in the worker pool (issue 19 item 5)', () => {
  it('a 2,000-position invoice renders in a worker to the same bytes as in-process, every position on "Seite x von N"; an unchanged document answers the same bytes, a changed position or a new signature a new PDF', async () => {
    const b = await rechnungMit(2000);
    const pdf = await pdfOf(b.id);

    // the worker renders exactly what the renderer gives for the document's model
    const model = await belegPdfModel(db, b.id);
    expect(pdf.equals(await renderGeschaeftsdokument(model, { maxSeiten: PDF_GRENZEN.seiten }))).toBe(true);
    const gelesen = await readPdf(pdf);
    const seiten = gelesen.pages.length;
    expect(seiten).toBeGreaterThan(40);
    for (const [i, page] of gelesen.pages.entries()) expect(page).toContain(`Seite ${i + 1} von ${seiten}`);
    const text = gelesen.pages.join('\n');
    const fehlend = Array.from({ length: 2000 }, (_, i) => `Dichtung Nr. ${i + 1}\n`).filter((z) => !text.includes(z));
    expect(fehlend).toEqual([]);
    expect(gelesen.pages[seiten - 1]).toContain('Dichtung Nr. 2000');

    // unchanged: the same bytes (from the cache), the hash kept with the document
    const gerendert = pdfPoolStand().gerendert;
    const nochmal = await pdfOf(b.id);
    expect(nochmal.equals(pdf)).toBe(true);
    expect(pdfPoolStand().gerendert).toBe(gerendert);
    const kept = await db.selectFrom('belegDokumente').select(['pdfSha256', 'pdfGroesse']).where('belegId', '=', b.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ pdfSha256: sha256(pdf), pdfGroesse: pdf.length });

    // one position changed through the API: a new PDF that shows it
    expectOk(
      await c.call(endpoints.belegPositionUpdate, {
        as: 'admin',
        params: { id: b.id, positionId: b.erstePositionId },
        body: { data: { bezeichnung: 'Dichtung Nr. 1 (geändert)' } },
      }),
    );
    const geaendert = await pdfOf(b.id);
    expect(geaendert.equals(pdf)).toBe(false);
    expect((await readPdf(geaendert, { only: [1] })).pages[0]).toContain('Dichtung Nr. 1 (geändert)');

    // a signature (bytes in the model): a new PDF again, with the image
    const png = await sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: Buffer.from('<svg width="240" height="80"><path d="M10 60 C 60 10, 120 70, 230 20" stroke="black" stroke-width="4" fill="none"/></svg>') },
      ])
      .png()
      .toBuffer();
    expectOk(await c.call(endpoints.belegUnterschriftSet, { as: 'admin', params: { id: b.id }, body: { data: { daten: png.toString('base64') } } }));
    const unterschrieben = await pdfOf(b.id);
    expect(unterschrieben.equals(geaendert)).toBe(false);
    const mitBild = await readPdf(unterschrieben, { only: [seiten - 1, seiten] });
    expect(mitBild.pages).toHaveLength(seiten);
    expect(mitBild.images.reduce((s, n) => s + n, 0)).toBe(1);
  }, 120_000);

  it('a document with more positions than the bound is refused with 422 and the error object (German message), for the PDF and for printing; nothing is kept or printed', async () => {
    const b = await rechnungMit(PDF_GRENZEN.zeilen + 1);
    const body = expectError(await pdfAnfrage(b.id), 422, MessageCode.unprocessable);
    expect(body.errors.services[0]?.message).toBe(
      'Das Dokument hat mehr als 5.000 Positionen (5.001) und kann nicht als PDF erstellt werden; bitte auf mehrere Belege aufteilen',
    );
    const drucken = await c.call(endpoints.belegDrucken, { as: 'admin', params: { id: b.id } });
    expect(expectError(drucken, 422, MessageCode.unprocessable).errors.services[0]?.message).toContain('mehr als 5.000 Positionen');
    expect(await db.selectFrom('belegDokumente').selectAll().where('belegId', '=', b.id).executeTakeFirst()).toBeUndefined();
    const kopf = expectOk(await c.call(endpoints.belegGet, { as: 'admin', params: { id: b.id } })).result;
    expect(kopf.belegstatus).toBe(b.belegstatus);
  });

  it('the renderer stops at the page bound (SeitenGrenzeErreicht) instead of rendering on', async () => {
    const model = await belegPdfModel(db, (await rechnungMit(200)).id);
    await expect(renderGeschaeftsdokument(model, { maxSeiten: 3 })).rejects.toBeInstanceOf(SeitenGrenzeErreicht);
    expect((await readPdf(await renderGeschaeftsdokument(model, { maxSeiten: 100 }))).pages.length).toBeLessThanOrEqual(100);
  });

  it('while four PDFs render, GET /webapp/me answers before any of them; a render beyond the full queue is a 503 with Retry-After; the four then arrive complete', async () => {
    const belege = await Promise.all([0, 1, 2, 3, 4].map(() => rechnungMit(800)));
    const fertig: string[] = [];
    const renders = belege.slice(0, 4).map((b, i) =>
      pdfAnfrage(b.id).then((res) => {
        fertig.push(`pdf${i}`);
        return res;
      }),
    );
    // the first renders, three wait: the queue is full
    for (let i = 0; i < 400 && pdfPoolStand().wartend < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pdfPoolStand().wartend).toBe(3);
    const me = await c.call(endpoints.me, { as: 'admin' });
    fertig.push('me');
    expect(me.status).toBe(200);
    expect(expectOk(me).result.benutzer.istAdmin).toBe(true);

    const voll = await pdfAnfrage((belege[4] as { id: number }).id);
    expectError(voll, 503, MessageCode.unavailable);
    expect(voll.headers['retry-after']).toBe('5');
    expect(voll.json().errors.services[0].message).toContain('zu viele PDF-Dokumente');

    const antworten = await Promise.all(renders);
    expect(fertig[0]).toBe('me');
    for (const [i, res] of antworten.entries()) {
      expect(res.statusCode).toBe(200);
      const { pages } = await readPdf(res.rawPayload, { only: [1] });
      expect(pages[0]).toContain((belege[i] as { belegnummer: string }).belegnummer);
      const letzte = (await readPdf(res.rawPayload, { only: [pages.length] })).pages[pages.length - 1];
      expect(letzte).toContain(`Seite ${pages.length} von ${pages.length}`);
      expect(letzte).toContain('Dichtung Nr. 800');
    }
    // the refused one renders once the queue has room
    expect((await readPdf(await pdfOf((belege[4] as { id: number }).id), { only: [1] })).pages[0]).toContain(
      (belege[4] as { belegnummer: string }).belegnummer,
    );
  }, 120_000);
});
