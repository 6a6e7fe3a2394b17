// Values from an endpoint's own zod schema (through its JSON Schema): a plausible valid body, and the odd values
// the fuzzer puts into it.
import fc from 'fast-check';
import { z } from 'zod';

type Js = {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

export function jsonSchema(schema: z.ZodType): Js {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Js;
}

let counter = 0;
/** A valid-looking value for a schema (required fields only, unique strings). */
export function validOf(s: Js, name = ''): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return validOf(alt.find((a) => a.type !== 'null') ?? (alt[0] as Js), name);
  if (s.allOf?.length) return validOf(s.allOf[0] as Js, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = validOf(s.properties?.[k] ?? {}, k);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString();
      if (s.format === 'date') return '2026-05-06';
      if (s.format === 'email') return 'pruefer@example.org';
      if (s.pattern) {
        try {
          return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { numRuns: 1, seed: ++counter })[0];
        } catch {}
      }
      const v = `R${name.slice(0, 3)}${(++counter).toString(36)}${Date.now().toString(36).slice(-4)}`;
      return v.slice(0, Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 40, 40)));
    }
    default:
      return 'x';
  }
}

/** Odd values; `refuse` marks those the server must never accept in a text field (NUL) or a date field. */
export interface Odd {
  value: unknown;
  label: string;
  nul?: boolean;
  badDate?: boolean;
  /** Set only where the value goes into a field the schema declares as a date. */
  inDateField?: boolean;
}

const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

const constants: Odd[] = [
  { value: '', label: 'empty string' },
  { value: ' ', label: 'blank' },
  { value: 'x'.repeat(100_000), label: '100k string' },
  { value: 'a\u0000b', label: 'NUL inside', nul: true },
  { value: '\u0000', label: 'NUL', nul: true },
  { value: '\u0001\u0007\u001b[31m\r\n\t', label: 'control characters' },
  { value: '👩‍🔧Ωß\u202e\uFEFF', label: 'unicode' },
  { value: '\ud800', label: 'lone surrogate' },
  { value: -1, label: '-1' },
  { value: 0, label: '0' },
  { value: 1.5, label: '1.5' },
  { value: 1e308, label: '1e308' },
  { value: -1e308, label: '-1e308' },
  { value: 2 ** 53 + 2, label: '2^53+2' },
  { value: null, label: 'null (NaN in JSON)' },
  { value: true, label: 'true' },
  { value: [], label: 'empty array' },
  { value: {}, label: 'empty object' },
  { value: ['a', 1, null], label: 'mixed array' },
  { value: deep(200), label: 'nested 200 deep' },
  { value: '0000-00-00', label: '0000-00-00', badDate: true },
  { value: '2024-13-45', label: '2024-13-45', badDate: true },
  { value: '2024-02-30T25:61:00Z', label: 'impossible date-time', badDate: true },
  { value: '__proto__', label: '"__proto__"' },
  { value: 'constructor', label: '"constructor"' },
  { value: "'; drop table adressen; --", label: 'SQL text' },
];

export const oddValue: fc.Arbitrary<Odd> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...constants) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((v) => ({ value: v, label: 'random unicode', nul: v.includes('\u0000') })) },
  { weight: 1, arbitrary: fc.integer().map((v) => ({ value: v, label: `integer ${v}` })) },
  { weight: 1, arbitrary: fc.double({ noNaN: true }).map((v) => ({ value: v, label: `double ${v}` })) },
);
