import type { z } from 'zod';

export type FieldType = 'string' | 'number' | 'boolean';
type Kind = FieldType | 'composite';

interface ZodInternals {
  _zod: { def: { type: string; innerType?: ZodInternals; in?: ZodInternals; values?: unknown[] } };
}

function baseType(t: ZodInternals): Kind {
  const def = t._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return baseType(def.innerType as ZodInternals);
    case 'pipe':
      return baseType(def.in as ZodInternals);
    case 'number':
    case 'int':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'literal':
      return typeof def.values?.[0] === 'number' ? 'number' : typeof def.values?.[0] === 'boolean' ? 'boolean' : 'string';
    case 'object':
    case 'array':
    case 'record':
    case 'tuple':
      return 'composite';
    default:
      return 'string';
  }
}

/** Field name → type of the scalar fields of a record schema (nested objects are left out), read from the contract. */
export function fieldTypes(schema: z.ZodObject): Record<string, FieldType> {
  const out: Record<string, FieldType> = {};
  for (const [k, v] of Object.entries(schema.shape)) {
    const kind = baseType(v as unknown as ZodInternals);
    if (kind !== 'composite') out[k] = kind;
  }
  return out;
}
