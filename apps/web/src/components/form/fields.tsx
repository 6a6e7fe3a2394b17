import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { limitProps } from './text-limit';
import { type BaseFieldProps, useField } from './use-field';

export { CurrencyField, DateField, NumberField, PercentField } from './input-fields';
export type { BaseFieldProps } from './use-field';

/** Text; an empty optional text is stored as null. */
export function TextField(props: BaseFieldProps & { type?: 'text' | 'email' | 'tel' | 'url'; multiline?: boolean; rows?: number }) {
  const { field, common, meta } = useField(props);
  const value = (field.value as string | null | undefined) ?? '';
  const onChange = (v: string) => field.onChange(v === '' && !meta.required ? (meta.nullable ? null : undefined) : v);
  // no HTML maxlength (it cuts a paste silently): a counter near the limit, a field error past it (issue 20 item 11)
  const limit = common.readOnly ? {} : limitProps(value, meta.maxLength, { description: common.description, error: common.error, testId: props.name });
  if (props.multiline) {
    return (
      <Textarea
        {...common}
        {...limit}
        ref={field.ref}
        name={field.name}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={field.onBlur}
        autosize
        minRows={props.rows ?? 3}
        maxRows={12}
      />
    );
  }
  return (
    <TextInput
      {...common}
      {...limit}
      ref={field.ref}
      name={field.name}
      type={props.type ?? 'text'}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
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
