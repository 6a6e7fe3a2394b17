import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/i18n';

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
 * Required, readOnly and enumeration options of a field, read from the contract's input schema (HTTP-038):
 * a field is required when neither undefined nor null passes; a field the input schema lacks is read-only.
 */
export function fieldMeta(schema: ObjectSchema | null | undefined, name: string): FieldMeta {
  const field = schema?.shape[name] as Inner | undefined;
  if (!schema || !field) return { required: false, nullable: true, readOnly: !!schema, options: null, maxLength: null };
  const nullable = field.safeParse(null).success;
  const required = !field.safeParse(undefined).success && !nullable;
  const inner = base(field);
  const options = Array.isArray(inner?.options) && inner.options.every((o) => typeof o === 'string') ? (inner.options as string[]) : null;
  const maxLength = typeof inner?.maxLength === 'number' ? inner.maxLength : null;
  return { required, nullable, readOnly: false, options, maxLength };
}

/** The limit named in a zod message ("…<=12 characters", German "…12 Zeichen"), for "at most {{max}} characters". */
const maximum = (message: string | undefined) => message?.match(/(\d+)/)?.[1] ?? '';

/** Texts of the contract's own checks (German, as the server says them) and their key in the user's language. */
const CONTRACT_MESSAGES: Record<string, 'errors.required' | 'errors.tooSmall' | 'errors.samePlace'> = {
  'Bitte einen Wert eingeben': 'errors.required',
  'Bitte einen größeren Wert eingeben': 'errors.tooSmall',
  'Ziel und Quelle der Umbuchung sind derselbe Platz': 'errors.samePlace',
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A field's validation issue in the user's language, chosen by the issue's code (zod's `too_small`, `invalid_type`,
 * `invalid_format`, `custom`) and the field's value, never by the schema's text (HTTP-042, HTTP-043): an empty value
 * → "enter a value" (or the field's own `requiredMessage`), a value below its minimum → "enter a larger value", a
 * malformed e-mail (a field of type email) → "not a valid e-mail address". Server field errors (`type: 'server'`) are shown as sent.
 */
export function translateIssue(
  error: { type?: string; message?: string } | undefined,
  value?: unknown,
  opts: { requiredMessage?: string; email?: boolean } = {},
): string | undefined {
  if (!error) return undefined;
  const required = () => opts.requiredMessage ?? i18n.t('errors.required');
  switch (error.type) {
    case 'too_small':
      return isEmpty(value) ? required() : i18n.t('errors.tooSmall');
    case 'too_big':
      return typeof value === 'string' ? i18n.t('errors.tooLong', { max: maximum(error.message) }) : i18n.t('errors.tooLarge');
    case 'invalid_type':
      return isEmpty(value) ? required() : error.message;
    case 'invalid_format':
      return opts.email ? i18n.t('form.invalidEmail') : error.message;
    case 'custom': {
      if (isEmpty(value)) return required();
      const known = CONTRACT_MESSAGES[error.message ?? ''];
      if (known) return i18n.t(known);
      return typeof value === 'number' ? i18n.t('errors.tooSmall') : error.message;
    }
    default:
      return error.message;
  }
}

export interface FormMetaValue {
  schema: ObjectSchema | null;
  /** View mode: every field is read-only. */
  readOnly: boolean;
}

export const FormMetaContext = createContext<FormMetaValue>({ schema: null, readOnly: false });

export function useFieldMeta(name: string): FieldMeta {
  const ctx = useContext(FormMetaContext);
  const meta = fieldMeta(ctx.schema, name.split('.')[0] ?? name);
  return { ...meta, readOnly: ctx.readOnly || meta.readOnly };
}

/** react-hook-form with the contract schema as resolver. */
export function useSchemaForm<S extends ObjectSchema>(schema: S, defaultValues: DefaultValues<z.input<S>>): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // cannot be typed: zodResolver's overloads cannot relate a generic S to its own z.input/z.output (TypeScript does
    // not resolve them for a type parameter); the resolver's type is stated here and checked by useForm's generics
    resolver: zodResolver(schema as never) as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
    mode: 'onTouched',
  });
}

/** The values of the dirty fields only: a change sends what the user changed (PATCH). */
export function dirtyValues<T extends FieldValues>(values: T, dirty: Readonly<Record<string, unknown>>): Partial<T> {
  return Object.fromEntries(
    Object.keys(values)
      .filter((k) => !!dirty[k])
      .map((k) => [k, values[k as keyof T]]),
  ) as Partial<T>;
}
