import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * API tests call the API through the typed client (`api(t).call(endpoints.x, …)`, `callRaw(endpoints.x, …)`), never
 * by a URL written by hand: so a test follows the contract when a path changes, and every live answer is checked
 * against the endpoint's schema. This guard reads every file of this folder and fails on a raw way in. Only the client
 * (client.ts) and the app harness (helper.ts) may build URLs; a file with another good reason is listed below with it.
 */
const dir = dirname(fileURLToPath(import.meta.url));
const OWN_WAY_IN = new Set(['client.ts', 'helper.ts']);

type RuleName = 'raw-api-path' | 'raw-test-call' | 'prefix-by-hand' | 'path-by-hand' | 'raw-inject';
interface Rule {
  name: RuleName;
  pattern: RegExp;
  hint: string;
}

// The patterns are assembled from pieces so that this file does not trip over its own rules.
const prefix = ['', 'vario-api'].join('/');
const RULES: Rule[] = [
  { name: 'raw-api-path', pattern: new RegExp(`['"\`]${prefix}`), hint: 'call the endpoint: c.call(endpoints.x, { params, query, body })' },
  { name: 'raw-test-call', pattern: new RegExp(`\\bt\\.${'call'}\\(`), hint: 'the raw inject of the harness: use api(t).call / callRaw' },
  { name: 'prefix-by-hand', pattern: new RegExp(`\\b${'API_'}PREFIX\\b`), hint: 'the client adds the prefix: c.call / callRaw with the endpoint' },
  { name: 'path-by-hand', pattern: /\bbuildUrl\(\s*['"`]/, hint: 'buildUrl(endpoints.x.path, …), or callUnknownPath for a path outside the contract' },
  { name: 'raw-inject', pattern: new RegExp(`\\.${'inject'}\\(`), hint: 'inject bypasses the client: use c.call / callRaw (or document the reason below)' },
];

/** Files that may use a rule's way in, each with its reason. */
const EXCEPTIONS: Record<string, Partial<Record<RuleName, string>>> = {
  'web-serving.test.ts': { 'raw-inject': 'serves the web app (assets, SPA pages, compression), not the API' },
  'headers.test.ts': { 'raw-inject': 'the Content-Security-Policy of web pages, not API calls' },
  'login-throttle.test.ts': { 'raw-inject': 'needs remoteAddress per call (the client has none); the URL comes from endpoints.login' },
  'read-replica.test.ts': {
    'raw-inject': 'builds its own app over a primary and a replica (DATABASE_READ_URL), which the shared test app and its client do not',
    'prefix-by-hand': 'logs in and reads through that app, outside the shared client',
  },
  'server-setup.test.ts': {
    'raw-inject': 'checks the server listens (an OPTIONS preflight), not an API call',
    'raw-api-path': 'log-line formatting and a real HTTPS socket: the path is data, not a call through the client',
  },
};

interface Finding {
  file: string;
  line: number;
  rule: RuleName;
  text: string;
  hint: string;
}

/** The lines of one source that break a rule (unless the file's exception names the rule). */
function findRawWays(file: string, source: string): Finding[] {
  const allowed = EXCEPTIONS[file] ?? {};
  const out: Finding[] = [];
  for (const [i, text] of source.split('\n').entries()) {
    for (const rule of RULES) {
      if (!allowed[rule.name] && rule.pattern.test(text)) out.push({ file, line: i + 1, rule: rule.name, text: text.trim(), hint: rule.hint });
    }
  }
  return out;
}

const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !OWN_WAY_IN.has(f));

describe('API tests keep to the typed client', () => {
  it('no test file calls the API by a hand-written URL, the raw test call or a raw inject', () => {
    expect(files).toContain('conventions.test.ts');
    expect(files.length).toBeGreaterThan(10);
    const findings = files.flatMap((f) => findRawWays(f, readFileSync(join(dir, f), 'utf8')));
    expect(findings.map((x) => `${x.file}:${x.line} [${x.rule}] ${x.text} — ${x.hint}`)).toEqual([]);
  });

  it('the guard catches every raw way in and lets the client through', () => {
    const q = "'";
    const samples: [string, RuleName | null][] = [
      [`const r = await app.${'inject'}({ url: ${q}${prefix}/stammdaten/adressen${q} });`, 'raw-api-path'],
      [`const url = \`${prefix}/system/sperren/\${id}\`;`, 'raw-api-path'],
      [`await t.${'call'}(admin, { method: 'GET', url });`, 'raw-test-call'],
      [`const url = \`\${${'API_'}PREFIX}/stammdaten/artikel\`;`, 'prefix-by-hand'],
      [`t.app.${'inject'}({ url: buildUrl(${q}/stammdaten/artikel${q}) });`, 'path-by-hand'],
      [`await t.app.${'inject'}({ method: 'GET', url });`, 'raw-inject'],
      ['const res = await c.call(endpoints.adresseGet, { as: "admin", params: { id } });', null],
      ['const res = await c.callRaw(endpoints.bild, { as: "admin", params: { id } });', null],
      ["const res = await c.callUnknownPath('GET', '/gibt-es-nicht');", null],
    ];
    for (const [line, rule] of samples) {
      const found = findRawWays('sample.test.ts', line).map((x) => x.rule);
      if (rule) expect(found, line).toContain(rule);
      else expect(found, line).toEqual([]);
    }
    // a documented exception covers its rule only
    const web = `await t.app.${'inject'}({ url: ${q}${prefix}/x${q} });`;
    expect(findRawWays('web-serving.test.ts', web).map((x) => x.rule)).toEqual(['raw-api-path']);
  });
});
