import { type Endpoint, endpoints } from '@vario/contract';
import { describe, expect, it } from 'vitest';
import { api } from './client';
import { factories } from './factories';
import { createTestApp } from './helper';

/**
 * Ids in URLs are canonical decimal text (issue 19 item 7a): `0x1`, `01`, `1e0`, `+1`, ` 1` or `1.0` name no record and
 * are refused as a 400 on the parameter, like `abc`, on every route of every area — they served record 1 before.
 */
const t = await createTestApp();
const c = api(t);
const f = factories(c);

const ODD = ['0x1', '01', '1e0', '+1', ' 1', '1 ', '1.0', '0b1', '１'];
/** Path placeholders that hold a record id: `id` and every `…Id` (`subId`, `positionId`, `paymentId` …). */
const isIdParam = (name: string) => name === 'id' || /^[a-z]+Id$/.test(name);
const placeholders = (path: string) => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
const withIds = Object.entries(endpoints)
  .map(([name, e]) => ({ name, e: e as Endpoint, ids: placeholders(e.path).filter(isIdParam) }))
  .filter((r) => r.ids.length > 0);

describe('ids in paths', () => {
  it('GET /verkauf/belege/:id/pdf serves the document only under its own decimal id', async () => {
    const beleg = await f.beleg();
    const ok = await c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id: beleg.id } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('application/pdf');
    const n = beleg.id;
    for (const odd of [`0x${n.toString(16)}`, `0${n}`, `${n}e0`, `+${n}`, ` ${n}`, `${n}.0`, `${n / 10}e1`]) {
      const res = await c.callRaw(endpoints.belegPdf, { as: 'admin', params: { id: odd } });
      expect(res.statusCode, odd).toBe(400);
      expect(res.headers['content-type'], odd).toContain('application/json');
      const body = res.json();
      expect(body.messageCode, odd).toBe('VALIDIERUNG_FEHLGESCHLAGEN');
      expect(body.httpStatus).toBe(400);
      expect(body.trackingId).toEqual(expect.any(String));
      expect(Object.keys(body.errors.fieldErrors), odd).toEqual(['id']);
    }
  });

  it('every route of every area with an id in its path refuses 0x1, 01, 1e0, +1, " 1" … with a 400 on that id', async () => {
    expect(withIds.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const { name, e, ids } of withIds) {
      for (const param of ids) {
        for (const odd of ODD) {
          // the other placeholders get valid values, so that only this one is wrong
          const params = Object.fromEntries(placeholders(e.path).map((p) => [p, p === param ? odd : isIdParam(p) ? '1' : 'AP3']));
          const res = await c.callRaw(e, { as: 'admin', params });
          const fields = res.statusCode === 400 ? Object.keys(res.json().errors?.fieldErrors ?? {}) : [];
          if (res.statusCode !== 400 || !fields.includes(param))
            failures.push(`${name} ${e.method} ${e.path} ${param}=${JSON.stringify(odd)}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the canonical id passes the same routes (reads): 1 and 2147483647 are no parameter error', async () => {
    const failures: string[] = [];
    for (const { name, e, ids } of withIds.filter((r) => r.e.method === 'GET')) {
      for (const value of ['1', '2147483647']) {
        const params = Object.fromEntries(placeholders(e.path).map((p) => [p, isIdParam(p) ? value : 'AP3']));
        const res = await c.callRaw(e, { as: 'admin', params });
        const fields = res.statusCode === 400 ? Object.keys(res.json().errors?.fieldErrors ?? {}) : [];
        if (res.statusCode >= 500 || ids.some((p) => fields.includes(p))) failures.push(`${name} ${e.path} ${value}: ${res.statusCode} ${fields}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('ids in a query are read the same way: adresseId=0x1 is a 400 on adresseId', async () => {
    const a = await f.adresse();
    const ok = await c.call(endpoints.belegeList, { as: 'admin', query: { adresseId: a.id } });
    expect(ok.status).toBe(200);
    const bad = await c.callRaw(endpoints.belegeList, { as: 'admin', query: { adresseId: `0x${a.id.toString(16)}` } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors.fieldErrors)).toEqual(['adresseId']);
  });
});
