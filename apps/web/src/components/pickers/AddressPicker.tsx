import { Loader, Select, type SelectProps } from '@mantine/core';
import type { AdresseListe } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';
import { PICKER_LIMIT, usePickerSearch } from './use-picker-search';

const pickerKeys = createQueryKeys('addressPicker');

/** Only unblocked addresses; the customer variant also istKunde=true (ADR-029, ADR-030). */
export const pickerFilter = (variant: 'any' | 'customer') => (variant === 'customer' ? 'gesperrt=false,istKunde=true' : 'gesperrt=false');

const sameAddress = (a: AdresseListe, b: AdresseListe) => a.id === b.id;

export const addressLabel = (a: Pick<AdresseListe, 'adressnummer' | 'name1' | 'ort'>) => `${a.name1}${a.ort ? `, ${a.ort}` : ''} (${a.adressnummer})`;

export interface AddressPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  value: number | null;
  onChange: (id: number | null, address: AdresseListe | null) => void;
  variant?: 'any' | 'customer';
  /** Text already typed (e.g. into a stand-in the picker replaces); the search starts with it. */
  initialSearch?: string;
}

/** A searchable address choice over the server's quick search (index-backed), 20 hits at a time. */
export function AddressPicker({ value, onChange, variant = 'any', initialSearch, ...rest }: AddressPickerProps) {
  const { t } = useTranslation(['app', 'addresses']);
  const filter = pickerFilter(variant);
  const { search, setSearch, selected, setSelected, rows, fetching } = usePickerSearch<AdresseListe>(
    (term) => pickerKeys.list({ filter, term }),
    async (search) => (await api('adressenList', { params: { filter, search, limit: PICKER_LIMIT, orderBy: 'name1' } })).result,
    sameAddress,
    initialSearch,
  );
  const data = rows.map((a) => ({ value: String(a.id), label: addressLabel(a) }));
  const current = selected && selected.id === value ? selected : rows.find((a) => a.id === value);

  return (
    <Select
      placeholder={t('addresses:picker.placeholder')}
      nothingFoundMessage={fetching ? t('grid.loading') : t('addresses:picker.nothingFound')}
      {...rest}
      data={data}
      value={value === null ? null : String(value)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server filters; the list is shown as answered
      filter={({ options }) => options}
      rightSection={fetching ? <Loader size={14} /> : undefined}
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
