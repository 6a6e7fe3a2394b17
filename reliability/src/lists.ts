// Fuzzing every list's query grammar (filter, orderBy, search, limit, offset): no 5xx, refusals in the error object,
// NUL refused, prototype names refused as unknown fields, the declared query applied (limit), nothing changed.
import { type Endpoint, endpoints, listQuery } from '@vario/contract';
import fc from 'fast-check';
import { resolveParams } from './fuzz';
import { oddValue } from './gen';
import type { InProc } from './lib/inproc';
import { countAnswer, violation } from './lib/stats';
import { fillPath, isErrorObject } from './matrix';
import type { Size } from './size';

const PROTO = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];
const OPS = ['=', '!=', '>', '>=', '<', '<=', '~'];

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD instead of throwing like encodeURIComponent). */
const percent = (v: string) => [...Buffer.from(v, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')).slice(0, 300);

export async function runListFuzz(s: InProc, size: Size) {
  const label = `lists/${s.kind}`;
  const seed = Number(process.env.RELIABILITY_SEED ?? 20261126);
  const { token } = await s.user({}, true);
  const before = await s.digest();
  const lists = (Object.entries(endpoints) as [string, Endpoint][]).filter(([, e]) => e.method === 'GET' && e.query === listQuery);
  let n = 0;
  for (const [name, e] of lists) {
    const path = fillPath(e.path, await resolveParams(s, token, e.path));
    const first = await s.call('GET', `${path}?limit=5`, { token });
    countAnswer(label, `GET ${e.path}`, first.status, first.body);
    const rows: Record<string, unknown>[] = first.status === 200 ? first.json().result : [];
    if (rows.length > 5) violation(label, `GET ${e.path} (${name}) ignores limit=5: ${rows.length} rows [issue 10 item 8]`);
    const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const field = fc.constantFrom(...(fields.length ? fields : ['id']), ...PROTO);
    const query = fc.oneof(
      fc.tuple(field, fc.constantFrom(...OPS), oddValue).map(([f, op, o]) => ({ filter: `${f}${op}${text(o.value)}` })),
      fc.tuple(fc.constantFrom(...PROTO), fc.constantFrom('', '-')).map(([f, d]) => ({ orderBy: `${d}${f}` })),
      oddValue.map((o) => ({ orderBy: text(o.value) })),
      oddValue.map((o) => ({ search: text(o.value) })),
      fc.constantFrom('-1', 'abc', '1e9', '100001', '0').map((v) => ({ limit: v })),
      fc.constantFrom('-5', 'x', '1e308').map((v) => ({ offset: v })),
      fc.string({ unit: 'binary', maxLength: 40 }).map((v) => ({ filter: v })),
    );
    const cases: Record<string, string>[] = [
      ...fc.sample(query, { numRuns: size.listRuns, seed }),
      ...PROTO.map((p) => ({ orderBy: p })),
      ...PROTO.map((p) => ({ filter: `${p}=1` })),
      ...fields.slice(0, 3).map((f) => ({ filter: `${f}~\u0000` })),
    ];
    for (const q of cases) {
      const qs = Object.entries(q)
        .map(([k, v]) => `${k}=${percent(v)}`)
        .join('&');
      const what = `GET ${e.path} (${name}) ?${Object.entries(q).map(([k, v]) => `${k}=${JSON.stringify(v).slice(0, 60)}`)}`;
      const a = await s.call('GET', `${path}?${qs}`, { token });
      n++;
      countAnswer(label, what, a.status, a.body);
      if (a.status >= 400 && !isErrorObject(a)) violation(label, `${what}: refusal ${a.status} is not the error object`);
      const v = Object.values(q).join('');
      if (a.status === 200 && v.includes('\u0000') && (q.filter || q.search)) violation(label, `${what}: NUL accepted in a filter [issue 10 item 8]`);
      if (a.status === 200 && PROTO.some((p) => q.orderBy === p || q.orderBy === `-${p}` || q.filter?.startsWith(`${p}=`)))
        violation(label, `${what}: a prototype name was accepted as a field`);
    }
  }
  if ((await s.digest()) !== before) violation(label, 'list calls changed the database');
  console.log(`  ${label}: ${n} queries on ${lists.length} lists`);
}
