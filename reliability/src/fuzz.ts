// Fuzzing every write endpoint from its own schema: odd values in every field, missing and extra fields, prototype
// names, odd bodies and path parameters. No 5xx, every refusal is the error object, a refused request changes nothing,
// and NUL or impossible dates are never accepted.
import { type Endpoint, endpoints } from '@vario/contract';
import fc from 'fast-check';
import { jsonSchema, type Odd, oddValue, validOf } from './gen';
import type { Answer, InProc } from './lib/inproc';
import { countAnswer, violation } from './lib/stats';
import { fillPath, isErrorObject } from './matrix';
import type { Size } from './size';

interface Case {
  label: string;
  params?: Record<string, string | number>;
  body?: unknown;
  raw?: string;
  odd?: Odd;
}

/** Ids of existing records for a path's placeholders: each one from the list at the path before it (else 1). */
export async function resolveParams(s: InProc, token: string, path: string) {
  const values: Record<string, string | number> = {};
  const parts = path.split('/');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (!p.startsWith(':')) continue;
    const name = p.slice(1);
    const listPath = fillPath(parts.slice(0, i).join('/'), values);
    const a = await s.call('GET', `${listPath}?limit=1`, { token }).catch(() => null);
    const first = a?.status === 200 ? a.json().result?.[0] : undefined;
    values[name] = first?.id ?? (name === 'ap' ? 'vk' : name === 'name' ? 'reliability' : 1);
  }
  return values;
}

const rawWithKey = (base: Record<string, unknown>, key: string) => {
  const inner = JSON.stringify(base.data ?? {});
  const data = inner === '{}' ? `{"${key}":{"polluted":true}}` : `${inner.slice(0, -1)},"${key}":{"polluted":true}}`;
  return `{"data":${data}}`;
};

function casesFor(e: Endpoint, params: Record<string, string | number>, runs: number, seed: number): Case[] {
  const schema = e.body ? jsonSchema(e.body) : undefined;
  const base = (schema ? validOf(schema) : undefined) as Record<string, unknown> | undefined;
  if (base && schema?.properties?.ProtokollBemerkung) base.ProtokollBemerkung = 'Zuverlässigkeitstest';
  // Most bodies wrap the record in `data`; a few (the password change) are flat.
  const wrapped = !!schema?.properties?.data;
  const dataSchema = wrapped ? schema?.properties?.data : schema;
  const fields = Object.keys(dataSchema?.properties ?? {});
  const required = dataSchema?.required ?? [];
  const out: Case[] = [];
  const withField = (field: string, odd: Odd): Case => ({
    label: `${wrapped ? 'data.' : ''}${field} = ${odd.label}`,
    params,
    body: wrapped ? { ...base, data: { ...(base?.data as object), [field]: odd.value } } : { ...base, [field]: odd.value },
    odd,
  });
  if (base) {
    const arb = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), oddValue).map(([f, o]) => withField(f, o)) },
      { weight: 1, arbitrary: oddValue.map((o) => ({ label: `data = ${o.label}`, params, body: { data: o.value } })) },
      { weight: 1, arbitrary: oddValue.map((o) => ({ label: `body = ${o.label}`, params, body: o.value })) },
    );
    out.push(...fc.sample(arb, { numRuns: runs, seed }));
    // Targeted: NUL in every text field, an impossible date in every date field (issue 10 item 8).
    for (const f of fields) {
      const fs = dataSchema?.properties?.[f] ?? {};
      const t = JSON.stringify(fs);
      if (/"format":"date(-time)?"/.test(t))
        out.push(withField(f, { value: '2024-13-45', label: 'impossible date 2024-13-45', badDate: true, inDateField: true }));
      else if (t.includes('"string"') && !t.includes('"enum"')) out.push(withField(f, { value: 'a\u0000b', label: 'NUL in text', nul: true }));
    }
    for (const key of ['__proto__', 'constructor', 'unbekanntesFeld']) out.push({ label: `extra field ${key}`, params, raw: rawWithKey(base, key) });
    for (const f of required) {
      const data = { ...((wrapped ? base.data : base) as object) } as Record<string, unknown>;
      delete data[f];
      out.push({ label: `missing ${f}`, params, body: wrapped ? { ...base, data } : data });
    }
    out.push({ label: 'deeply nested JSON text', params, raw: `${'{"data":'.repeat(5000)}1${'}'.repeat(5000)}` });
    out.push({ label: 'not JSON', params, raw: '{"data": {"name1": "x"' });
  }
  for (const name of Object.keys(params))
    for (const bad of ['-1', 'abc', '__proto__', '9007199254740993'])
      out.push({ label: `path ${name} = ${bad}`, params: { ...params, [name]: bad }, body: base });
  return out;
}

function checkRefusal(label: string, what: string, a: Answer) {
  if (!isErrorObject(a)) violation(label, `${what}: refusal ${a.status} is not the error object: ${a.body.slice(0, 160)}`);
}

export async function runFuzz(s: InProc, size: Size) {
  const label = `fuzz/${s.kind}`;
  const seed = Number(process.env.RELIABILITY_SEED ?? 20261126);
  const admin = await s.user({}, true);
  let baseTables = await s.tableDigests();
  let n = 0;
  const writes = (Object.entries(endpoints) as [string, Endpoint][]).filter(
    ([, e]) => e.method !== 'GET' && e.method !== 'OPTIONS' && !e.public && e.path !== '/logout',
  );
  // The password change ends the sessions of its user: run it last, with a user of its own.
  writes.sort(([a], [b]) => Number(a === 'passwort') - Number(b === 'passwort'));
  for (const [name, e] of writes) {
    const token = name === 'passwort' ? (await s.user()).token : admin.token;
    const params = await resolveParams(s, token, e.path);
    for (const c of casesFor(e, params, size.fuzzRuns, seed)) {
      const what = `${e.method} ${e.path} (${name}) ${c.label}`;
      const path =
        c.raw === undefined && c.label.startsWith('path ')
          ? e.path.replace(/:(\w+)/g, (_, p) => encodeURIComponent(String(c.params?.[p])))
          : fillPath(e.path, c.params);
      const mark = await s.writeMark();
      const a = await s.call(e.method, path, { token, ...(c.raw !== undefined ? { raw: c.raw } : c.body !== undefined ? { body: c.body } : {}) });
      n++;
      countAnswer(label, what, a.status, a.body);
      // Nothing written at all (the usual refusal): the digest cannot have changed.
      const unmoved = a.status >= 400 && (await s.writeMark()) === mark;
      const tables = unmoved ? baseTables : await s.tableDigests();
      if (a.status >= 400) {
        checkRefusal(label, what, a);
        const changed = Object.keys(tables).filter((t) => tables[t] !== baseTables[t]);
        if (changed.length) violation(label, `${what}: refused with ${a.status} but changed ${changed.join(', ')}`);
      } else if (c.odd?.nul) violation(label, `${what}: a NUL character was accepted (${a.status}) [issue 10 item 8]`);
      else if (c.odd?.inDateField) violation(label, `${what}: an impossible date was accepted (${a.status}) [issue 10 item 8]`);
      baseTables = tables;
    }
  }
  console.log(`  ${label}: ${n} requests on ${writes.length} write endpoints (seed ${seed})`);
}
