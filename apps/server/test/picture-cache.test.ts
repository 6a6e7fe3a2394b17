import { createHash } from 'node:crypto';
import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { avatarPng } from '../src/seed/png';
import { api, docEndpoints, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

/**
 * Pictures are served with validators instead of an hour's max-age (issue 19 item 7b): the ETag is the hash of the
 * bytes, every use asks again (no-cache) and an unchanged picture answers 304 — a changed one is never served stale.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);
const as = 'buero';
const adresse = (await f.adresse({}, { as })).id;
const etagOf = (b: Buffer) => `"${createHash('sha256').update(b).digest('base64url')}"`;

async function personWithPicture(image: Buffer) {
  const p = await f.ansprechpartner(adresse, { name: 'Bild' }, { as });
  const res = await c.call(endpoints.ansprechpartnerBild, {
    as,
    params: { id: p.id },
    body: { data: { dateiname: 'foto.png', daten: image.toString('base64') } },
  });
  return { person: p.id, gfxid: expectOk(res).result.gfxid as number };
}
const picture = (id: number, ifNoneMatch?: string) =>
  c.callRaw(endpoints.bild, { as, params: { id }, headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } });

describe('serving a picture', () => {
  it('answers its bytes with an ETag from their hash and Cache-Control: private, no-cache (no max-age)', async () => {
    const image = avatarPng(200, 32);
    const { gfxid } = await personWithPicture(image);
    const res = await picture(gfxid);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers.etag).toBe(etagOf(image));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers 304 without a body when If-None-Match names the ETag (also weak, in a list, or *); another tag gets the bytes', async () => {
    const image = avatarPng(120, 24);
    const { gfxid } = await personWithPicture(image);
    const etag = etagOf(image);
    for (const header of [etag, `W/${etag}`, `"anderes", ${etag}`, '*']) {
      const res = await picture(gfxid, header);
      expect(res.statusCode, header).toBe(304);
      expect(res.rawPayload.length, header).toBe(0);
      expect(res.headers.etag, header).toBe(etag);
      expect(res.headers['cache-control'], header).toBe('private, no-cache');
    }
    const other = await picture(gfxid, '"anderes"');
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(image)).toBe(true);
    // the token is checked before any answer, a 304 included
    expectError(await c.callRaw(endpoints.bild, { params: { id: gfxid }, headers: { 'if-none-match': etag } }), 401);
  });

  it('a picture changed under the same id is served new to a client holding the old copy (200, new ETag), never stale', async () => {
    const before = avatarPng(80, 16);
    const { gfxid } = await personWithPicture(before);
    const old = await picture(gfxid);
    expect(old.statusCode).toBe(200);
    // the same id with other bytes: a reused id, a restored backup
    const after = avatarPng(30, 16);
    await t.handle.db.updateTable('bilder').set({ daten: after }).where('id', '=', gfxid).execute();
    const res = await picture(gfxid, old.headers.etag as string);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(after)).toBe(true);
    expect(res.headers.etag).toBe(etagOf(after));
    expect(res.headers.etag).not.toBe(old.headers.etag);
  });

  it('a picture replaced through the API is served new under its new id; the old one is gone (404)', async () => {
    const first = avatarPng(60, 16);
    const { person, gfxid } = await personWithPicture(first);
    const second = avatarPng(200, 16);
    const res = await c.call(endpoints.ansprechpartnerBild, {
      as,
      params: { id: person },
      body: { data: { dateiname: 'neu.png', daten: second.toString('base64') } },
    });
    const neu = expectOk(res).result.gfxid as number;
    const served = await picture(neu, etagOf(first));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(second)).toBe(true);
    if (neu !== gfxid) expectError(await picture(gfxid, etagOf(first)), 404);
  });

  it('the OpenAPI document states the ETag, the If-None-Match header and the 304 answer', async () => {
    const doc = (await c.callRaw(docEndpoints.openapi)).json();
    const op = doc.paths['/stammdaten/bilder/{id}/gfx'].get;
    expect(Object.keys(op.responses['200'].headers)).toEqual(['ETag', 'Cache-Control']);
    expect(op.responses['304'].content).toBeUndefined();
    expect(op.parameters.some((p: { in: string; name: string }) => p.in === 'header' && p.name === 'If-None-Match')).toBe(true);
  });
});
