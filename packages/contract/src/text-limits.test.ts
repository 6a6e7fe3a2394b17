import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { plzFehler } from './adressen';
import type { Endpoint } from './endpoint';
import { endpoints } from './endpoints';

type Def = {
  type: string;
  shape?: Record<string, Node>;
  innerType?: Node;
  in?: Node;
  element?: Node;
  options?: Node[];
  valueType?: Node;
  left?: Node;
  right?: Node;
};
type Node = z.ZodType & { _zod: { def: Def }; maxLength?: number | null; format?: string | null };

/** The paths of text fields in a schema that take text of any length (no maximum, no pattern). */
function unbounded(t: Node | undefined, path: string, seen = new Set<Node>()): string[] {
  if (!t || seen.has(t)) return [];
  seen.add(t);
  const d = t._zod.def;
  const walk = (n: Node | undefined, p = path) => unbounded(n, p, seen);
  switch (d.type) {
    case 'string':
      return typeof t.maxLength === 'number' || t.format ? [] : [path];
    case 'object':
      return Object.entries(d.shape ?? {}).flatMap(([k, v]) => walk(v, `${path}.${k}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
    case 'prefault':
    case 'catch':
      return walk(d.innerType);
    case 'pipe':
      return walk(d.in);
    case 'array':
      return walk(d.element, `${path}[]`);
    case 'union':
      return (d.options ?? []).flatMap((o) => walk(o));
    case 'record':
      return walk(d.valueType, `${path}{}`);
    case 'intersection':
      return [...walk(d.left), ...walk(d.right)];
    default:
      return [];
  }
}

describe('text limits of write bodies (issue 20 item 11)', () => {
  it('every text field a client writes has a maximum (or a pattern), so the server refuses a too-long paste with its limit', () => {
    const writes = Object.entries(endpoints as Record<string, Endpoint>).filter(([, e]) => e.body && e.method !== 'GET');
    expect(writes.length).toBeGreaterThan(50);
    expect(writes.flatMap(([name, e]) => unbounded(e.body as Node, name))).toEqual([]);
  });
});

describe('postcodes by country (issue 20 item 11)', () => {
  it('Germany five digits, Austria and Switzerland four, other countries and an unknown country free', () => {
    expect(plzFehler('DE', 'ABCDE')).toBe('Bitte eine PLZ mit 5 Ziffern eingeben');
    expect(plzFehler('DE', '1234')).toBe('Bitte eine PLZ mit 5 Ziffern eingeben');
    expect(plzFehler('DE', '30159')).toBeNull();
    expect(plzFehler('DE', ' 30159 ')).toBeNull();
    expect(plzFehler('AT', '1010')).toBeNull();
    expect(plzFehler('CH', '80011')).toBe('Bitte eine PLZ mit 4 Ziffern eingeben');
    expect(plzFehler('NL', '1012 AB')).toBeNull();
    expect(plzFehler(null, 'ABCDE')).toBeNull();
    expect(plzFehler('DE', null)).toBeNull();
    expect(plzFehler('DE', '')).toBeNull();
  });
});
