/** A turnover row of /auswertungen/umsatzstatistik (ADR-020). */
export interface TurnoverRow {
  jahr: number;
  monat: number;
  summe: number;
}

export interface MonthPoint {
  jahr: number;
  monat: number;
  summe: number;
}

const sum = (rows: readonly TurnoverRow[], jahr: number, monat: number) =>
  rows.filter((r) => r.jahr === jahr && r.monat === monat).reduce((s, r) => s + r.summe, 0);

/** The fiscal year that contains the date: it starts in `startMonth` of its first calendar year. */
export const fiscalYearOf = (year: number, month: number, startMonth: number) => (month >= startMonth ? year : year - 1);

/**
 * Twelve months of the current fiscal year, starting at the fiscal-year start month (ADR-022):
 * with start 4 the labels run April … March, each with the turnover of its own calendar year.
 */
export function monthSeries(rows: readonly TurnoverRow[], today: { year: number; month: number }, startMonth: number): MonthPoint[] {
  const first = fiscalYearOf(today.year, today.month, startMonth);
  return Array.from({ length: 12 }, (_, i) => {
    const m0 = startMonth - 1 + i;
    const jahr = first + Math.floor(m0 / 12);
    const monat = (m0 % 12) + 1;
    return { jahr, monat, summe: sum(rows, jahr, monat) };
  });
}

/** Calendar quarters Q1..Q4 of a year, independent of the fiscal year (ADR-021). */
export function quarterSeries(rows: readonly TurnoverRow[], year: number): { quarter: number; summe: number }[] {
  return [1, 2, 3, 4].map((q) => ({ quarter: q, summe: [0, 1, 2].reduce((s, k) => s + sum(rows, year, (q - 1) * 3 + k + 1), 0) }));
}

/** Month by month of a calendar year against the previous one, with both totals and the change in percent. */
export function yearComparison(rows: readonly TurnoverRow[], year: number) {
  const months = Array.from({ length: 12 }, (_, i) => ({ monat: i + 1, current: sum(rows, year, i + 1), previous: sum(rows, year - 1, i + 1) }));
  const current = months.reduce((s, m) => s + m.current, 0);
  const previous = months.reduce((s, m) => s + m.previous, 0);
  const change = previous === 0 ? null : ((current - previous) / Math.abs(previous)) * 100;
  return { months, current, previous, change };
}
