import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api } from './client';
import { createTestApp } from './helper';

// A web build as Vite leaves it: index.html, config.json and content-hashed files under /assets.
const webRoot = mkdtempSync(join(tmpdir(), 'vario-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>vario</title>');
writeFileSync(join(webRoot, 'config.json'), '{"apiUrl":""}');
writeFileSync(join(webRoot, 'assets', 'index-D92n7d7Q.js'), 'console.log(1)');
// the build writes a brotli and a gzip copy beside each asset (apps/web/vite-plugins.ts)
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(join(webRoot, 'assets', 'main-Ab3dE5fG.js'), script);
writeFileSync(join(webRoot, 'assets', 'main-Ab3dE5fG.js.br'), brotliCompressSync(script));
writeFileSync(join(webRoot, 'assets', 'main-Ab3dE5fG.js.gz'), gzipSync(script));
const t = await createTestApp({ webRoot });
const c = api(t);

describe('serving the web app', () => {
  it('content-hashed assets are kept by the browser for a year without asking again', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-D92n7d7Q.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, config.json and the app routes are checked on every load, so a new build shows at once', async () => {
    for (const url of ['/', '/index.html', '/config.json', '/addresses/12/masterdata']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const spa = await t.app.inject({ method: 'GET', url: '/addresses' });
    expect(spa.body).toContain('<title>vario</title>');
    // the pages carry the security headers of helmet
    expect(spa.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(spa.headers['x-content-type-options']).toBe('nosniff');
    expect(spa.headers['strict-transport-security']).toBeDefined();
  });

  it('/robots.txt is a real robots file that keeps crawlers out, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('an API path that does not exist is a 404 error object, not the app', async () => {
    const res = await c.callUnknownPath('GET', '/nirgends');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ httpStatus: 404 });
    // a path the API has with other methods still answers 405, also past the static files' wildcard route
    const wrong = await c.callRaw(endpoints.logout, { method: 'GET' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('POST');
  });

  it('assets go out precompressed: brotli when accepted, else gzip, else as they are; each with its type and Vary', async () => {
    const url = '/assets/main-Ab3dE5fG.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const plain = await t.app.inject({ method: 'GET', url, headers });
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    }
  });

  it('JSON answers above 1 KB are compressed as the client accepts; small ones go out as they are', async () => {
    const big = await c.callRaw(endpoints.laender, { as: 'admin', headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(big.headers['content-type']).toMatch(/^application\/json/);
    const body = brotliDecompressSync(big.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(big.rawPayload.length).toBeLessThan(body.length / 2);
    expect(JSON.parse(body).result.length).toBeGreaterThan(10);

    const gz = await c.callRaw(endpoints.laender, { as: 'admin', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(body));

    const plain = await c.callRaw(endpoints.laender, { as: 'admin' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(JSON.parse(body));

    const small = await c.callRaw(endpoints.laender, { as: 'admin', query: { limit: 1 }, headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().result).toHaveLength(1);
  });
});
