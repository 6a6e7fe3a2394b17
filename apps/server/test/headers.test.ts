import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/lib/csp';
import { api, docEndpoints } from './client';
import { createTestApp, expectError } from './helper';

const inline = "window.__varioConfig = fetch('/config.json');";
const webRoot = mkdtempSync(join(tmpdir(), 'vario-web-'));
writeFileSync(join(webRoot, 'index.html'), `<!doctype html><title>vario</title><script>${inline}</script><script type="module" src="/assets/x.js"></script>`);
writeFileSync(join(webRoot, 'config.json'), '{"apiUrl":""}');
const t = await createTestApp({ webRoot });
const c = api(t);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('every request gets its own tracking id: a client X-Request-Id is never taken for it, two requests sending the same one differ', async () => {
    const headers = { 'x-request-id': 'client-42.abc_DEF' };
    const first = await c.call(endpoints.adresseGet, { as: 'admin', params: { id: 999_999_999 }, headers });
    const second = await c.call(endpoints.adresseGet, { as: 'admin', params: { id: 999_999_999 }, headers });
    const ids = [expectError(first, 404).trackingId, expectError(second, 404).trackingId];
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    // the answer names the server's id, the same as the error object's tracking id
    expect([first.headers['x-request-id'], second.headers['x-request-id']]).toEqual(ids);
    const ok = await c.call(endpoints.adressenList, { as: 'admin', headers });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    expect(ids).not.toContain(ok.headers['x-request-id']);
  });

  it("the client's plain X-Request-Id is logged beside the server's id (clientRequestId); any other is left out of the log", async () => {
    const res = await c.call(endpoints.adresseGet, { as: 'admin', params: { id: 999_999_999 }, headers: { 'x-request-id': 'trace-1' } });
    const trackingId = expectError(res, 404).trackingId;
    const lines = t.logs.filter((l) => l.reqId === trackingId);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.clientRequestId).toBe('trace-1');
    for (const forged of ['a b', '{"level":50,"msg":"forged"}', 'x"y', 'x'.repeat(65), 'ä', '']) {
      const r = await c.call(endpoints.adresseGet, { as: 'admin', params: { id: 999_999_999 }, headers: { 'x-request-id': forged } });
      expect(r.headers['x-request-id'], forged).toMatch(UUID);
      const id = expectError(r, 404).trackingId;
      expect(id, forged).toMatch(UUID);
      const logged = t.logs.filter((l) => l.reqId === id);
      expect(logged.length, forged).toBeGreaterThan(0);
      for (const l of logged) expect(l.clientRequestId, forged).toBeUndefined();
    }
  });
});

describe('caching of API answers', () => {
  it('every API answer with user data or a token says Cache-Control: no-store (success, error, login)', async () => {
    const login = await c.call(endpoints.login, { authorization: c.basic('admin', 'admin') });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const calls = [
      await c.call(endpoints.me, { as: 'admin' }),
      await c.call(endpoints.adressenList, { as: 'admin' }),
      await c.call(endpoints.adresseGet, { as: 'admin', params: { id: 999_999_999 } }),
      await c.call(endpoints.adressenList, { token: null }),
      await c.call(endpoints.systemInfo, { as: 'admin' }),
    ];
    for (const res of calls) expect(res.headers['cache-control'], `${res.endpoint.path} ${res.status}`).toBe('no-store');
    const unknown = await c.callUnknownPath('GET', '/gibt-es-nicht', { as: 'admin' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    const doc = await c.callRaw(docEndpoints.openapi);
    expect(doc.headers['cache-control']).toBe('no-store');
  });
});

describe('Content-Security-Policy of the web app', () => {
  it('every page carries a CSP that allows the inline script of index.html by its hash, and no inline script else', async () => {
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(inlineScriptHashes(`<script>${inline}</script>`)).toEqual([hash]);
    for (const url of ['/', '/index.html', '/addresses/12/masterdata', '/config.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc, url).toContain(hash);
      expect(scriptSrc, url).not.toContain('unsafe-inline');
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
    }
  });
});
