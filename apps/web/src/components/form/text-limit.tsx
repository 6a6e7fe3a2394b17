import type { ReactNode } from 'react';
import { i18n } from '@/i18n';

/** The counter shows from 80 % of the limit (at least two characters before it). */
export const nearLimit = (length: number, max: number) => length >= Math.min(max * 0.8, max - 2);

/** "Höchstens N Zeichen (jetzt M)" for a text over its limit, else nothing. */
export const tooLongMessage = (value: string | null | undefined, max: number | null | undefined): string | undefined =>
  max && value && value.length > max ? i18n.t('errors.tooLongNow', { max, count: value.length }) : undefined;

/**
 * The limit of a text input without HTML `maxlength` (which cuts a paste silently, issue 20 item 11): a counter near the
 * limit in the description, and a field error naming the limit once it is passed — nothing typed or pasted is lost.
 * Spread into a Mantine TextInput or Textarea: `{...limitProps(value, 200, { error })}`.
 */
export function limitProps(
  value: string | null | undefined,
  max: number | null | undefined,
  opts: { description?: ReactNode; error?: ReactNode; testId?: string } = {},
): { description?: ReactNode; error?: ReactNode } {
  const length = value?.length ?? 0;
  const counter =
    max && nearLimit(length, max) ? (
      <span data-testid={opts.testId ? `counter-${opts.testId}` : undefined} style={length > max ? { color: 'var(--mantine-color-error)' } : undefined}>
        {length} / {max}
      </span>
    ) : null;
  const description = counter && opts.description ? [opts.description, ' · ', counter] : (counter ?? opts.description);
  return { description, error: tooLongMessage(value, max) ?? opts.error };
}
