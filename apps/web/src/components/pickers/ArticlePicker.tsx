import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { artikelListe } from '@vario/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SEARCH_DEBOUNCE_MS } from '@/components/data-grid/DataGrid';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';
import { PICKER_LIMIT } from './AddressPicker';

export type ArtikelTreffer = z.infer<typeof artikelListe>;
const pickerKeys = createQueryKeys('articlePicker');

export const articleLabel = (a: Pick<ArtikelTreffer, 'artikelnummer' | 'bezeichnung'>) => `${a.artikelnummer} · ${a.bezeichnung}`;

export interface ArticlePickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  /** The chosen article number (what a customer price stores). */
  value: string | null;
  onChange: (artikelnummer: string | null, article: ArtikelTreffer | null) => void;
}

/**
 * A searchable product choice over the server's quick search (number, name, EAN), 20 hits at a time: an article
 * reference is picked, not typed (issue 9 item 3). Blocked products are not offered; a stored number stays shown.
 */
export function ArticlePicker({ value, onChange, ...rest }: ArticlePickerProps) {
  const { t } = useTranslation('app');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<ArtikelTreffer | null>(null);
  const term = debounced.trim();
  const hits = useQuery({
    queryKey: pickerKeys.list({ term }),
    queryFn: async () =>
      (await api('artikelList', { params: { filter: 'gesperrt=false', search: term || undefined, limit: PICKER_LIMIT, orderBy: 'artikelnummer' } })).result,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows = useMemo(() => {
    const list = hits.data ?? [];
    return selected && !list.some((a) => a.artikelnummer === selected.artikelnummer) ? [selected, ...list] : list;
  }, [hits.data, selected]);
  const data = rows.map((a) => ({ value: a.artikelnummer, label: articleLabel(a) }));
  // a stored number outside the hits stays visible
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });

  return (
    <Select
      placeholder={t('form.articleSearch')}
      nothingFoundMessage={hits.isFetching ? t('grid.loading') : t('form.articleNothingFound')}
      {...rest}
      data={data}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      rightSection={hits.isFetching ? <Loader size={14} /> : undefined}
      onChange={(v) => {
        const a = rows.find((r) => r.artikelnummer === v) ?? null;
        setSelected(a);
        onChange(v, a);
      }}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
