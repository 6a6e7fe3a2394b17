import { Text } from '@mantine/core';
import { i18n } from '@/i18n';
import { currentLanguage, DATE_FORMAT } from '@/lib/locale';
import { formatNumberInput, parseNumber } from '@/lib/parse';
import { DateTextInput, isIsoDate } from './DateTextInput';
import { type NumberFormatOptions, NumberTextInput } from './NumberTextInput';
import { type BaseFieldProps, useField } from './use-field';

/** The message for text a number input could not read: a fraction in a whole-number field, else an example. */
export function numberIssue(value: unknown, scale: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // letters are no number at all: said so, not as "enter a larger value" (issue 20 item 5)
  if (/\p{L}/u.test(value)) return i18n.t('errors.notANumber');
  if (scale === 0 && parseNumber(value, { scale: 6 }).ok) return i18n.t('errors.wholeNumber');
  const example = formatNumberInput(1234.5, { scale: Math.max(scale, 1), fixed: scale === 2, grouped: true });
  return i18n.t('errors.invalidNumber', { example: scale === 0 ? formatNumberInput(1234, { grouped: false }) : example });
}

/** The message for text a date input could not read, with an example in the user's writing. */
export function dateIssue(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || isIsoDate(value)) return undefined;
  return i18n.t('errors.invalidDate', { example: DATE_FORMAT[currentLanguage()].example });
}

const suffixSection = (suffix: string | undefined) =>
  suffix ? (
    <Text size="sm" c="dimmed" pr={6}>
      {suffix.trim()}
    </Text>
  ) : undefined;

function LocaleNumberField(props: BaseFieldProps & { format: NumberFormatOptions; suffix?: string }) {
  const scale = props.format.scale ?? 0;
  const { field, common, meta } = useField(props, (v) => numberIssue(v, scale));
  const empty = meta.nullable ? null : undefined;
  return (
    <NumberTextInput
      {...common}
      ref={field.ref}
      name={field.name}
      value={field.value as number | string | null | undefined}
      onChange={(v) => field.onChange(v === null ? empty : v)}
      onBlur={field.onBlur}
      format={props.format}
      rightSection={suffixSection(props.suffix)}
    />
  );
}

/**
 * Numbers in the user's language; identifiers show no thousands separator unless `grouped`. Nothing is clamped:
 * a value below the schema's minimum says "enter a larger value" (HTTP-043); `min`/`max` are kept for callers only.
 */
export function NumberField(props: BaseFieldProps & { min?: number; max?: number; decimals?: number; suffix?: string; grouped?: boolean }) {
  return <LocaleNumberField {...props} format={{ scale: props.decimals ?? 0, grouped: props.grouped ?? false }} suffix={props.suffix} />;
}

/** Money: 2 decimals rounded half away from zero, the user's separators, euro sign (APP-100, APP-105, APP-107). */
export function CurrencyField(props: BaseFieldProps) {
  return <LocaleNumberField {...props} format={{ scale: 2, fixed: true, grouped: true }} suffix="€" />;
}

/** Percent 0–100 with 2 decimals (the schema refuses beyond). */
export function PercentField(props: BaseFieldProps) {
  return <LocaleNumberField {...props} format={{ scale: 2, grouped: false }} suffix="%" />;
}

/** A date typed and shown as the user's language writes it, stored as ISO `YYYY-MM-DD` (APP-104, issue 9 item 1). */
export function DateField(props: BaseFieldProps) {
  const { field, common } = useField(props, dateIssue);
  return (
    <DateTextInput
      {...common}
      ref={field.ref}
      name={field.name}
      value={field.value as string | null | undefined}
      onChange={(v) => field.onChange(v)}
      onBlur={field.onBlur}
    />
  );
}
