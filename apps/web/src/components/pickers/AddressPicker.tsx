import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdresseListe } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/components/data-grid/DataGrid';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';

const pickerKeys = createQueryKeys('addressPicker');
/** Entries offered per search. */
export const PICKER_LIMIT = 20;

/** Only unblocked addresses; the customer variant also istKunde=true (ADR-029, ADR-030). */
export const pickerFilter = (variant: 'any' | 'customer') => (variant === 'customer' ? 'gesperrt=false,istKunde=true' : 'gesperrt=false');

export const addressLabel = (a: Pick<AdresseListe, 'adressnummer' | 'name1' | 'ort'>) => `${a.name1}${a.ort ? `, ${a.ort}` : ''} (${a.adressnummer})`;

export interface AddressPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: number | null;
  onChange: (id: number | null, address: AdresseListe | null) => void;
  variant?: 'any' | 'customer';
}

/** A searchable address choice over the server's quick search (index-backed), 20 hits at a time. */
export function AddressPicker({ value, onChange, variant = 'any', ...rest }: AddressPickerProps) {
  const { t } = useTranslation(['app', 'addresses']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<AdresseListe | null>(null);
  const filter = pickerFilter(variant);
  const term = debounced.trim();
  const hits = useQuery({
    queryKey: pickerKeys.list({ filter, term }),
    queryFn: async () => (await api('adressenList', { params: { filter, search: term || undefined, limit: PICKER_LIMIT, orderBy: 'name1' } })).result,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows = useMemo(() => {
    const list = hits.data ?? [];
    return selected && !list.some((a) => a.id === selected.id) ? [selected, ...list] : list;
  }, [hits.data, selected]);
  const data = rows.map((a) => ({ value: String(a.id), label: addressLabel(a) }));
  const current = selected && selected.id === value ? selected : rows.find((a) => a.id === value);

  return (
    <Select
      placeholder={t('addresses:picker.placeholder')}
      nothingFoundMessage={hits.isFetching ? t('grid.loading') : t('addresses:picker.nothingFound')}
      {...rest}
      data={data}
      value={value === null ? null : String(value)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server filters; the list is shown as answered
      filter={({ options }) => options}
      rightSection={hits.isFetching ? <Loader size={14} /> : undefined}
      onChange={(v) => {
        const a = rows.find((r) => String(r.id) === v) ?? null;
        setSelected(a);
        onChange(a?.id ?? null, a);
      }}
      clearable
      data-selected-label={current ? addressLabel(current) : undefined}
    />
  );
}
