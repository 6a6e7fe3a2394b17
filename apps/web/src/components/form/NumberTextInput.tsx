import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/locale';
import { formatNumberInput, parseNumber } from '@/lib/parse';

export interface NumberFormatOptions {
  /** Fraction digits (money 2); more are rounded half away from zero. 0 = whole numbers (a fraction is refused). */
  scale?: number;
  /** Always show `scale` digits (money). */
  fixed?: boolean;
  /** Thousands groups (not for identifiers). */
  grouped?: boolean;
  /** More fraction digits than `scale` are passed on as text (the form refuses them) instead of rounded. */
  exact?: boolean;
}

export type NumberTextInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The number, null, or the text a user typed that is not a number (so the form can refuse it). */
  value: number | string | null | undefined;
  onChange: (v: number | string | null) => void;
  format?: NumberFormatOptions;
};

/** The digits after the point a stored number has (a price kept to 4 places shows all 4, never rounded for the eye). */
const decimalsOf = (v: number) => {
  const s = String(v);
  const i = s.indexOf('.');
  return i < 0 || /e/i.test(s) ? 0 : s.length - i - 1;
};

const shown = (v: number | string | null | undefined, f: NumberFormatOptions) =>
  typeof v === 'number' ? formatNumberInput(v, { scale: Math.min(6, Math.max(f.scale ?? 0, decimalsOf(v))), fixed: f.fixed, grouped: f.grouped }) : (v ?? '');

/**
 * A number typed as the user's language writes it (de 1.234,56, en 1,234.56, fr 1 234,56), kept as typed while
 * focused and shown formatted after; nothing is cut, clamped or emptied: text that is no number is passed on as text
 * so the form refuses it with a field error (issue 9 item 2, HTTP-043).
 */
export function NumberTextInput({ value, onChange, onBlur, onFocus, format = {}, ...rest }: NumberTextInputProps) {
  const { i18n } = useTranslation('app');
  const [text, setText] = useState(() => shown(value, format));
  const focused = useRef(false);
  // only text the user changed is read back: passing through a field (Tab) never rewrites its value
  const edited = useRef(false);
  const opts = { scale: format.scale ?? 0, integer: (format.scale ?? 0) === 0, exact: format.exact };

  useEffect(() => {
    if (!focused.current) setText(shown(value, format));
  }, [value, i18n.language]);

  const take = (raw: string) => {
    const parsed = parseNumber(raw, opts, currentLanguage());
    onChange(parsed.ok ? parsed.value : raw);
    return parsed;
  };

  return (
    <TextInput
      {...rest}
      value={text}
      inputMode={opts.integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      onFocus={(e) => {
        focused.current = true;
        edited.current = false;
        onFocus?.(e);
      }}
      onChange={(e) => {
        edited.current = true;
        setText(e.currentTarget.value);
        take(e.currentTarget.value);
      }}
      onBlur={(e) => {
        focused.current = false;
        if (edited.current) {
          const parsed = take(text);
          if (parsed.ok) setText(shown(parsed.value, format));
        } else setText(shown(value, format));
        onBlur?.(e);
      }}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
