import { Loader, Select, type SelectProps } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { artikelListe } from '@vario/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { createQueryKeys } from '@/lib/query-keys';
import { PICKER_LIMIT, usePickerSearch } from './use-picker-search';

export type ArtikelTreffer = z.infer<typeof artikelListe>;
const pickerKeys = createQueryKeys('articlePicker');

/** What every article hit has: its number (the value picked) and its name. */
type ArticleHit = Pick<ArtikelTreffer, 'artikelnummer' | 'bezeichnung'>;

const sameArticle = (a: ArticleHit, b: ArticleHit) => a.artikelnummer === b.artikelnummer;

export const articleLabel = (a: ArticleHit) => `${a.artikelnummer} · ${a.bezeichnung}`;

/** Where the hits come from: a query key per search text and the fetch of one page (the server's quick search). */
export interface ArticleSource<T extends ArticleHit> {
  key: (term: string) => QueryKey;
  fetch: (term: string | undefined) => Promise<T[]>;
}

/** The products' quick search: not blocked, by number. */
const productSearch: ArticleSource<ArtikelTreffer> = {
  key: (term) => pickerKeys.list({ term }),
  fetch: async (search) => (await api('artikelList', { params: { filter: 'gesperrt=false', search, limit: PICKER_LIMIT, orderBy: 'artikelnummer' } })).result,
};

export interface ArticlePickerProps<T extends ArticleHit = ArtikelTreffer>
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'renderOption'> {
  /** The chosen article number (what a customer price stores). */
  value: string | null;
  onChange: (artikelnummer: string | null, article: T | null) => void;
  /** Another search than the products' (e.g. a document's, with its prices and stock); it must offer only articles not blocked. */
  source?: ArticleSource<T>;
  /** An entry of the open list (default: number and name). */
  renderHit?: (hit: T) => ReactNode;
}

/**
 * A searchable product choice over the server's quick search (number, name, EAN), 20 hits at a time: an article
 * reference is picked, not typed (issue 9 item 3). Blocked products are not offered; a stored number stays shown.
 */
export function ArticlePicker<T extends ArticleHit = ArtikelTreffer>({ value, onChange, source, renderHit, comboboxProps, ...rest }: ArticlePickerProps<T>) {
  const { t } = useTranslation('app');
  const from = source ?? (productSearch as unknown as ArticleSource<T>);
  const { search, setSearch, setSelected, rows, fetching } = usePickerSearch<T>(from.key, from.fetch, sameArticle);
  const data = rows.map((a) => ({ value: a.artikelnummer, label: articleLabel(a) }));
  // a stored number outside the hits stays visible
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });
  const hit = (v: string) => rows.find((r) => r.artikelnummer === v);

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
      renderOption={
        renderHit
          ? ({ option }) => {
              const h = hit(option.value);
              return h ? renderHit(h) : option.label;
            }
          : undefined
      }
      onChange={(v) => {
        const a = (v && hit(v)) || null;
        setSelected(a);
        onChange(v, a);
      }}
      clearable
      comboboxProps={{ withinPortal: true, ...comboboxProps }}
    />
  );
}
