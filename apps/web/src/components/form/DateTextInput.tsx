import { ActionIcon, Loader, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/locale';
import { datePlaceholder, formatDateInput, parseDate } from '@/lib/parse';

/** The calendar is loaded when it is first opened, not with the form (the view of a record does not need it). */
const DatePicker = lazy(() => import('./calendar').then((m) => ({ default: m.DatePicker })));

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** True for a value that is a stored date (ISO); anything else non-empty is text the user typed that is not a date. */
export const isIsoDate = (v: unknown): v is string => typeof v === 'string' && ISO.test(v);

const shown = (v: string | null | undefined) => (isIsoDate(v) ? formatDateInput(v) : (v ?? ''));

export type DateTextInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** ISO `YYYY-MM-DD`, null, or the text a user typed that is not a date (so the form can refuse it). */
  value: string | null | undefined;
  onChange: (v: string | null) => void;
  clearable?: boolean;
};

/**
 * A date typed as the user's language writes it (de 31.12.2026, 1.2.26, 31122026; en 12/31/2026; fr 31/12/2026) or
 * picked from a calendar, stored as ISO (issue 9 item 1). Text that is no date is passed on unchanged — never guessed,
 * never emptied — so the form marks it. Escape closes the calendar only, not a surrounding dialog (item 10).
 */
export function DateTextInput({ value, onChange, onBlur, onFocus, clearable: _clearable, readOnly, disabled, ...rest }: DateTextInputProps) {
  const { i18n, t } = useTranslation('app');
  const lang = currentLanguage();
  const [text, setText] = useState(() => shown(value));
  const [open, setOpen] = useState(false);
  const focused = useRef(false);

  // a value set from outside (reset, server) or a language switch shows in the user's writing
  useEffect(() => {
    if (!focused.current) setText(shown(value));
  }, [value, i18n.language]);

  const take = (raw: string) => {
    const parsed = parseDate(raw, lang);
    onChange(parsed.ok ? parsed.value : raw);
    return parsed;
  };

  return (
    <Popover opened={open} onChange={setOpen} position="bottom-start" withinPortal trapFocus={false} shadow="md">
      <Popover.Target>
        {/* the target gets aria-haspopup/aria-expanded: allowed on a combobox, not on a plain textbox (axe aria-allowed-attr) */}
        <TextInput
          role="combobox"
          {...rest}
          readOnly={readOnly}
          disabled={disabled}
          value={text}
          placeholder={readOnly ? undefined : (rest.placeholder ?? datePlaceholder(lang))}
          inputMode="numeric"
          autoComplete="off"
          // the dialog around leaves Escape to the open calendar (Mantine's modal checks this attribute)
          data-mantine-stop-propagation={open ? 'true' : undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) setOpen(false);
            rest.onKeyDown?.(e);
          }}
          onFocus={(e) => {
            focused.current = true;
            onFocus?.(e);
          }}
          onChange={(e) => {
            setText(e.currentTarget.value);
            take(e.currentTarget.value);
          }}
          onBlur={(e) => {
            focused.current = false;
            const parsed = take(text);
            if (parsed.ok) setText(formatDateInput(parsed.value, lang));
            onBlur?.(e);
          }}
          rightSection={
            readOnly || disabled ? undefined : (
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setOpen((o) => !o)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape' && open) setOpen(false);
                }}
                aria-label={t('form.openCalendar')}
                data-testid="date-calendar"
                data-mantine-stop-propagation={open ? 'true' : undefined}
              >
                <IconCalendar size={16} />
              </ActionIcon>
            )
          }
        />
      </Popover.Target>
      <Popover.Dropdown
        data-mantine-stop-propagation="true"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <Suspense fallback={<Loader size="sm" m="md" />}>
          <DatePicker
            locale={lang}
            value={isIsoDate(value) ? value : null}
            defaultDate={isIsoDate(value) ? value : undefined}
            __stopPropagation
            onChange={(d) => {
              const iso = d ? String(d).slice(0, 10) : null;
              onChange(iso);
              setText(formatDateInput(iso, lang));
              setOpen(false);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
