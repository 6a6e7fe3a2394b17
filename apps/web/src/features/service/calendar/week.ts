import dayjs, { type Dayjs } from 'dayjs';

/** The Monday of the week of `d` (weeks start on Monday). */
export const mondayOf = (d: Dayjs) => d.startOf('day').subtract((d.day() + 6) % 7, 'day');

/** ISO 8601 week number (the week with the year's first Thursday is week 1). */
export function isoWeek(d: Dayjs): number {
  const thursday = mondayOf(d).add(3, 'day');
  const firstThursday = mondayOf(dayjs(`${thursday.year()}-01-04`)).add(3, 'day');
  return Math.round(thursday.diff(firstThursday, 'day') / 7) + 1;
}

/** The seven ISO dates of the week starting `monday`. */
export const weekDays = (monday: Dayjs) => Array.from({ length: 7 }, (_, i) => monday.add(i, 'day').format('YYYY-MM-DD'));

/** True when the span [from, to] (date-times or dates) touches the day `iso`. */
export const onDay = (from: string, to: string, iso: string) => dayjs(from).format('YYYY-MM-DD') <= iso && dayjs(to).format('YYYY-MM-DD') >= iso;
