import { createContext, useContext } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/i18n';
import type { FieldMeta, FieldsMeta, ObjectSchema } from './field-meta';

export type { FieldMeta, FieldsMeta, ObjectSchema } from './field-meta';

/**
 * A form's schema as the screens use it: the meta data of its fields (required, options, length: known without zod) and
 * the validation, which may load zod and the contract's schema only when a value is first checked (lazy-schema.ts) or
 * use a schema at hand (eager-schema.ts). `S` is the contract schema whose input and output types the form has.
 */
export interface FormSchema<S extends ObjectSchema = ObjectSchema> {
  readonly fields: FieldsMeta;
  readonly resolver: Resolver<z.input<S>, unknown, z.output<S>>;
  /** Starts loading what the validation needs (entering edit mode), so the first check does not wait. */
  readonly preload?: () => void;
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
  fields: FieldsMeta | null;
  /** View mode: every field is read-only. */
  readOnly: boolean;
}

export const FormMetaContext = createContext<FormMetaValue>({ fields: null, readOnly: false });

export function useFieldMeta(name: string): FieldMeta {
  const ctx = useContext(FormMetaContext);
  const meta = ctx.fields?.[name.split('.')[0] ?? name];
  // a field the input schema lacks is read-only (outside a schema form everything may be written)
  if (!meta) return { required: false, nullable: true, readOnly: ctx.readOnly || !!ctx.fields, options: null, maxLength: null };
  return ctx.readOnly ? { ...meta, readOnly: true } : meta;
}

/** react-hook-form with the form schema's validation as resolver. */
export function useSchemaForm<S extends ObjectSchema>(
  schema: FormSchema<S>,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: schema.resolver, defaultValues, mode: 'onTouched' });
}

/** The values of the dirty fields only: a change sends what the user changed (PATCH). */
export function dirtyValues<T extends FieldValues>(values: T, dirty: Readonly<Record<string, unknown>>): Partial<T> {
  return Object.fromEntries(
    Object.keys(values)
      .filter((k) => !!dirty[k])
      .map((k) => [k, values[k as keyof T]]),
  ) as Partial<T>;
}
