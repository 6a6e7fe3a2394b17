import { NumberInput, type NumberInputProps } from '@mantine/core';

/** Parses user text with a comma or dot as decimal separator, rounded to 2 decimals; not a number → 0 (APP-105, APP-106). */
export function parseCurrency(input: string | number | null | undefined): number {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * 100) / 100 : 0;
  const cleaned = String(input ?? '')
    .replace(/[€\s]/g, '')
    .replace(/\.(?=\d{3}(\D|$))/g, '')
    .replace(',', '.');
  const n = Number.parseFloat(cleaned);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
}

type CurrencyInputProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (v: number | null) => void;
  /** An emptied input gives null instead of 0 (optional money fields). */
  nullable?: boolean;
};

/** Money input: 2 decimals, comma accepted, euro sign (APP-105..107). */
export function CurrencyInput({ value, onChange, nullable, ...rest }: CurrencyInputProps) {
  return (
    <NumberInput
      {...rest}
      value={value ?? ''}
      onChange={(v) => {
        if (nullable && (v === '' || v === null)) onChange(null);
        else onChange(parseCurrency(v));
      }}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator=","
      thousandSeparator="."
      suffix=" €"
      hideControls
    />
  );
}
