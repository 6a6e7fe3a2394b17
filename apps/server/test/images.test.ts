import { crc32 } from 'node:zlib';
import { endpoints } from '@vario/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOADS_PER_MINUTE, MAX_PIXELS } from '../src/lib/images';
import { api, expectOk } from './client';
import { factories } from './factories';
import { createTestApp, expectError } from './helper';

const t = await createTestApp();
const c = api(t);
const f = factories(c);
const b64 = (b: Buffer) => b.toString('base64');

const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
  .png()
  .toBuffer();
const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a37' } })
  .jpeg()
  .toBuffer();

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
  return Buffer.concat([len, Buffer.from(type), data, crc]);
}

/** A well-formed PNG whose header (IHDR) says width × height, with junk instead of pixel data (IDAT). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.alloc(10, 0x41)), chunk('IEND', Buffer.alloc(0))]);
}

const CORRUPT: [string, Buffer][] = [
  ['PNG magic followed by junk', Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 0x5a)])],
  ['JPEG magic followed by junk', Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(200, 0x00)])],
  ['GIF magic followed by junk', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50, 0xff)])],
  ['WebP magic followed by junk', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(50, 0x11)])],
  ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
  ['a PNG header without pixel data', pngHeader(100, 100)],
];

describe('image uploads', async () => {
  const asset = await t.handle.db.selectFrom('assets').select('id').executeTakeFirstOrThrow();
  const adresse = await f.adresse();
  const person = await f.ansprechpartner(adresse.id);
  const assetBild = (daten: Buffer, as = 'admin') =>
    c.call(endpoints.assetBildCreate, { as, params: { id: asset.id }, body: { data: { dateiname: 'bild.png', daten: b64(daten) } } });
  const personBild = (daten: Buffer) =>
    c.call(endpoints.ansprechpartnerBild, { as: 'admin', params: { id: person.id }, body: { data: { dateiname: 'bild.png', daten: b64(daten) } } });

  for (const [what, data] of CORRUPT) {
    it(`[APP-108] ${what} is a 400 on daten (asset picture), not a 500`, async () => {
      expect(Object.keys(expectError(await assetBild(data), 400).errors.fieldErrors)).toContain('daten');
    });
  }

  it('corrupt pictures of a person are a 400 on daten and are not stored', async () => {
    for (const [what, data] of CORRUPT) {
      const res = await personBild(data);
      expect(Object.keys(expectError(res, 400).errors.fieldErrors), what).toContain('daten');
    }
    const row = await t.handle.db.selectFrom('ansprechpartner').select('gfxid').where('id', '=', person.id).executeTakeFirstOrThrow();
    expect(row.gfxid).toBeNull();
    expectOk(await personBild(png));
  });

  it(`an image of more than ${MAX_PIXELS / 1e6} megapixels is refused by its header, before decoding`, async () => {
    const res = await assetBild(pngHeader(16_000, 16_000));
    const err = expectError(res, 400);
    expect(err.errors.fieldErrors.daten?.[0]).toContain('Megapixel');
    expectError(await personBild(pngHeader(7000, 7000)), 400);
  });

  it('8 parallel 16000×16000 uploads do not stall the server: all refused, other calls answer meanwhile', async () => {
    const started = performance.now();
    const uploads = Array.from({ length: 8 }, () => assetBild(pngHeader(16_000, 16_000), 'admin'));
    const list = await c.call(endpoints.adressenList, { as: 'admin', query: { limit: 5 } });
    expect(list.status).toBe(200);
    for (const res of await Promise.all(uploads)) expectError(res, 400);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('a valid picture is stored in both sizes', async () => {
    const res = expectOk(await assetBild(jpeg));
    expect(res.result.id).toBeGreaterThan(0);
  });

  it(`[HTTP-061] image uploads are limited to ${IMAGE_UPLOADS_PER_MINUTE} a minute per user (429), other users are not affected`, async () => {
    const user = await f.benutzer();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof assetBild>> | undefined;
    for (let i = 0; i <= IMAGE_UPLOADS_PER_MINUTE; i++) {
      last = await assetBild(png, user.anmeldename);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, IMAGE_UPLOADS_PER_MINUTE).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // the client waits Retry-After seconds before it retries (HTTP-061)
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await assetBild(png)).status).not.toBe(429);
  });
});
