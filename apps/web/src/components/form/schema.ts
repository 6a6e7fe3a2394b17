import { createContext, useContext } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/i18n';
import { formatNumberInput } from '@/lib/parse';
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

/** The limit named in a zod message ("…<=12 characters", "…<=9999.99", German "…12 Zeichen"), for "at most {{max}}". */
const limit = (message: string | undefined) => {
  const m = message?.match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/i)?.[0];
  return m === undefined ? null : Number(m);
};
/** A limit as the user's language writes it, every decimal kept (9999.99 → "9.999,99"). */
export const formatLimit = (n: number) => formatNumberInput(n, { scale: Math.min(6, (String(n).split('.')[1] ?? '').length), grouped: true });

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
    case 'too_small': {
      if (isEmpty(value)) return required();
      const min = typeof value === 'number' ? limit(error.message) : null;
      return min !== null && min !== 0 ? i18n.t('errors.tooSmallMin', { min: formatLimit(min) }) : i18n.t('errors.tooSmall');
    }
    case 'too_big': {
      const max = limit(error.message);
      // the limit is named, a text also says how long it is now: nothing was cut (issue 20 items 5 and 11)
      if (typeof value === 'string') return i18n.t('errors.tooLongNow', { max: max ?? '', count: value.length });
      return max !== null ? i18n.t('errors.tooLargeMax', { max: formatLimit(max) }) : i18n.t('errors.tooLarge');
    }
    case 'invalid_type':
      if (isEmpty(value)) return required();
      return typeof value === 'string' && /number|zahl/i.test(error.message ?? '') ? i18n.t('errors.notANumber') : error.message;
    case 'invalid_format':
      return opts.email ? i18n.t('form.invalidEmail') : error.message;
    case 'custom': {
      if (isEmpty(value)) return required();
      const known = CONTRACT_MESSAGES[error.message ?? ''];
      if (known) return i18n.t(known);
      // the contract's postcode rule (plzFehler) in the user's language
      const plz = error.message?.match(/^Bitte eine PLZ mit (\d+) Ziffern eingeben$/);
      if (plz) return i18n.t('errors.plzDigits', { digits: plz[1] });
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
