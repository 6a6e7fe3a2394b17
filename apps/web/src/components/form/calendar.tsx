import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import type { Ref } from 'react';

/**
 * The calendars of @mantine/dates, loaded only when one is opened (`DateTextInput`) or a date-time field is shown
 * (`DateTimeField`): viewing a record does not evaluate them (issue 8 item 6, Lighthouse mobile).
 */
export { DatePicker } from '@mantine/dates';

/** One date and time (not a range), as `DateTimeField` uses it. */
export function SingleDateTimePicker(props: DateTimePickerProps<'default'> & { ref?: Ref<HTMLButtonElement> }) {
  return <DateTimePicker {...props} />;
}
