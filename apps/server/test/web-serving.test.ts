import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('an API path that does not exist is a 404 error object, not the app', async () => {
    const res = await c.callUnknownPath('GET', '/nirgends');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ httpStatus: 404 });
    // a path the API has with other methods still answers 405, also past the static files' wildcard route
    const wrong = await c.callRaw(endpoints.logout, { method: 'GET' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('POST');
  });
});
