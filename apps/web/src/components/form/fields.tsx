import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { CurrencyInput } from './CurrencyInput';
import { translateIssue, useFieldMeta } from './schema';

export interface BaseFieldProps {
  /** The field name of the contract schema. */
  name: string;
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** Read-only regardless of mode (e.g. numbers the server assigns). */
  readOnly?: boolean;
  /** The text for an empty required value, when the field has its own (default "enter a value"). */
  requiredMessage?: string;
}

/** Binds a field to the surrounding react-hook-form and the schema's meta data. */
function useField(props: BaseFieldProps & { type?: string }) {
  const { control } = useFormContext();
  const meta = useFieldMeta(props.name);
  const { field, fieldState } = useController({ name: props.name, control });
  const readOnly = meta.readOnly || !!props.readOnly;
  return {
    field,
    common: {
      label: props.label,
      description: props.description,
      placeholder: readOnly ? undefined : props.placeholder,
      required: meta.required && !readOnly,
      readOnly,
      variant: readOnly ? 'filled' : 'default',
      error: translateIssue(fieldState.error, field.value, { requiredMessage: props.requiredMessage, email: props.type === 'email' }),
      'data-testid': `field-${props.name}`,
    } as const,
    meta,
    readOnly,
  };
}

/** Text; an empty optional text is stored as null. */
export function TextField(props: BaseFieldProps & { type?: 'text' | 'email' | 'tel' | 'url'; multiline?: boolean; rows?: number }) {
  const { field, common, meta } = useField(props);
  const value = (field.value as string | null | undefined) ?? '';
  const onChange = (v: string) => field.onChange(v === '' && !meta.required ? (meta.nullable ? null : undefined) : v);
  if (props.multiline) {
    return (
      <Textarea
        {...common}
        ref={field.ref}
        name={field.name}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={field.onBlur}
        autosize
        minRows={props.rows ?? 3}
        maxRows={12}
        maxLength={meta.maxLength ?? undefined}
      />
    );
  }
  return (
    <TextInput
      {...common}
      ref={field.ref}
      name={field.name}
      type={props.type ?? 'text'}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      maxLength={meta.maxLength ?? undefined}
    />
  );
}

/** Numbers (comma as decimal separator); empty → null, or undefined for optional non-nullable fields. */
/** Numbers; identifiers show no thousands separator unless `grouped`. */
export function NumberField(props: BaseFieldProps & { min?: number; max?: number; decimals?: number; suffix?: string; grouped?: boolean }) {
  const { field, common, meta } = useField(props);
  const empty = meta.nullable ? null : undefined;
  return (
    <NumberInput
      {...common}
      ref={field.ref}
      name={field.name}
      value={(field.value as number | null | undefined) ?? ''}
      onChange={(v) => field.onChange(v === '' || v === null ? empty : Number(v))}
      onBlur={field.onBlur}
      min={props.min}
      max={props.max}
      decimalScale={props.decimals ?? 0}
      allowDecimal={(props.decimals ?? 0) > 0}
      decimalSeparator=","
      thousandSeparator={props.grouped ? '.' : undefined}
      suffix={props.suffix}
      hideControls
    />
  );
}

/** Money: 2 decimals, comma accepted, euro sign (APP-105..107). */
export function CurrencyField(props: BaseFieldProps) {
  const { field, common, meta } = useField(props);
  return (
    <CurrencyInput
      {...common}
      ref={field.ref}
      name={field.name}
      value={(field.value as number | null | undefined) ?? null}
      nullable={meta.nullable}
      onChange={(v) => field.onChange(v)}
      onBlur={field.onBlur}
    />
  );
}

/** A date shown as DD.MM.YYYY, stored as ISO `YYYY-MM-DD` (APP-104). */
export function DateField(props: BaseFieldProps) {
  const { field, common } = useField(props);
  return (
    <DateInput
      {...common}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? null}
      onChange={(v) => field.onChange(v ? String(v).slice(0, 10) : null)}
      onBlur={field.onBlur}
      valueFormat="DD.MM.YYYY"
      clearable={!common.readOnly}
      popoverProps={{ withinPortal: true }}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A choice: `data`, or the schema's enumeration labelled by `optionLabel`, sorted by label unless `keepOrder` (HTTP-039).
 * `numeric` stores numbers (ids).
 */
export function SelectField(
  props: BaseFieldProps & { data?: SelectOption[]; optionLabel?: (v: string) => string; numeric?: boolean; keepOrder?: boolean; searchable?: boolean },
) {
  const { field, common, meta } = useField(props);
  const raw = props.data ?? (meta.options ?? []).map((o) => ({ value: o, label: props.optionLabel?.(o) ?? o }));
  const value = field.value === null || field.value === undefined ? null : String(field.value);
  // a stored value that is no longer offered stays visible
  const offered = value === null || raw.some((o) => o.value === value) ? raw : [...raw, { value, label: value }];
  const data = props.keepOrder ? offered : [...offered].sort((a, b) => a.label.localeCompare(b.label, 'de'));
  return (
    <Select
      {...common}
      ref={field.ref}
      name={field.name}
      data={data}
      value={value}
      onChange={(v) => field.onChange(v === null ? null : props.numeric ? Number(v) : v)}
      onBlur={field.onBlur}
      clearable={meta.nullable && !common.readOnly}
      searchable={props.searchable ?? data.length > 8}
      allowDeselect={meta.nullable}
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage="–"
    />
  );
}

/** A flag; read-only shows it disabled. */
export function SwitchField(props: BaseFieldProps) {
  const { field, common } = useField(props);
  return (
    <Switch
      ref={field.ref}
      name={field.name}
      label={props.label}
      description={props.description}
      checked={!!field.value}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      disabled={common.readOnly}
      error={common.error}
      data-testid={common['data-testid']}
      // In view mode a flag stays readable: the label keeps the text colour and a set flag keeps its colour.
      styles={{
        track: {
          cursor: common.readOnly ? 'default' : undefined,
          ...(common.readOnly && field.value
            ? { backgroundColor: 'var(--mantine-primary-color-filled)', borderColor: 'var(--mantine-primary-color-filled)', opacity: 0.75 }
            : {}),
        },
        label: common.readOnly ? { color: 'var(--mantine-color-text)', cursor: 'default' } : undefined,
      }}
    />
  );
}

/** Date and time shown as DD.MM.YYYY HH:mm, stored as ISO 8601 with offset. */
export function DateTimeField(props: BaseFieldProps) {
  const { field, common } = useField(props);
  const value = field.value ? dayjs(field.value as string).format('YYYY-MM-DD HH:mm:ss') : null;
  return (
    <DateTimePicker
      {...common}
      ref={field.ref}
      name={field.name}
      value={value}
      onChange={(v) => field.onChange(v ? dayjs(v).format() : null)}
      onBlur={field.onBlur}
      valueFormat="DD.MM.YYYY HH:mm"
      popoverProps={{ withinPortal: true }}
    />
  );
}
