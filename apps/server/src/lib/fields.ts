import type { z } from 'zod';

export type FieldType = 'string' | 'number' | 'boolean';

interface ZodInternals {
  _zod: { def: { type: string; innerType?: ZodInternals; in?: ZodInternals; values?: unknown[] } };
}

function baseType(t: ZodInternals): FieldType {
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
    default:
      return 'string';
  }
}

/** Field name → type of a record schema, read once from the contract's zod object. */
export function fieldTypes(schema: z.ZodObject): Record<string, FieldType> {
  const out: Record<string, FieldType> = {};
  for (const [k, v] of Object.entries(schema.shape)) out[k] = baseType(v as unknown as ZodInternals);
  return out;
}
