import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBasisdaten } from '@/app/auth/session';
import { formatDecimal } from '@/lib/format';
import type { ArticleChoice } from '../api';

export interface WarehouseSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null;
  onChange: (lagId: number | null) => void;
  /** The article's stock per warehouse, when known: each warehouse shows what is available there. */
  stock?: readonly Pick<ArticleChoice['bestaende'][number], 'lagerId' | 'verfuegbar'>[] | null;
}

/** The warehouse a position ships from (lagId): every warehouse of the base data, with the article's available quantity when known. */
export function WarehouseSelect({ value, onChange, stock, ...rest }: WarehouseSelectProps) {
  const { t } = useTranslation('saleDocuments');
  const lager = useBasisdaten().data?.lager ?? [];
  const available = new Map((stock ?? []).map((b) => [b.lagerId, b.verfuegbar]));
  const data = lager.map((l) => ({
    value: String(l.id),
    label: `${l.kurzbezeichnung} – ${l.bezeichnung}${stock ? ` (${t('picker.available', { qty: formatDecimal(available.get(l.id) ?? 0) })})` : ''}`,
  }));
  return (
    <Select
      label={t('f.lagerNr')}
      {...rest}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
