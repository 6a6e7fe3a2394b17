import { Loader, Select, type SelectProps } from '@mantine/core';
import type { artikelListe } from '@vario/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';
import { PICKER_LIMIT, usePickerSearch } from './use-picker-search';

export type ArtikelTreffer = z.infer<typeof artikelListe>;
const pickerKeys = createQueryKeys('articlePicker');

const sameArticle = (a: ArtikelTreffer, b: ArtikelTreffer) => a.artikelnummer === b.artikelnummer;

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
  const { search, setSearch, setSelected, rows, fetching } = usePickerSearch<ArtikelTreffer>(
    (term) => pickerKeys.list({ term }),
    async (search) => (await api('artikelList', { params: { filter: 'gesperrt=false', search, limit: PICKER_LIMIT, orderBy: 'artikelnummer' } })).result,
    sameArticle,
  );
  const data = rows.map((a) => ({ value: a.artikelnummer, label: articleLabel(a) }));
  // a stored number outside the hits stays visible
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });

  return (
    <Select
      placeholder={t('form.articleSearch')}
      nothingFoundMessage={fetching ? t('grid.loading') : t('form.articleNothingFound')}
      {...rest}
      data={data}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      rightSection={fetching ? <Loader size={14} /> : undefined}
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
