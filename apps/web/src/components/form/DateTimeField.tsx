import { TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { type BaseFieldProps, useField } from './use-field';

/** The picker is loaded with the first date-time field shown; until then the field shows its value as text. */
const DateTimePicker = lazy(() => import('./calendar').then((m) => ({ default: m.SingleDateTimePicker })));

const FORMAT = 'DD.MM.YYYY HH:mm';

/** Date and time shown as DD.MM.YYYY HH:mm, stored as ISO 8601 with offset. */
export function DateTimeField(props: BaseFieldProps) {
  const { field, common } = useField(props);
  const value = field.value ? dayjs(field.value as string).format('YYYY-MM-DD HH:mm:ss') : null;
  return (
    <Suspense fallback={<TextInput {...common} value={value ? dayjs(value).format(FORMAT) : ''} readOnly />}>
      <DateTimePicker
        {...common}
        ref={field.ref}
        name={field.name}
        value={value}
        onChange={(v) => field.onChange(v ? dayjs(v).format() : null)}
        onBlur={field.onBlur}
        valueFormat={FORMAT}
        popoverProps={{ withinPortal: true }}
      />
    </Suspense>
  );
}
