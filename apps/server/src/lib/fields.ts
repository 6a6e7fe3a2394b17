import { isoDate, isoDateTime } from '@vario/contract';
import type { z } from 'zod';

/** `date`: a calendar day (YYYY-MM-DD); `datetime`: an ISO timestamp — both filtered as text, but only with real dates. */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'datetime';
type Kind = FieldType | 'composite';

/** The definition of any zod type, discriminated by `type` (zod's own union of its types). */
type AnyDef = z.core.$ZodTypes['_zod']['def'];

function baseType(t: z.core.$ZodType): Kind {
  if (t === isoDate) return 'date';
  if (t === isoDateTime) return 'datetime';
  // every zod type's definition is one member of the union: `type` tells which
  const def = t._zod.def as AnyDef;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return baseType(def.innerType);
    case 'pipe':
      return baseType(def.in);
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'literal':
      return typeof def.values[0] === 'number' ? 'number' : typeof def.values[0] === 'boolean' ? 'boolean' : 'string';
    case 'object':
    case 'array':
    case 'record':
    case 'tuple':
      return 'composite';
    default:
      return 'string';
  }
}

/**
 * The value of `key` in a map of field names — only its own: a field named `constructor`, `__proto__` or `toString`
 * must not find `Object.prototype`'s members (it answered 500 before).
 */
export function own<T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Field name → type of the scalar fields of a record schema (nested objects are left out), read from the contract. */
export function fieldTypes(schema: z.ZodObject): Record<string, FieldType> {
  const out: Record<string, FieldType> = Object.create(null);
  for (const [k, v] of Object.entries(schema.shape)) {
    const kind = baseType(v);
    if (kind !== 'composite') out[k] = kind;
  }
  return out;
}
