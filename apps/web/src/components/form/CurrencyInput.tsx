import { Text } from '@mantine/core';
import { parseNumber, roundMoney } from '@/lib/parse';
import { NumberTextInput, type NumberTextInputProps } from './NumberTextInput';

/**
 * Reads typed money in the user's language, rounded half away from zero to 2 decimals (APP-105, APP-106);
 * null for empty or unreadable text — forms use the field system instead, which refuses unreadable text.
 */
export function parseCurrency(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? roundMoney(input) : null;
  const parsed = parseNumber(String(input ?? ''), { scale: 2 });
  return parsed.ok ? parsed.value : null;
}

/** A money input outside a form: the user's separators, 2 fixed decimals, euro sign (APP-105..107). */
export function CurrencyInput(props: Omit<NumberTextInputProps, 'format'>) {
  return (
    <NumberTextInput
      {...props}
      format={{ scale: 2, fixed: true, grouped: true }}
      rightSection={
        <Text size="sm" c="dimmed" pr={6}>
          €
        </Text>
      }
    />
  );
}
