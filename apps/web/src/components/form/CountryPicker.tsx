import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BaseFieldProps } from './fields';
import { useCountries } from './lookups';
import { translateIssue, useFieldMeta } from './schema';

/** The country filter waits 500 ms after the last key (ADR-033). */
export const COUNTRY_DEBOUNCE_MS = 500;

/** Country by code (lkz) from the country list, searchable by name or code (ADR-031..033). */
export function CountryPicker(props: BaseFieldProps) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const meta = useFieldMeta(props.name);
  const { field, fieldState } = useController({ name: props.name, control });
  const countries = useCountries();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, COUNTRY_DEBOUNCE_MS);
  const readOnly = meta.readOnly || !!props.readOnly;
  const data = useMemo(() => (countries.data ?? []).map((c) => ({ value: c.lkz, label: `${c.land} (${c.lkz})` })), [countries.data]);
  const value = (field.value as string | null | undefined) ?? null;
  const selectedLabel = data.find((d) => d.value === value)?.label;

  const filter: OptionsFilter = ({ options }) => {
    const q = debounced.trim().toLowerCase();
    if (!q || q === selectedLabel?.toLowerCase()) return options;
    return (options as ComboboxItem[]).filter((o) => o.label.toLowerCase().includes(q));
  };

  return (
    <Select
      label={props.label}
      ref={field.ref}
      data={data}
      value={value}
      onChange={(v) => field.onChange(v)}
      onBlur={field.onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      limit={300}
      clearable={!readOnly}
      readOnly={readOnly}
      variant={readOnly ? 'filled' : 'default'}
      required={meta.required && !readOnly}
      error={translateIssue(fieldState.error, field.value)}
      nothingFoundMessage={countries.isLoading ? t('grid.loading') : t('common.noData')}
      comboboxProps={{ withinPortal: true }}
      data-testid={`field-${props.name}`}
    />
  );
}
