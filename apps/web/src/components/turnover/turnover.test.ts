import { describe, expect, it } from 'vitest';
import { monthSeries, quarterSeries, yearComparison } from './turnover';

const rows = [
  { jahr: 2025, monat: 3, summe: 100 },
  { jahr: 2025, monat: 4, summe: 50 },
  { jahr: 2026, monat: 1, summe: 10 },
  { jahr: 2026, monat: 3, summe: 20 },
  { jahr: 2026, monat: 4, summe: 30 },
  { jahr: 2026, monat: 11, summe: 40 },
];

describe('address turnover cards', () => {
  it('[ADR-022] month labels start at the fiscal-year start month', () => {
    const s = monthSeries(rows, { year: 2026, month: 11 }, 4);
    expect(s.map((p) => p.monat)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3]);
    expect(s[0]).toEqual({ jahr: 2026, monat: 4, summe: 30 });
    expect(s[9]).toEqual({ jahr: 2027, monat: 1, summe: 0 });
    // before the start month the fiscal year began the year before
    const early = monthSeries(rows, { year: 2026, month: 2 }, 4);
    expect(early[0]).toEqual({ jahr: 2025, monat: 4, summe: 50 });
    expect(early[11]).toEqual({ jahr: 2026, monat: 3, summe: 20 });
    // start 1 is the calendar year
    expect(monthSeries(rows, { year: 2026, month: 6 }, 1).map((p) => p.summe)).toEqual([10, 0, 20, 30, 0, 0, 0, 0, 0, 0, 40, 0]);
  });
  it('[ADR-021] quarters are calendar quarters', () => {
    expect(quarterSeries(rows, 2026)).toEqual([
      { quarter: 1, summe: 30 },
      { quarter: 2, summe: 30 },
      { quarter: 3, summe: 0 },
      { quarter: 4, summe: 40 },
    ]);
  });
  it('[ADR-019] compares the year with the previous one', () => {
    const c = yearComparison(rows, 2026);
    expect(c.current).toBe(100);
    expect(c.previous).toBe(150);
    expect(c.change).toBeCloseTo(-33.333, 2);
    expect(c.months[2]).toEqual({ monat: 3, current: 20, previous: 100 });
    expect(yearComparison([], 2026).change).toBeNull();
  });
});
