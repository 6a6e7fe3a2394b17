import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isoWeek, mondayOf, onDay, weekDays } from './week';

describe('week of the calendar', () => {
  it('starts on Monday and has seven days', () => {
    expect(mondayOf(dayjs('2026-11-26')).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(mondayOf(dayjs('2026-11-29')).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(mondayOf(dayjs('2026-11-23')).format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(weekDays(dayjs('2026-11-23'))).toHaveLength(7);
  });
  it('numbers weeks as ISO 8601', () => {
    expect(isoWeek(dayjs('2026-11-26'))).toBe(48);
    expect(isoWeek(dayjs('2026-01-01'))).toBe(1);
    expect(isoWeek(dayjs('2027-01-01'))).toBe(53);
    expect(isoWeek(dayjs('2024-12-30'))).toBe(1);
  });
  it('places spans on the days they touch', () => {
    expect(onDay('2026-11-23', '2026-11-25', '2026-11-24')).toBe(true);
    expect(onDay('2026-11-23T08:00:00', '2026-11-23T10:00:00', '2026-11-24')).toBe(false);
  });
});
