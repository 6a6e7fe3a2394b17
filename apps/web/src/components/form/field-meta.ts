import type { z } from 'zod';

/** Any zod object schema of the contract. */
export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface FieldMeta {
  required: boolean;
  /** null is accepted (an emptied field sends null, else it is left out). */
  nullable: boolean;
  readOnly: boolean;
  /** Enumeration values of a `z.enum` field, in schema order. */
  options: readonly string[] | null;
  maxLength: number | null;
}

/** The meta data of every field of a form schema, by field name. */
export type FieldsMeta = Readonly<Record<string, FieldMeta>>;

type Inner = z.ZodType & { unwrap?: () => Inner; options?: readonly unknown[]; maxLength?: number | null; def?: { innerType?: Inner } };

/** Unwraps optional, nullable, default and pipe wrappers down to the base type. */
function base(t: Inner | undefined): Inner | undefined {
  let cur = t;
  for (let i = 0; i < 6 && cur; i++) {
    if (typeof cur.unwrap === 'function') cur = cur.unwrap();
    else if (cur.def?.innerType) cur = cur.def.innerType;
    else break;
  }
  return cur;
}

/**
 * Required, nullable, enumeration options and maximum length of one field, read from the contract's input schema
 * (HTTP-038): a field is required when neither undefined nor null passes. Reads the schema object only (no zod import),
 * so the build can run it over the contract (vite.config.ts `formMeta`) and the browser need not load zod to show a form.
 */
export function fieldMeta(schema: ObjectSchema, name: string): FieldMeta {
  const field = schema.shape[name] as Inner;
  const nullable = field.safeParse(null).success;
  const required = !field.safeParse(undefined).success && !nullable;
  const inner = base(field);
  const options = Array.isArray(inner?.options) && inner.options.every((o) => typeof o === 'string') ? (inner.options as string[]) : null;
  const maxLength = typeof inner?.maxLength === 'number' ? inner.maxLength : null;
  return { required, nullable, readOnly: false, options, maxLength };
}

/** The meta data of all fields of a schema. */
export function fieldsMeta(schema: ObjectSchema): FieldsMeta {
  return Object.fromEntries(Object.keys(schema.shape).map((k) => [k, fieldMeta(schema, k)]));
}
