import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
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

/** The schema's texts as the user's language: required → "enter a value", minimum → "enter a larger value" (HTTP-042, HTTP-043). */
const KNOWN_MESSAGES: Record<string, () => string> = {
  'Bitte einen Wert eingeben': () => i18n.t('errors.required'),
  'Bitte einen größeren Wert eingeben': () => i18n.t('errors.tooSmall'),
  'Please enter a last name to continue': () => i18n.t('form.lastNameRequired'),
  'Keine gültige E-Mail-Adresse': () => i18n.t('form.invalidEmail'),
};

export function translateIssue(message: string | undefined): string | undefined {
  if (!message) return message;
  const known = KNOWN_MESSAGES[message];
  if (known) return known();
  if (/^Too small: expected string to have >=1/i.test(message)) return i18n.t('errors.required');
  if (/^Too small: expected number/i.test(message)) return i18n.t('errors.tooSmall');
  if (/^Invalid input: expected (string|number), received (undefined|null)/i.test(message)) return i18n.t('errors.required');
  return message;
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
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onTouched',
  });
}

/** The values of the dirty fields only: a change sends what the user changed (PATCH). */
export function dirtyValues<T extends FieldValues>(values: T, dirty: Partial<Record<keyof T, unknown>>): Partial<T> {
  return Object.fromEntries(
    Object.keys(values)
      .filter((k) => !!dirty[k as keyof T])
      .map((k) => [k, values[k as keyof T]]),
  ) as Partial<T>;
}
